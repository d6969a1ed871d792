// A lookup's answer as callers see it (UrlLookup.settleAll, the editor's hovers and Problems):
// found, none, or unknown with the reason in words.
import type { Report } from '../client/types';
import { toApiError } from '../client/errors';

/** What a lookup found: a report, none, or nothing known (the service could not be asked). */
export type LookupAnswer = { state: 'found'; report: Report } | { state: 'none' } | { state: 'unknown'; reason: string; error: unknown };

/** Why a lookup failed, for people ("Could not check: …"). */
export function reasonOf(error: unknown): string {
  return toApiError(error).message;
}

/** The answer of a settled lookup promise. */
export function answerOf(result: PromiseSettledResult<Report | undefined>): LookupAnswer {
  if (result.status === 'rejected') return { state: 'unknown', reason: reasonOf(result.reason), error: result.reason };
  return result.value ? { state: 'found', report: result.value } : { state: 'none' };
}
