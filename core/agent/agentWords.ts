// Words the agent tools share: a report's rating and age, a check's name, a service failure.
// Everything taken from a report is quoted as data (agentAnswer.ts `quoted`).
// l10n-exempt-file: answers for a language model, in English whatever the display language (agentAnswer.ts).
import { checkName } from '../checks/checkNames';
import { ageDays, reportTime } from '../checks/reportAge';
import { ratingOf, roundedScore } from '../checks/rating';
import { CHECK_KEYS } from '../analysis/checks';
import { ApiError, describeDelay, toApiError } from '../client/errors';
import type { Report } from '../client/types';
import { reportLinkOf } from '../config/reportLink';
import { parseTime } from '../text/serviceTime';
import { quoted } from './agentAnswer';

const KNOWN = new Set(CHECK_KEYS);

/** "74 (decent)", "decent" without a score, "no rating". */
export function ratingWords(report: unknown): string {
  const { band, score } = ratingOf(report as Report);
  if (band === 'unknown') return score === undefined ? 'no rating' : roundedScore(score);
  return score === undefined ? band : `${roundedScore(score)} (${band})`;
}

/** "3 days old", "generated 5 hours ago"-like age of the report's run, or "age unknown". */
export function ageWords(report: unknown, now: number): string {
  const days = ageDays(report, now);
  if (days === undefined) return 'age unknown';
  if (days < 0) return 'dated in the future';
  if (days < 1 / 24) return 'less than an hour old';
  if (days < 1) return `${Math.round(days * 24)} h old`;
  return `${Math.round(days)} day${Math.round(days) === 1 ? '' : 's'} old`;
}

/** When the report's analysis ran, as an ISO time with its age; undefined when it does not say. */
export function generatedWords(report: unknown, now: number): string | undefined {
  const at = reportTime(report);
  if (at === '') return undefined;
  const parsed = parseTime(at);
  const iso = parsed ? parsed.toISOString().replace(/\.\d{3}Z$/, 'Z') : quoted(at, 40);
  return `${iso} (${ageWords(report, now)})`;
}

/** A check as `Title [title]`; a name the analysis does not know came from the report: quoted. */
export function checkLabel(key: string): string {
  return KNOWN.has(key) ? `${checkName(key)} [${key}]` : `${quoted(key, 80)} (a check name from the report)`;
}

/** The report's web page from the config's `reportLink`, when set. */
export function linkOf(template: string | undefined, report: Report): string | undefined {
  return reportLinkOf(template, report.id);
}

/** A service failure as a tool error: what happened and what helps; the tools that need no service named. */
export function serviceFailure(caught: unknown): string {
  const error = toApiError(caught);
  const offline = 'check_page and explain_check work without the service.';
  switch (error.kind) {
    case 'not-configured':
      return `The report service is not configured: ${error.message} ${offline}`;
    case 'auth':
    case 'forbidden':
      return `The report service refused the API key (${error.status ?? error.kind}): the person running this server must set a valid key. ${offline}`;
    case 'network':
    case 'timeout':
      return `The report service did not answer (${error.kind}${error.reason ? `: ${error.reason}` : ''}); it may be down. Try again later. ${offline}`;
    case 'rate-limited':
      return `The report service asks to slow down (429)${error.retryAfterMs ? `: try again in ${describeDelay(error.retryAfterMs)}` : ''}. ${offline}`;
    case 'server':
      return `The report service failed (${error.status ?? 'server error'}); try again later. ${offline}`;
    case 'not-found':
      return 'The service has no such report: find it with find_reports, or give its url.';
    case 'validation':
    case 'invalid-input':
      return `The service refused the input: ${[error.message, ...error.fieldMessages()].join('; ')}`;
    default:
      return `The report service's answer could not be used (${error.kind}): ${error.message}`;
  }
}

/** Whether an error is a failure of the service (said as a tool error), not a bug. */
export function isServiceFailure(caught: unknown): caught is ApiError {
  return caught instanceof ApiError;
}
