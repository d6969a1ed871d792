// A scan job: the URLs to rate and what became of each, kept in ONE state file (jobJournal.ts)
// so the job survives a closed window, a reload or a crash. One process at a time runs a job: it
// holds core/files' lock beside the state file (a lock whose process is gone — a crash — is taken
// over, by exactly one of any number of takers). The header is written with core/files' atomic
// write, the events with its journal. Pause, resume and cancel are events in the file too, so the
// next start knows. Progress is an event listeners subscribe to.
import * as path from 'node:path';
import * as l10n from '@vscode/l10n';
import { Privacy } from '../client/types';
import { Emitter } from '../lifecycle/emitter';
import { writeAtomically } from '../files/atomicWrite';
import { appendLines, headedJournal } from '../files/journal';
import { HeldLock, tryLock } from '../files/lock';
import { JobFiles, nodeJobFiles } from './jobFiles';
import {
  applyEvent,
  EVENT_START,
  eventLine,
  headerLine,
  JOB_FORMAT,
  JOB_VERSION,
  JobEvent,
  JobHeader,
  JobItem,
  JobStatus,
  readEvent,
  readHeader,
  settleInterrupted,
} from './jobJournal';
import { MAX_JOB_URLS, MAX_STATE_BYTES } from './scanLimits';

export interface JobCounts {
  total: number;
  done: number;
  failed: number;
  todo: number;
  /** Creates sent and not answered yet. */
  inFlight: number;
  /** URLs to do whose last send has no known outcome (the run before stopped): looked for on the service first. */
  unanswered: number;
}

export interface ScanProgress extends JobCounts {
  status: JobStatus;
  /** The URL that just settled, when one did. */
  url?: string;
}

export type JobProblemKind = 'unreadable' | 'locked' | 'too-large' | 'write-failed' | 'bad-input';

export class JobProblem {
  constructor(
    readonly kind: JobProblemKind,
    readonly file: string,
    readonly message: string,
  ) {}
}

export interface NewJob {
  input: string;
  urls: readonly string[];
  privacy: Privacy;
  found?: number;
  skippedBefore?: number;
}

export class ScanJob {
  private readonly progress = new Emitter<[ScanProgress]>();
  readonly onProgress = this.progress.event;
  private statusNow: JobStatus;
  private released = false;
  private lock!: HeldLock;
  /** Writes go one after another, in order. */
  private writing: Promise<void> = Promise.resolve();

  private constructor(
    readonly file: string,
    readonly header: JobHeader,
    readonly items: JobItem[],
    status: JobStatus,
    private readonly files: JobFiles,
  ) {
    this.statusNow = status;
  }

  /** Creates the state file (replacing none: an existing job file is a problem) and holds its lock. */
  static async create(file: string, job: NewJob, files: JobFiles = nodeJobFiles): Promise<ScanJob | JobProblem> {
    if (job.urls.length > MAX_JOB_URLS) {
      return new JobProblem('bad-input', file, l10n.t('A scan holds at most {0} URLs; {1} were given.', MAX_JOB_URLS, job.urls.length));
    }
    if (job.privacy !== 0 && job.privacy !== 1 && job.privacy !== 2) {
      return new JobProblem('bad-input', file, l10n.t('Privacy must be 0, 1 or 2.'));
    }
    const header: JobHeader = {
      format: JOB_FORMAT,
      version: JOB_VERSION,
      input: job.input,
      createdAt: new Date().toISOString(),
      privacy: job.privacy,
      found: job.found ?? job.urls.length,
      skippedBefore: job.skippedBefore ?? 0,
      urls: [...job.urls],
    };
    let held: HeldLock | undefined;
    try {
      await files.mkdir(path.dirname(file));
      const locked = await lock(file, files);
      if (locked instanceof JobProblem) return locked;
      held = locked;
      if ((await files.size(file)) !== undefined) {
        await held.release();
        return new JobProblem('bad-input', file, l10n.t('{0} already holds a scan; resume it, or remove the file to start over.', file));
      }
      await writeAtomically(file, headerLine(header), files);
    } catch (error) {
      await held?.release().catch(() => undefined);
      return new JobProblem('write-failed', file, l10n.t('The scan state could not be written to {0}: {1}', file, describe(error)));
    }
    const items = header.urls.map((url): JobItem => ({ url, state: 'todo' }));
    const made = new ScanJob(file, header, items, header.urls.length ? 'running' : 'done', files);
    made.lock = held;
    return made;
  }

  /** The job in `file` with what is done and to do, or undefined when there is none; holds its lock. */
  static async load(file: string, files: JobFiles = nodeJobFiles): Promise<ScanJob | JobProblem | undefined> {
    let text: string | undefined;
    try {
      const size = await files.size(file);
      if (size === undefined) return undefined;
      if (size > MAX_STATE_BYTES) {
        return new JobProblem(
          'too-large',
          file,
          l10n.t('{0} is larger than {1} MB; it is not a scan state this extension wrote.', file, MAX_STATE_BYTES / 1024 / 1024),
        );
      }
      text = await files.readText(file);
    } catch (error) {
      return new JobProblem('unreadable', file, l10n.t('{0} could not be read: {1}', file, describe(error)));
    }
    if (text === undefined) return undefined;
    // The events after the header: whole lines, a line torn by a crash read from where it restarts.
    const { head, lines: events } = headedJournal(text, [EVENT_START]);
    const header = readHeader(head);
    if (!header || header.urls.length > MAX_JOB_URLS) {
      return new JobProblem('unreadable', file, l10n.t('{0} is not a scan state this extension can read; it was left as it is.', file));
    }
    const items = header.urls.map((url): JobItem => ({ url, state: 'todo' }));
    let status: JobStatus = 'running';
    for (const line of events) {
      const event = readEvent(line, items.length);
      if (!event) continue; // cut by a crash, or not ours: the events around it still count
      status = applyEvent(items, event) ?? status;
    }
    settleInterrupted(items);
    let locked: HeldLock | JobProblem;
    try {
      locked = await lock(file, files);
    } catch (error) {
      return new JobProblem('write-failed', file, l10n.t('The scan state could not be written to {0}: {1}', file, describe(error)));
    }
    if (locked instanceof JobProblem) return locked;
    const job = new ScanJob(file, header, items, status, files);
    job.lock = locked;
    if (status === 'running' && job.counts().todo === 0) job.statusNow = 'done';
    return job;
  }

  get status(): JobStatus {
    return this.statusNow;
  }

  counts(): JobCounts {
    const counts: JobCounts = { total: this.items.length, done: 0, failed: 0, todo: 0, inFlight: 0, unanswered: 0 };
    for (const item of this.items) {
      counts[item.state]++;
      if (item.sendingAt !== undefined) counts.inFlight++;
      else if (item.state === 'todo' && item.unanswered) counts.unanswered++;
    }
    return counts;
  }

  /** Stops taking new URLs; creates in flight finish. Kept in the file. */
  pause(): Promise<void> {
    return this.setStatus('paused');
  }

  /** Back to running (run the job again to continue). */
  resume(): Promise<void> {
    return this.setStatus('running');
  }

  /** Ends the job: nothing more is sent; creates in flight are stopped (and looked for on the service). */
  cancel(): Promise<void> {
    return this.setStatus('cancelled');
  }

  /** Failed URLs go back to the queue. */
  async retryFailed(): Promise<void> {
    await this.record({ e: 'retry' });
    if (this.statusNow === 'done' && this.counts().todo > 0) await this.setStatus('running');
  }

  /** Gives up the lock (the job stays in its file). */
  async release(): Promise<void> {
    if (this.released) return;
    this.released = true;
    await this.writing.catch(() => undefined);
    await this.lock.release().catch(() => undefined);
  }

  /** Releases the lock and removes the state file (a finished or cancelled job the user is done with). */
  async remove(): Promise<void> {
    await this.writing.catch(() => undefined);
    await this.files.unlink(this.file);
    await this.release();
  }

  /**
   * Appends an event to the file (after the earlier ones) and applies it; rejects when the write
   * fails. A `send` (the intent to create, written before the request leaves) is on the disk first.
   */
  record(event: JobEvent): Promise<void> {
    const durable = event.e === 'send';
    const write = this.writing.then(() => appendLines(this.files, this.file, [eventLine(event)], { durable }));
    this.writing = write.catch(() => undefined);
    return write.then(() => {
      const status = applyEvent(this.items, event);
      if (status) this.statusNow = status;
    });
  }

  /** Tells the listeners where the job is. */
  report(url?: string): void {
    this.progress.fire({ ...this.counts(), status: this.statusNow, url });
  }

  private async setStatus(status: JobStatus): Promise<void> {
    if (this.statusNow === status || this.statusNow === 'cancelled') return;
    await this.record({ e: 'status', s: status });
    this.report();
  }
}

/** Loads the job in `file`: see ScanJob.load. */
export function loadJob(file: string, files?: JobFiles): Promise<ScanJob | JobProblem | undefined> {
  return ScanJob.load(file, files);
}

/** Creates a job in `file`: see ScanJob.create. */
export function createJob(file: string, job: NewJob, files?: JobFiles): Promise<ScanJob | JobProblem> {
  return ScanJob.create(file, job, files);
}

/** Takes the job's lock (core/files/lock.ts): stale only when its holder's process is gone. */
async function lock(file: string, files: JobFiles): Promise<HeldLock | JobProblem> {
  const got = await tryLock(files, `${file}.lock`);
  if ('held' in got) return got.held;
  const holder = got.busy;
  if (holder?.here) return new JobProblem('locked', file, l10n.t('This scan is already running here.'));
  if (holder) {
    return new JobProblem('locked', file, l10n.t('This scan is being run by another window or process (process {0}).', holder.pid));
  }
  return new JobProblem('locked', file, l10n.t('The lock of {0} could not be taken.', file));
}

function describe(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : error instanceof Error ? error.message : String(error);
}
