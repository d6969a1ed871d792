// The repeating timer behind the view's auto-refresh, injectable so an in-host test can drive the
// schedule tick by tick instead of waiting out the 30-second floor in real time.

export interface IntervalClock {
  setInterval(run: () => void, everyMs: number): unknown;
  clearInterval(handle: unknown): void;
}

/** Node's own timers. */
export const systemClock: IntervalClock = {
  setInterval: (run, everyMs) => setInterval(run, everyMs),
  clearInterval: (handle) => clearInterval(handle as NodeJS.Timeout | undefined),
};
