/**
 * A bound on how many pictures are decoded at once, for the whole process. A decode holds the
 * picture's pixels in memory (up to UPLOAD_MAX_PIXELS × 4 bytes before it is scaled down), so
 * sixteen uploads of four large photos each must queue rather than all decode together: the
 * server's memory then grows with the number of slots, not with the number of requests.
 */
export class Slots {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(readonly size: number) {
    if (!Number.isInteger(size) || size < 1) throw new Error(`slots need a positive size, got ${size}`);
  }

  /** Runs `task` when a slot is free, and frees the slot when it settles. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await task();
    } finally {
      // Hand the slot straight to the next in line, so that `running` never dips and lets a newcomer jump the queue.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  /** Decodes running now and waiting, for metrics and tests. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }
}

/**
 * Two at a time: libvips already spreads one decode over every core, so more in parallel only adds
 * memory. Every path that decodes an upload (product, catalog and store images, logos, pictures,
 * documents) goes through these slots.
 */
export const imageDecodes = new Slots(2);
