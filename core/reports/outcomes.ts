// The typed outcomes of report actions: what commands, panels, hovers and bulk work show. An
// action never throws for a failure of the service; it says what happened.
import { ApiError } from '../client/errors';
import { Privacy, Report, ReportId } from '../client/types';
import { Rating } from '../checks/rating';

export interface CreateInput {
  url: string;
  privacy: Privacy;
  password?: string;
}

export type CreateOutcome =
  /** The service answered with the new report. */
  | { kind: 'created'; report: Report }
  /** An earlier attempt whose answer was lost had stored it: found, not created again. */
  | { kind: 'recovered'; report: Report }
  /** Cancelled before the service answered, and no stored report was found (yet). */
  | { kind: 'cancelled' }
  | { kind: 'failed'; error: ApiError };

export type UpdateOutcome =
  | { kind: 'updated'; report: Report; before: Rating; after: Rating }
  /** The service no longer has it (404): it has left the tree too. */
  | { kind: 'gone'; id: ReportId; error: ApiError }
  | { kind: 'cancelled' }
  | { kind: 'failed'; error: ApiError };

export interface DeleteFailure {
  report: Report;
  error: ApiError;
}

export interface DeleteOutcome {
  /** Deleted now, or already gone (404): either way no longer on the service. */
  deleted: Report[];
  failed: DeleteFailure[];
  /** Not attempted because the work was cancelled. */
  skipped: Report[];
}

/** What this extension changed on the service: caches of report data listen to it. */
export type WriteEvent = { kind: 'created' | 'updated'; report: Report } | { kind: 'deleted'; id: ReportId; url?: string };
