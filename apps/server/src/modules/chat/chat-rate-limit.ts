import type { Redis } from 'ioredis';
import { AppError } from '../../lib/errors.js';

/**
 * Per-user limits on messages and new conversations (fixed windows). Counters live in Redis in scale
 * mode, so every instance counts against one limit; in process otherwise. Over the limit: 429
 * CHAT_RATE_LIMITED, translated, and nothing is stored.
 */
export interface ChatLimits {
  messagesPerMinute: number;
  conversationsPerHour: number;
}

export class ChatRateLimiter {
  private readonly local = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limits: ChatLimits,
    private readonly redis: Redis | undefined,
  ) {}

  async takeMessage(userId: string): Promise<void> {
    await this.take(`m:${userId}`, this.limits.messagesPerMinute, 60_000);
  }

  async takeConversation(userId: string): Promise<void> {
    await this.take(`c:${userId}`, this.limits.conversationsPerHour, 3_600_000);
  }

  private async take(key: string, max: number, windowMs: number): Promise<void> {
    const count = this.redis ? await this.takeRedis(key, windowMs) : this.takeLocal(key, windowMs);
    if (count > max) throw new AppError('CHAT_RATE_LIMITED');
  }

  private async takeRedis(key: string, windowMs: number): Promise<number> {
    const window = Math.floor(Date.now() / windowMs);
    const redisKey = `tessera-chat-rl:${key}:${window}`;
    const [[, count]] = (await (this.redis as Redis).multi().incr(redisKey).pexpire(redisKey, windowMs).exec()) as [[unknown, number]];
    return count;
  }

  private takeLocal(key: string, windowMs: number): number {
    const now = Date.now();
    const entry = this.local.get(key);
    if (!entry || entry.resetAt <= now) {
      if (this.local.size > 100_000) this.sweep(now);
      this.local.set(key, { count: 1, resetAt: now + windowMs });
      return 1;
    }
    entry.count++;
    return entry.count;
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.local) if (entry.resetAt <= now) this.local.delete(key);
  }

  async close(): Promise<void> {
    await this.redis?.quit().catch(() => undefined);
  }
}
