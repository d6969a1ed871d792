// The history of report runs as the rest of the extension uses it: records the runs of the
// records the client reads (in the background, one after another, so a list page never waits for
// the disk), and answers "what changed" for a report. The store is made on first use, never at
// activation. A history that cannot be read or written (a full disk, no storage folder) only
// logs: every report surface works without it.
import { oversizedOf, type Report } from '../client/types';
import { changedChecks, diffRuns, type RunDiff } from './diff';
import { trendSince } from './changeWords';
import { identityOf } from './lineFormat';
import { snapshotOf, type RunSnapshot } from './snapshot';
import type { HistoryStore } from './historyStore';
import { ownField, textOf } from '../text/safeText';

/** Records waiting to be written at most; past it, runs are not recorded (and that is logged). */
export const MAX_PENDING_RECORDS = 2_000;

export type HistoryLog = (level: 'info' | 'warn' | 'error', message: string) => void;

/** The change of a URL's newest run (or of one run) against the run before it, or a picked one. */
export interface RunChange {
  url: string;
  /** Every run of the URL, oldest first. */
  runs: RunSnapshot[];
  /** Index into `runs` of the run compared with, and of the run it is compared to. */
  previousIndex: number;
  currentIndex: number;
  previous: RunSnapshot;
  current: RunSnapshot;
  diff: RunDiff;
  /** Checks whose state differs (passed, failed, not checked). */
  changed: string[];
}

/** Whether a record shows a run worth keeping: an analysis time or checks, and all of it. */
export function carriesRun(record: unknown): boolean {
  if (typeof record !== 'object' || record === null) return false;
  if (oversizedOf(record as Report)) return false;
  const results = ownField(record, 'results');
  return textOf(ownField(record, 'generated_at')) !== '' || (typeof results === 'object' && results !== null);
}

export class RunHistory {
  private store: HistoryStore | undefined;
  private opened = false;
  private queue: Promise<void> = Promise.resolve();
  private pending = 0;
  private warnedFull = false;

  constructor(
    /** Makes the store (called once, on first use); undefined when there is nowhere to keep it. */
    private readonly open: () => HistoryStore | undefined,
    private readonly log: HistoryLog,
  ) {}

  private storeOf(): HistoryStore | undefined {
    if (!this.opened) {
      this.opened = true;
      try {
        this.store = this.open();
      } catch (error) {
        this.log('warn', `The report history is off: ${String(error)}`); // l10n-exempt: a log line
      }
    }
    return this.store;
  }

  /** Records the runs these records show; resolves once they are written (or given up). */
  record(origin: string, records: readonly unknown[]): Promise<void> {
    const worth = records.filter(carriesRun);
    if (worth.length === 0) return this.queue;
    if (this.pending + worth.length > MAX_PENDING_RECORDS) {
      if (!this.warnedFull) this.log('warn', `The report history is behind; ${worth.length} runs were not recorded.`); // l10n-exempt: a log line
      this.warnedFull = true;
      return this.queue;
    }
    this.pending += worth.length;
    this.queue = this.queue.then(async () => {
      const store = this.storeOf();
      for (const record of worth) {
        try {
          if (store) await store.record(origin, record);
        } catch (error) {
          this.log('warn', `A run could not be recorded in the report history: ${String(error)}`); // l10n-exempt: a log line
        } finally {
          this.pending--;
        }
      }
      if (this.pending === 0) this.warnedFull = false;
    });
    return this.queue;
  }

  /** The runs of a URL at a service, oldest first (none when the history cannot be read). */
  async runs(origin: string, url: string): Promise<RunSnapshot[]> {
    await this.queue;
    const store = this.storeOf();
    if (!store) return [];
    try {
      return await store.runsFor(origin, url);
    } catch (error) {
      this.log('warn', `The report history could not be read: ${String(error)}`); // l10n-exempt: a log line
      return [];
    }
  }

  /**
   * What changed with the run `record` shows (recorded first, if it is not yet): against the run
   * before it, or against the run at `compareWith` (an index into the runs). Undefined when there
   * is no earlier run.
   */
  async changeOf(origin: string, record: unknown, compareWith?: number): Promise<RunChange | undefined> {
    const url = textOf(ownField(record, 'url'));
    if (url === '') return undefined;
    await this.record(origin, [record]);
    const runs = await this.runs(origin, url);
    const identity = carriesRun(record) ? identityOf(snapshotOf(record)) : undefined;
    let currentIndex = runs.length - 1;
    if (identity !== undefined) {
      const at = runs.findIndex((run) => identityOf(run) === identity);
      if (at >= 0) currentIndex = at;
    }
    return changeAt(url, runs, currentIndex, compareWith);
  }

  /** The newest run of a URL against the one before it (tooltips, hovers, "Copy Changes"). */
  async latestChange(origin: string, url: string, compareWith?: number): Promise<RunChange | undefined> {
    const runs = await this.runs(origin, url);
    return changeAt(url, runs, runs.length - 1, compareWith);
  }

  /** "63 → 81 (+18) against the run 2 days ago" for a URL, when the history holds two runs of it. */
  async trendOf(origin: string | undefined, url: unknown): Promise<string | undefined> {
    if (!origin || typeof url !== 'string' || url === '') return undefined;
    const change = await this.latestChange(origin, url);
    return change ? trendSince(change.previous, change.current) : undefined;
  }

  /** Removes the whole history. Throws what the files throw: the caller says it to the person. */
  async clear(): Promise<void> {
    await this.queue;
    await this.storeOf()?.clear();
  }
}

function changeAt(url: string, runs: RunSnapshot[], currentIndex: number, compareWith?: number): RunChange | undefined {
  if (currentIndex < 1) return undefined;
  const previousIndex =
    compareWith !== undefined && Number.isInteger(compareWith) && compareWith >= 0 && compareWith < currentIndex
      ? compareWith
      : currentIndex - 1;
  const previous = runs[previousIndex];
  const current = runs[currentIndex];
  return {
    url,
    runs,
    previousIndex,
    currentIndex,
    previous,
    current,
    diff: diffRuns(previous, current),
    changed: changedChecks(previous, current),
  };
}
