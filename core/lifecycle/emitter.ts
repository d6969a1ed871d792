// Plain events with isolation: a listener that throws (a panel choking on a record, a bug in a
// view) is reported and skipped, so the emitter's owner (a reload, a delete's bookkeeping) and
// the other listeners carry on. Subscribing returns a disposable, as VS Code's events do.
import { IDisposable, toDisposable } from './disposables';

export type ErrorSink = (error: unknown) => void;

export class Emitter<Args extends unknown[] = []> {
  private readonly listeners = new Set<(...args: Args) => void>();
  /** How many listener calls have thrown, for diagnostics. */
  failures = 0;

  constructor(private readonly onError: ErrorSink = () => undefined) {}

  /** Subscribes `listener`; disposing the result unsubscribes it. */
  readonly event = (listener: (...args: Args) => void): IDisposable => {
    const own = (...args: Args) => listener(...args); // the same function twice is two subscriptions
    this.listeners.add(own);
    return toDisposable(() => this.listeners.delete(own));
  };

  fire(...args: Args): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(...args);
      } catch (error) {
        this.failures++;
        try {
          this.onError(error);
        } catch {
          // The error sink failing too must not break the owner either.
        }
      }
    }
  }
}
