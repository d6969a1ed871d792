// A scan job: the URLs to rate and what became of each, kept in ONE state file (jobJournal.ts)
// so the job survives a closed window, a reload or a crash. One process at a time runs a job: a
// lock file beside the state file holds the owner's process id; a lock whose process is gone (a
// crash) is taken over. Pause, resume and cancel are events in the file too, so the next start
// knows. Progress is an event listeners subscribe to.
import * as path from 'node:path';
import * as l10n from '@vscode/l10n';
import { Privacy } from '../client/types';
import { Emitter } from '../lifecycle/emitter';
import { JobFiles, nodeJobFiles } from './jobFiles';
import {
  applyEvent,
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
    try {
      await files.mkdir(path.dirname(file));
      const locked = await lock(file, files);
      if (locked) return locked;
      if ((await files.size(file)) !== undefined) {
        await unlock(file, files);
        return new JobProblem('bad-input', file, l10n.t('{0} already holds a scan; resume it, or remove the file to start over.', file));
      }
      const temp = `${file}.${process.pid}.tmp`;
      await files.writeFile(temp, headerLine(header));
      await files.rename(temp, file);
    } catch (error) {
      return new JobProblem('write-failed', file, l10n.t('The scan state could not be written to {0}: {1}', file, describe(error)));
    }
    const items = header.urls.map((url): JobItem => ({ url, state: 'todo' }));
    return new ScanJob(file, header, items, header.urls.length ? 'running' : 'done', files);
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
    const lines = text.split('\n');
    const header = readHeader(lines[0]);
    if (!header || header.urls.length > MAX_JOB_URLS) {
      return new JobProblem('unreadable', file, l10n.t('{0} is not a scan state this extension can read; it was left as it is.', file));
    }
    const items = header.urls.map((url): JobItem => ({ url, state: 'todo' }));
    let status: JobStatus = 'running';
    for (const line of lines.slice(1)) {
      if (!line) continue;
      const event = readEvent(line, items.length);
      if (!event) continue; // cut by a crash, or not ours: the events around it still count
      status = applyEvent(items, event) ?? status;
    }
    settleInterrupted(items);
    let locked: JobProblem | undefined;
    try {
      locked = await lock(file, files);
    } catch (error) {
      return new JobProblem('write-failed', file, l10n.t('The scan state could not be written to {0}: {1}', file, describe(error)));
    }
    if (locked) return locked;
    const job = new ScanJob(file, header, items, status, files);
    if (status === 'running' && job.counts().todo === 0) job.statusNow = 'done';
    return job;
  }

  get status(): JobStatus {
    return this.statusNow;
  }

  counts(): JobCounts {
    const counts: JobCounts = { total: this.items.length, done: 0, failed: 0, todo: 0, inFlight: 0 };
    for (const item of this.items) {
      counts[item.state]++;
      if (item.sendingAt !== undefined) counts.inFlight++;
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
    await unlock(this.file, this.files).catch(() => undefined);
  }

  /** Releases the lock and removes the state file (a finished or cancelled job the user is done with). */
  async remove(): Promise<void> {
    await this.writing.catch(() => undefined);
    await this.files.unlink(this.file);
    await this.release();
  }

  /** Appends an event to the file (after the earlier ones) and applies it; rejects when the write fails. */
  record(event: JobEvent): Promise<void> {
    const write = this.writing.then(() => this.files.append(this.file, eventLine(event)));
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

const lockFile = (file: string) => `${file}.lock`;

/** Takes the job's lock; a problem when another live process holds it. */
async function lock(file: string, files: JobFiles): Promise<JobProblem | undefined> {
  const mine = JSON.stringify({ pid: process.pid });
  for (let attempt = 0; attempt < 2; attempt++) {
    if (await files.createExclusive(lockFile(file), mine)) return undefined;
    const holder = await files.readText(lockFile(file));
    const pid = holderPid(holder);
    if (pid === process.pid) {
      return new JobProblem('locked', file, l10n.t('This scan is already running here.'));
    }
    if (pid !== undefined && isAlive(pid)) {
      return new JobProblem('locked', file, l10n.t('This scan is being run by another window or process (process {0}).', pid));
    }
    // Its owner is gone (a crash): the lock is stale.
    await files.unlink(lockFile(file));
  }
  return new JobProblem('locked', file, l10n.t('The lock of {0} could not be taken.', file));
}

async function unlock(file: string, files: JobFiles): Promise<void> {
  if (holderPid(await files.readText(lockFile(file))) === process.pid) await files.unlink(lockFile(file));
}

function holderPid(text: string | undefined): number | undefined {
  try {
    const pid = (JSON.parse(text ?? '') as { pid?: unknown }).pid;
    return Number.isInteger(pid) && (pid as number) > 0 ? (pid as number) : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: unknown }).code === 'EPERM';
  }
}

function describe(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : error instanceof Error ? error.message : String(error);
}
