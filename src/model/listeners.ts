// Plain callbacks with isolation: a listener that throws (a panel choking on a record, a bug in a
// view) is reported and skipped, so the model's own work (a reload, a delete's bookkeeping) and
// the other listeners carry on.
export type ErrorSink = (error: unknown) => void;

export class Listeners<Args extends unknown[]> {
  private readonly set = new Set<(...args: Args) => void>();
  /** How many listener calls have thrown, for tests and diagnostics. */
  failures = 0;

  constructor(private readonly onError: ErrorSink) {}

  add(listener: (...args: Args) => void): () => void {
    this.set.add(listener);
    return () => this.set.delete(listener);
  }

  fire(...args: Args): void {
    for (const listener of [...this.set]) {
      try {
        listener(...args);
      } catch (error) {
        this.failures++;
        try {
          this.onError(error);
        } catch {
          // The error sink failing too must not break the model either.
        }
      }
    }
  }
}
