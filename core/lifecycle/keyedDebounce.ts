// Work per key (a document's URI) run once its input pauses: each new call for a key restarts
// that key's wait, and dispose cancels every wait. The editor's document scans and workspace
// index edits share it.
export class KeyedDebounce {
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(private readonly delayMs: number) {}

  /** Runs `work` for `key` once `delayMs` pass without another call for the same key. */
  schedule(key: string, work: () => void): void {
    clearTimeout(this.timers.get(key));
    this.timers.set(
      key,
      setTimeout(() => {
        this.timers.delete(key);
        work();
      }, this.delayMs),
    );
  }

  dispose(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
