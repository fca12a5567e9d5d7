import { describe, expect, it } from 'vitest';
import { createCallerMemo } from './caller-memo.js';

describe('caller memo', () => {
  const setup = (options: { ttlMs?: number; maxEntries?: number } = {}) => {
    let clock = 0;
    const asked: string[] = [];
    const memo = createCallerMemo(
      async (token) => {
        asked.push(token);
        return token.startsWith('good') ? `user-of-${token}` : null;
      },
      { ...options, now: () => clock },
    );
    return { memo, asked, tick: (ms: number) => (clock += ms) };
  };

  it('asks once per token within its time, and again after it', async () => {
    const t = setup({ ttlMs: 1000 });
    expect(await t.memo('good-1')).toBe('user-of-good-1');
    expect(await t.memo('bad')).toBeNull();
    t.tick(999);
    expect(await t.memo('good-1')).toBe('user-of-good-1');
    expect(await t.memo('bad')).toBeNull();
    expect(t.asked).toEqual(['good-1', 'bad']);
    t.tick(1);
    await t.memo('good-1');
    expect(t.asked).toEqual(['good-1', 'bad', 'good-1']);
  });

  it('forgets the token resolved longest ago past its bound', async () => {
    const t = setup({ maxEntries: 2 });
    await t.memo('good-1');
    await t.memo('good-2');
    await t.memo('good-3');
    await t.memo('good-2');
    await t.memo('good-1');
    expect(t.asked).toEqual(['good-1', 'good-2', 'good-3', 'good-1']);
  });
});
