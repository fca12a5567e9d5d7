import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'fastify/types/logger.js';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type Log = (...args: unknown[]) => void;
/** What the lazy logger needs of its parent (pino's logger has it). */
type Parent = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };

/**
 * A request's logger, bound to its id like Fastify's own (`reqId`), but made on the request's first
 * line that the level lets through. Fastify makes a pino child per request, which copies the
 * parent and serialises the bindings (about half a microsecond in a loop, 2–3 % of an authenticated
 * read's profile) although at the production level (warn) almost no request logs anything.
 * Lines logged go through the real child, so they carry the same bindings, redaction and
 * serialisers as before.
 */
class LazyRequestLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: Parent,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get real(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings, this.options));
  }

  get level(): string {
    return this.made?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real.level = level;
  }

  private log(level: Level, args: unknown[]): void {
    // A route's own level (options.level) decides for itself: make the child and ask it.
    if (this.made === undefined && this.options.level === undefined && !this.parent.isLevelEnabled(level)) return;
    (this.real[level] as Log)(...args);
  }

  fatal(...args: unknown[]): void {
    this.log('fatal', args);
  }
  error(...args: unknown[]): void {
    this.log('error', args);
  }
  warn(...args: unknown[]): void {
    this.log('warn', args);
  }
  info(...args: unknown[]): void {
    this.log('info', args);
  }
  debug(...args: unknown[]): void {
    this.log('debug', args);
  }
  trace(...args: unknown[]): void {
    this.log('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real.child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: the request's logger, made when first used (see LazyRequestLogger). */
export function lazyRequestLogger(this: unknown, parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  return new LazyRequestLogger(parent as Parent, bindings, options) as unknown as FastifyBaseLogger;
}
