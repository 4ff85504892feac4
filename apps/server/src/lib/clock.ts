export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests can move. */
export function fixedClock(start: Date = new Date()): Clock & { advance(ms: number): void; set(d: Date): void } {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (d) => {
      current = d.getTime();
    },
  };
}

/** A clock that runs with the system's, moved ahead by an offset (the dev clock: docs/payments.md, "repeating invoices"). */
export interface MovableClock extends Clock {
  /** Moves it ahead; never back. */
  advance(ms: number): void;
  /** Back to the system's time. */
  reset(): void;
  offsetMs(): number;
}

export function movableClock(base: Clock = systemClock): MovableClock {
  let offset = 0;
  return {
    now: () => new Date(base.now().getTime() + offset),
    advance: (ms) => {
      if (!(ms > 0)) throw new Error('the clock only moves ahead');
      offset += ms;
    },
    reset: () => {
      offset = 0;
    },
    offsetMs: () => offset,
  };
}
