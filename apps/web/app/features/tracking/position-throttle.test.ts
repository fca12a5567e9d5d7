import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPositionThrottle } from './position-throttle';

describe('the driver position throttle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends the first position at once, then at most one per interval, always the latest', async () => {
    const sent: number[] = [];
    const throttle = createPositionThrottle<number>({ intervalMs: 5000, send: async (value) => void sent.push(value) });
    throttle.push(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([1]);
    throttle.push(2);
    throttle.push(3);
    await vi.advanceTimersByTimeAsync(4000);
    expect(sent).toEqual([1]);
    await vi.advanceTimersByTimeAsync(1000);
    // 2 was replaced by 3 before its turn: only the latest goes.
    expect(sent).toEqual([1, 3]);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(sent).toEqual([1, 3]);
    throttle.push(4);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([1, 3, 4]);
  });

  it('sends nothing after stop', async () => {
    const sent: number[] = [];
    const throttle = createPositionThrottle<number>({ intervalMs: 5000, send: async (value) => void sent.push(value) });
    throttle.push(1);
    throttle.push(2);
    throttle.stop();
    throttle.push(3);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sent).toEqual([1]);
  });

  it('keeps going after a failed send', async () => {
    const sent: number[] = [];
    const errors: unknown[] = [];
    let fail = true;
    const throttle = createPositionThrottle<number>({
      intervalMs: 1000,
      send: async (value) => {
        if (fail) {
          fail = false;
          throw new Error('offline');
        }
        sent.push(value);
      },
      onError: (error) => errors.push(error),
    });
    throttle.push(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(errors).toHaveLength(1);
    throttle.push(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent).toEqual([2]);
  });
});
