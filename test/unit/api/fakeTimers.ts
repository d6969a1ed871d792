// A clock and timers the tests move by hand, for the rate gate and its queue: no real waiting.
import { Timers } from '../../../core/client/requestQueue';

interface Pending {
  id: number;
  at: number;
  fn: () => void;
}

export class FakeTimers implements Timers {
  private t = 0;
  private nextId = 1;
  private pending: Pending[] = [];

  now(): number {
    return this.t;
  }

  setTimeout(fn: () => void, ms: number): unknown {
    const id = this.nextId++;
    this.pending.push({ id, at: this.t + Math.max(0, ms), fn });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.pending = this.pending.filter((p) => p.id !== handle);
  }

  /** Moves the clock by `ms`, running each timer that falls due on the way, in order. */
  async advance(ms: number): Promise<void> {
    const target = this.t + ms;
    for (;;) {
      const due = this.pending.filter((p) => p.at <= target).sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!due) break;
      this.pending = this.pending.filter((p) => p !== due);
      this.t = due.at;
      due.fn();
      await settle();
    }
    this.t = target;
    await settle();
  }

  /** When the next timer is due, if any. */
  nextDue(): number | undefined {
    return this.pending.length ? Math.min(...this.pending.map((p) => p.at)) - this.t : undefined;
  }
}

/** Lets resolved promises run their continuations. */
export function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
