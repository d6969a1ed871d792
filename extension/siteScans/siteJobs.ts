// Scan jobs in the editor: a site's sitemap scan and the workspace's "Report All Unrated" run as
// the same persistent job (core/sites), kept in the extension's global storage so a closed window,
// a reload or a crash loses nothing. One job runs at a time; its progress shows in a notification
// and the status bar; pause keeps its queue, cancel ends it. On the next start the editor asks
// whether to resume a job that did not finish (a password, never stored, is asked again); a job
// whose every URL ended is finished, and offers only Retry Failed for its failures.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Privacy } from '../../core/client/types';
import {
  createJob,
  describeScanResult,
  JobProblem,
  leftOver,
  loadJob,
  resultOf,
  runScan,
  type ScanJob,
  type ScanResult,
} from '../../core/sites';
import { Disposable } from '../../core/lifecycle/disposables';
import { plainText } from '../../core/text/plainText';
import { COMMAND } from '../ids';
import { CommandContext } from '../shared/context';
import { reportFailure } from '../shared/feedback';
import { newStateFile, pendingStateFiles, scansDir } from './scanFiles';
import { askResume, askResumePaused, askRetryFailed, askRunning, passwordFor } from './scanOffers';

/** What a scan command returns. */
export interface ScanSummary {
  found: number;
  created: number;
  skipped: number;
  failed: number;
}

const NOTHING: ScanSummary = { found: 0, created: 0, skipped: 0, failed: 0 };

export class SiteJobs extends Disposable {
  private running?: { job: ScanJob; controller: AbortController };
  /** Finished jobs whose Retry Failed question is showing: not offered a second time meanwhile. */
  private readonly retryShown = new Set<string>();
  private told?: ReturnType<typeof setTimeout>;
  private readonly status = vscode.window.createStatusBarItem('webReports.scan', vscode.StatusBarAlignment.Left, 0);

  constructor(
    private readonly ctx: CommandContext,
    private readonly storage: vscode.Uri,
    /** A report was created or found by a job (the lookups and the tree hear of it). */
    private readonly onReport: () => void,
  ) {
    super();
    this.status.name = vscode.l10n.t('Website Reports: site scan');
    this.status.command = COMMAND.manageScan;
    this.register(this.status);
  }

  /** Whether a job runs in this window now. */
  get busy(): boolean {
    return this.running !== undefined;
  }

  /** Creates a job for `urls` and runs it to its end (or a pause); returns the counts. */
  async start(
    input: string,
    urls: readonly string[],
    privacy: Privacy,
    password: string | undefined,
    counts: { found: number; skipped: number },
  ): Promise<ScanSummary> {
    const dir = scansDir(this.storage);
    if (!dir) {
      void vscode.window.showErrorMessage(
        vscode.l10n.t("Website Reports: scans need the extension's storage on a local disk; this window has none."),
      );
      return NOTHING;
    }
    if (this.running) {
      void vscode.window.showWarningMessage(vscode.l10n.t('Website Reports: a scan is already running; pause or cancel it first.'));
      return NOTHING;
    }
    const file = newStateFile(dir);
    const job = await createJob(file, { input, urls, privacy, found: counts.found, skippedBefore: counts.skipped });
    if (job instanceof JobProblem) {
      void vscode.window.showErrorMessage(vscode.l10n.t('Website Reports: the scan could not start: {0}', plainText(job.message, 300)));
      return NOTHING;
    }
    return this.run(job, password);
  }

  /** Runs a job with its progress shown; the notification's Cancel pauses it (the queue is kept). */
  private async run(job: ScanJob, password?: string): Promise<ScanSummary> {
    const controller = new AbortController();
    this.running = { job, controller };
    const name = plainText(job.header.input, 80);
    const showStatus = () => {
      const c = job.counts();
      this.status.text = `$(sync~spin) ${c.done + c.failed}/${c.total}`;
      this.status.tooltip = vscode.l10n.t(
        'Website Reports: scanning {0}: {1} of {2} done. Click to pause or cancel.',
        name,
        c.done + c.failed,
        c.total,
      );
      this.status.show();
    };
    showStatus();
    let result: ScanResult;
    try {
      result = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Website Reports: scanning {0}', name), cancellable: true },
        async (progress, token) => {
          token.onCancellationRequested(() => void this.pause());
          const listener = job.onProgress((p) => {
            showStatus();
            progress.report({
              increment: p.url ? 100 / Math.max(1, p.total) : 0,
              message: vscode.l10n.t('{0} of {1}', p.done + p.failed, p.total),
            });
          });
          try {
            return await runScan(job, {
              client: this.ctx.connection.get(),
              actions: this.ctx.actions,
              password,
              signal: controller.signal,
              onReport: () => this.reportsChanged(),
            });
          } finally {
            listener.dispose();
          }
        },
      );
    } catch (error) {
      await reportFailure(
        this.ctx,
        vscode.l10n.t({ message: 'The site scan', comment: ['an action, as the subject of "… failed"'] }),
        error,
      );
      await job.release();
      return NOTHING;
    } finally {
      this.running = undefined;
      this.status.hide();
    }
    this.onReport();
    await this.finish(job, result, password);
    return { found: result.found, created: result.created, skipped: result.skipped, failed: result.failed };
  }

  /** New reports: the tree and the lookups hear of them at most every few seconds, not per report. */
  private reportsChanged(): void {
    if (this.told) return;
    this.told = setTimeout(() => {
      this.told = undefined;
      this.onReport();
    }, 3000);
  }

  override dispose(): void {
    clearTimeout(this.told);
    void this.pause();
    super.dispose();
  }

  /** Says how the job ended; a finished job's state file is removed, a paused or stopped one kept. */
  private async finish(job: ScanJob, result: ScanResult, password?: string): Promise<void> {
    const words = describeScanResult(result);
    for (const f of result.failures) this.ctx.log.warn(`Scan: report for ${f.url} not created: ${f.reason}`);
    if (result.status === 'done' && result.failed === 0) {
      await job.remove().catch(() => job.release());
      void vscode.window.showInformationMessage(vscode.l10n.t('Website Reports: {0}.', words));
      return;
    }
    if (result.status === 'cancelled') {
      await job.remove().catch(() => job.release());
      void vscode.window.showInformationMessage(vscode.l10n.t('Website Reports: scan cancelled; {0}.', words));
      return;
    }
    if (result.status === 'paused' || result.stopped) {
      await job.release();
      const why = result.stopped ? plainText(result.stopped, 300) : vscode.l10n.t('paused');
      // Not awaited: the command returns its counts now; the answer comes when the person gives it.
      void askResumePaused(why, words).then((resume) => (resume ? this.resumeFile(job.file, password) : undefined));
      return;
    }
    // Every URL ended, some failed: the job is finished, and Retry Failed is the one way to send
    // the failed again. It is released meanwhile; unanswered, it is offered again at the next start.
    await job.release();
    this.offerRetry(job.file, words, job.header.privacy === 2 ? password : undefined);
  }

  /** The one message of a finished job with failures; not awaited (the command returns its counts now). */
  private offerRetry(file: string, words: string, password?: string): void {
    this.retryShown.add(file);
    void askRetryFailed(this.ctx, words).then(async (choice) => {
      this.retryShown.delete(file);
      if (choice === 'details') {
        this.ctx.log.show(true);
        this.offerRetry(file, words, password); // the question stays until it is answered
        return;
      }
      const again = await loadJob(file);
      if (again === undefined || again instanceof JobProblem) return;
      if (choice !== 'retry') {
        await again.remove().catch(() => again.release());
      } else if (this.running) {
        await again.release(); // one job at a time: offered again later
      } else {
        const secret = await passwordFor(again.header.privacy, password);
        if (secret === null) return void (await again.release());
        await again.retryFailed();
        await this.run(again, secret);
      }
    });
  }

  /** Pauses the running job (its queue is kept in its file). */
  async pause(): Promise<void> {
    const running = this.running;
    if (!running) return;
    await running.job.pause();
    running.controller.abort();
  }

  /** Cancels the running job: nothing more is sent. */
  async cancel(): Promise<void> {
    const running = this.running;
    if (!running) return;
    await running.job.cancel();
    running.controller.abort();
  }

  /** Pause, cancel, or resume a job left from before, chosen in a quick pick. */
  async manage(): Promise<void> {
    if (this.running) {
      const choice = await askRunning();
      if (choice === 'pause') await this.pause();
      else if (choice === 'cancel') await this.cancel();
      return;
    }
    if (!(await this.offerResume(true))) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Website Reports: no site scan is running or waiting.'));
    }
  }

  /**
   * Offers each job left from before once: one with URLs still to do is asked to resume (those
   * that failed are not among them); a finished one with failures gives its one message with
   * Retry Failed; one with nothing left is removed. True when one was offered.
   */
  async offerResume(always = false): Promise<boolean> {
    if (this.running) return false;
    for (const file of await pendingStateFiles(scansDir(this.storage))) {
      if (this.retryShown.has(file)) continue; // its message is showing
      const job = await loadJob(file);
      if (job === undefined || job instanceof JobProblem) {
        if (job instanceof JobProblem && job.kind !== 'locked') this.ctx.log.warn(`Scan state ${path.basename(file)}: ${job.message}`);
        continue; // another window runs it, or it is not ours
      }
      const left = leftOver(job);
      if (left === 'nothing') {
        await job.remove().catch(() => job.release());
        continue;
      }
      if (left === 'retry-failed') {
        await job.release();
        this.offerRetry(file, describeScanResult(resultOf(job)));
        return true;
      }
      const c = job.counts();
      const choice = await askResume(this.ctx, plainText(job.header.input, 80), c.todo, c.total, always);
      if (choice === 'resume') {
        const password = await passwordFor(job.header.privacy);
        if (password === null) {
          await job.release();
          return true;
        }
        await this.run(job, password);
      } else if (choice === 'cancel') {
        await job.cancel();
        await job.remove().catch(() => job.release());
      } else await job.release();
      return true;
    }
    return false;
  }

  private async resumeFile(file: string, password?: string): Promise<void> {
    const job = await loadJob(file);
    if (job === undefined || job instanceof JobProblem) return;
    if (this.running) {
      await job.release(); // one job at a time: this one waits for the next start or the scan menu
      return;
    }
    await this.run(job, password);
  }
}
