// Typed report actions: create (duplicate-proof after a lost answer), change privacy, re-run and
// delete. Commands, panels, hovers and bulk work (through writeQueue.ts) call these; they ask the
// user nothing and show nothing (that is the callers' part), they talk to the API, keep the tree's
// model in step when there is one (the command line has none) and say what happened as a typed
// outcome. One instance lives as long as one connection (service + key): its state — creates in
// flight, lost answers — never outlives a change of either.
import type { CallOptions, ReportsClient } from '../client/client';
import { Privacy, Report, ReportId } from '../client/types';
import { Emitter } from '../lifecycle/emitter';
import { ratingOf } from '../checks/rating';
import type { ReportsModel } from '../list/reportsModel';
import { awaitLost, findMade, LostCreate, LostCreates } from './lostCreates';
import { toApiError } from '../client/errors';
import { CreateInput, CreateOutcome, DeleteOutcome, UpdateOutcome, WriteEvent } from './outcomes';

/** Errors after which the service may have stored a create although no answer came. */
export const AMBIGUOUS: readonly string[] = ['timeout', 'network', 'server', 'cancelled', 'bad-response'];
const DELETE_POOL = 4;

/**
 * A server error the service answered itself (500, 503…), not a gateway's 502 or 504, behind which
 * the service may still be analysing the page: only those are waited out to the create's time limit.
 */
function answeredByService(error: { kind: string; status?: number }): boolean {
  return error.kind === 'server' && error.status !== undefined && error.status !== 502 && error.status !== 504;
}

export interface ActionOptions {
  signal?: AbortSignal;
  priority?: CallOptions['priority'];
}

/** The time limit of a create when the client does not say (the client's default: 4 × 30 s). */
const DEFAULT_CREATE_LIMIT_MS = 120_000;

export interface CreateOptions extends ActionOptions {
  /** An attempt an earlier run sent and never heard back from (a scan's journal): looked for first. */
  previous?: LostCreate;
  /** Report ids known for this URL besides the model's (never taken for what a lost create made). */
  knownIds?: readonly string[];
  /** Just before the POST (a journal writes "sent" first); what it throws ends the create unsent. */
  onSending?(attempt: LostCreate): Promise<void>;
  /** The POST's answer was lost (a journal writes it); what it throws ends the create. */
  onLost?(): Promise<void>;
}

/** What the actions need of the tree's model; the command line has none. */
type Known = Pick<ReportsModel, 'upsert' | 'remove' | 'reportsFor'>;

/** The state of one connection: replaced, not cleared, when the service or key changes. */
class Session {
  readonly inFlight = new Map<string, Promise<CreateOutcome>>();
  readonly lost = new LostCreates();
}

export class ReportActions {
  private session = new Session();
  // One broken listener must not undo the write's bookkeeping for the others: the emitter isolates them.
  private readonly writes = new Emitter<[WriteEvent]>();
  /** This extension changed a report on the service. */
  readonly onDidWrite = this.writes.event;

  constructor(
    /** The client of the current connection; throws a 'not-configured' ApiError when there is none. */
    private readonly client: () => ReportsClient,
    private readonly model?: Known,
  ) {}

  /**
   * Another service or key: creates in flight and lost answers belong to the old one. A create
   * still running for it finishes without touching the model.
   */
  reset(): void {
    this.session = new Session();
  }

  /** Creates a report; a second create of the same URL while one runs joins it. */
  create(input: CreateInput, options: CreateOptions = {}): Promise<CreateOutcome> {
    const session = this.session;
    const running = session.inFlight.get(input.url);
    if (running) return running;
    const outcome = this.createOnce(session, input, options).finally(() => session.inFlight.delete(input.url));
    session.inFlight.set(input.url, outcome);
    return outcome;
  }

  /**
   * Looks once for the report an earlier run's unanswered create of `url` made (a scan's journal):
   * found → recovered (the model and listeners hear of it as of a create); not found → undefined
   * (the create, when sent, looks again first). Never sends.
   */
  async findLost(url: string, previous: LostCreate, options: ActionOptions = {}): Promise<CreateOutcome | undefined> {
    const session = this.session;
    try {
      const made = await findMade(this.client(), url, previous, options.signal);
      if (!made) return undefined;
      if (session === this.session) {
        this.model?.upsert(made);
        this.emit({ kind: 'created', report: made });
      }
      return { kind: 'recovered', report: made };
    } catch (caught) {
      const error = toApiError(caught);
      return error.kind === 'cancelled' ? { kind: 'cancelled' } : { kind: 'failed', error };
    }
  }

  /** Whether a create of this URL is running now. */
  isCreating(url: string): boolean {
    return this.session.inFlight.has(url);
  }

  private async createOnce(session: Session, { url, privacy, password }: CreateInput, options: CreateOptions): Promise<CreateOutcome> {
    const lost = session.lost;
    const settle = (outcome: CreateOutcome & { report: Report }): CreateOutcome => {
      lost.settle(url);
      if (session !== this.session) return outcome;
      this.model?.upsert(outcome.report);
      this.emit({ kind: 'created', report: outcome.report });
      return outcome;
    };
    let client: ReportsClient;
    try {
      client = this.client();
    } catch (error) {
      return { kind: 'failed', error: toApiError(error) };
    }
    const limit = client.analysisTimeoutMs ?? DEFAULT_CREATE_LIMIT_MS;
    if (options.previous) lost.remember(url, options.previous);
    const earlier = lost.get(url);
    if (earlier) {
      // An earlier attempt lost its answer: the service may have stored it, or still be analysing it.
      try {
        const made = await awaitLost(client, url, earlier, limit, options.signal);
        if (made) return settle({ kind: 'recovered', report: made });
      } catch (caught) {
        const error = toApiError(caught);
        return error.kind === 'cancelled' ? { kind: 'cancelled' } : { kind: 'failed', error };
      }
    }
    if (options.signal?.aborted) return { kind: 'cancelled' };
    const attempt: LostCreate = { startedAt: Date.now(), knownIds: this.knownIds(url, options.knownIds) };
    // The attempt's time is when it leaves the queue (a journal writes it then, before it is sent).
    let notWritten: { error: unknown } | undefined;
    const beforeSend = async (): Promise<void> => {
      attempt.startedAt = Math.min(attempt.startedAt, Date.now());
      attempt.lastSentAt = Date.now();
      try {
        await options.onSending?.(attempt);
      } catch (error) {
        notWritten = { error };
        throw error;
      }
    };
    let error;
    try {
      const report = await client.createReport(
        { url, privacy, password },
        { signal: options.signal, priority: options.priority, beforeSend },
      );
      return settle({ kind: 'created', report });
    } catch (caught) {
      if (notWritten) throw notWritten.error;
      error = toApiError(caught);
    }
    if (!AMBIGUOUS.includes(error.kind)) return { kind: 'failed', error };
    lost.remember(url, attempt);
    await options.onLost?.();
    const remembered = lost.get(url) ?? attempt;
    if (error.kind === 'cancelled') {
      // Look once now (the report may be there already); a later create looks again first.
      const stored = await findMade(client, url, remembered).catch(() => undefined);
      return stored ? settle({ kind: 'recovered', report: stored }) : { kind: 'cancelled' };
    }
    if (answeredByService(error)) {
      // The service itself answered: its work on this create is over, so one look tells whether it
      // stored the report. Not found: failed, and nothing is left to wait for; the look failing
      // leaves it unknown (a later create looks first).
      let stored: Report | undefined;
      try {
        stored = await findMade(client, url, remembered, options.signal);
      } catch {
        return options.signal?.aborted ? { kind: 'cancelled' } : { kind: 'failed', error };
      }
      if (stored) return settle({ kind: 'recovered', report: stored });
      lost.settle(url);
      return { kind: 'failed', error };
    }
    // Not found is not "not stored" until the time limit: look until then, never send again meanwhile.
    const stored = await awaitLost(client, url, remembered, limit, options.signal).catch(() => undefined);
    if (stored) return settle({ kind: 'recovered', report: stored });
    return options.signal?.aborted ? { kind: 'cancelled' } : { kind: 'failed', error };
  }

  /** Ids of the reports for this exact URL known now: the model's and the caller's. */
  private knownIds(url: string, more: readonly string[] = []): Set<string> {
    return new Set([...(this.model?.reportsFor(url) ?? []).map((r) => String(r.id)), ...more]);
  }

  /** PUT privacy (and the password for 2; `passwordKnown`: keep the report's current one). */
  changePrivacy(report: Report, privacy: Privacy, password?: string, passwordKnown = false): Promise<UpdateOutcome> {
    return this.update(report, (client, signal) =>
      client
        .updateReport(report.id, { privacy, password }, { passwordKnown, signal })
        .then((r) => ({ ...r, privacy: r.privacy ?? privacy })),
    );
  }

  /** PUT results=1: the service analyses the page again. */
  rerun(report: Report, options: ActionOptions = {}): Promise<UpdateOutcome> {
    return this.update(
      report,
      (client, signal) => client.updateReport(report.id, { results: 1 }, { signal, priority: options.priority }),
      options.signal,
    );
  }

  private async update(
    report: Report,
    send: (client: ReportsClient, signal?: AbortSignal) => Promise<Report>,
    signal?: AbortSignal,
  ): Promise<UpdateOutcome> {
    try {
      const answer = await send(this.client(), signal);
      // Merged over what we had: a sparse answer loses nothing.
      const updated: Report = { ...report, ...answer };
      this.model?.upsert(updated);
      this.emit({ kind: 'updated', report: updated });
      return { kind: 'updated', report: updated, before: ratingOf(report), after: ratingOf(updated) };
    } catch (caught) {
      const error = toApiError(caught);
      if (error.kind === 'cancelled') return { kind: 'cancelled' };
      if (error.kind === 'not-found') {
        this.removed(report.id, report.url);
        return { kind: 'gone', id: report.id, error };
      }
      return { kind: 'failed', error };
    }
  }

  /**
   * Deletes each report, a few at a time; a 404 counts as deleted (it is gone either way). The
   * outcome is exact: every report is in `deleted`, `failed` (with its own error) or `skipped`.
   */
  async delete(reports: readonly Report[], options: ActionOptions & { onProgress?: (done: number) => void } = {}): Promise<DeleteOutcome> {
    const outcome: DeleteOutcome = { deleted: [], failed: [], skipped: [] };
    let client: ReportsClient;
    try {
      client = this.client();
    } catch (caught) {
      const error = toApiError(caught);
      return { ...outcome, failed: reports.map((report) => ({ report, error })) };
    }
    const queue = [...reports];
    let done = 0;
    const worker = async (): Promise<void> => {
      for (let report = queue.shift(); report; report = queue.shift()) {
        if (options.signal?.aborted) {
          outcome.skipped.push(report);
          continue;
        }
        try {
          await client.deleteReport(report.id, { signal: options.signal });
          outcome.deleted.push(report);
          this.removed(report.id, report.url);
        } catch (caught) {
          const error = toApiError(caught);
          if (error.kind === 'not-found') {
            outcome.deleted.push(report);
            this.removed(report.id, report.url);
          } else if (error.kind === 'cancelled') outcome.skipped.push(report);
          else outcome.failed.push({ report, error });
        }
        options.onProgress?.(++done);
      }
    };
    await Promise.all(Array.from({ length: Math.min(DELETE_POOL, reports.length) }, worker));
    return outcome;
  }

  private removed(id: ReportId, url: unknown): void {
    this.model?.remove(id);
    this.emit({ kind: 'deleted', id, url: typeof url === 'string' ? url : undefined });
  }

  private emit(event: WriteEvent): void {
    this.writes.fire(event);
  }
}

export type { CreateInput, CreateOutcome, DeleteOutcome, UpdateOutcome, WriteEvent } from './outcomes';
