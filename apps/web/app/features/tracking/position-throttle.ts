/**
 * The driver page's position sender (issue #11 §5): the browser may report a position many times a
 * second; the server gets at most one every `intervalMs`, always the latest (a position that came
 * during the pause is sent when it ends, so the last one is never lost). One request at a time.
 */
export function createPositionThrottle<T>(options: {
  intervalMs: number;
  send: (value: T) => Promise<void>;
  onError?: (error: unknown) => void;
  now?: () => number;
}) {
  const now = options.now ?? Date.now;
  let lastSent = -Infinity;
  let pending: { value: T } | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight = false;
  let stopped = false;

  const flush = async () => {
    timer = undefined;
    if (stopped || inFlight || !pending) return;
    const wait = lastSent + options.intervalMs - now();
    if (wait > 0) {
      timer = setTimeout(() => void flush(), wait);
      return;
    }
    const { value } = pending;
    pending = null;
    inFlight = true;
    lastSent = now();
    try {
      await options.send(value);
    } catch (error) {
      // The next position will be sent as usual: a lost one is soon replaced.
      options.onError?.(error);
    } finally {
      inFlight = false;
      if (pending) void flush();
    }
  };

  return {
    push(value: T) {
      if (stopped) return;
      pending = { value };
      if (!timer) void flush();
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
      pending = null;
    },
  };
}
