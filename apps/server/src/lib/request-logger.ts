import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, Level, Logger } from 'pino';

type LogFn = (...args: unknown[]) => void;
const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;

/**
 * A request's logger that makes its pino child (with the request id) only when a line is logged at an enabled level:
 * pino's child serialises and redacts its bindings when made, about 6 % of the app's time per request on a health
 * check (docs/benchmarks.md, "What one request costs"), and most requests log nothing at the usual levels.
 */
class RequestLogger {
  #made: Logger | undefined;
  constructor(
    private readonly parent: Logger,
    private readonly bindingsOf: Bindings,
  ) {}
  private real(): Logger {
    return (this.#made ??= this.parent.child(this.bindingsOf));
  }
  get level(): string {
    return this.#made?.level ?? this.parent.level;
  }
  set level(level: string) {
    this.real().level = level;
  }
  get silent(): LogFn {
    return this.real().silent as LogFn;
  }
  isLevelEnabled(level: string): boolean {
    return (this.#made ?? this.parent).isLevelEnabled(level);
  }
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real().child(bindings, options) as FastifyBaseLogger;
  }
  bindings(): Bindings {
    return this.real().bindings();
  }
}
for (const level of LEVELS) {
  Object.defineProperty(RequestLogger.prototype, level, {
    value(this: RequestLogger, ...args: unknown[]) {
      if (this.isLevelEnabled(level)) (this['real']() as unknown as Record<Level, LogFn>)[level](...args);
    },
  });
}

/** Fastify's `childLoggerFactory`: a lazy child unless the route sets options of its own (a log level). */
export function requestLoggerFactory(logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  if (Object.keys(options).length > 0) return logger.child(bindings, options);
  return new RequestLogger(logger as Logger, bindings) as unknown as FastifyBaseLogger;
}
