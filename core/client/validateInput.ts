// Checks the client's inputs before anything is sent, so a typo costs no request and the user
// gets the reason at once. Every failure is an ApiError of kind 'invalid-input' with field messages.
import * as l10n from '@vscode/l10n';
import { hasCredentials } from './credentials';
import { ApiError } from './errors';
import { isSafeNumericId } from './reportIds';
import { MAX_URL_LENGTH } from '../urls/maxUrlLength';
import {
  CreateReportInput,
  ListQuery,
  PER_PAGE_VALUES,
  PRIVACY_VALUES,
  Privacy,
  RESULT_VALUES,
  ReportId,
  SORT_DIRECTIONS,
  SORT_FIELDS,
  UpdateReportInput,
} from './types';

/** Why `text` is not an absolute http(s) URL, or undefined when it is one. */
export function urlProblem(text: string): string | undefined {
  const trimmed = text.trim();
  if (!trimmed) return l10n.t('Enter a URL, for example https://example.com/page.');
  if (trimmed.length > MAX_URL_LENGTH) return l10n.t('The URL is longer than {0} characters.', MAX_URL_LENGTH);
  let parsed: URL;
  try {
    parsed = new URL(trimmed);
  } catch {
    return /^[\w.-]+\.[a-z]{2,}(\/|$)/i.test(trimmed)
      ? l10n.t('"{0}" has no scheme: write https://{0}', trimmed)
      : l10n.t('"{0}" is not an absolute URL; it must start with http:// or https://.', trimmed);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    return l10n.t('Only http and https addresses can be rated, not {0}.', parsed.protocol.replace(':', ''));
  }
  if (!parsed.hostname) return l10n.t('The URL has no host name.');
  return undefined;
}

export function isPrivacy(value: unknown): value is Privacy {
  return PRIVACY_VALUES.includes(value as Privacy);
}

function fail(field: string, message: string): never {
  throw new ApiError('invalid-input', message, { fieldErrors: { [field]: [message] } });
}

// A plain path segment: unreserved characters only (RFC 3986), so the id cannot change the path.
const PLAIN_SEGMENT = /^[A-Za-z0-9._~-]{1,128}$/;

/**
 * The id as a path segment; `.`, `..` and anything but unreserved characters are refused, and so
 * is a number that is not a safe integer from 1 (it would address another report, ids.ts).
 */
export function validateReportId(id: ReportId): string {
  const text = typeof id === 'number' ? (isSafeNumericId(id) ? String(id) : '') : typeof id === 'string' ? id.trim() : '';
  if (!PLAIN_SEGMENT.test(text) || text === '.' || text === '..') {
    fail('id', l10n.t('"{0}" is not a report id.', String(id).slice(0, 40)));
  }
  return text;
}

function checkPassword(privacy: Privacy | undefined, password: string | undefined, required: boolean): void {
  if (privacy === 2 && required && !password) fail('password', l10n.t('A password is required for a password-protected report.'));
  if (password !== undefined && privacy !== 2) fail('password', l10n.t('A password can only be set together with privacy 2 (password).'));
}

export function validateCreate(input: CreateReportInput): URLSearchParams {
  const problem = urlProblem(input.url ?? '');
  if (problem) fail('url', problem);
  // Every create passes here: a report would publish the credentials.
  if (hasCredentials(input.url)) fail('url', l10n.t('The URL holds a user name or password; it is not sent to the service.'));
  if (input.privacy !== undefined && !isPrivacy(input.privacy)) {
    fail('privacy', l10n.t('Privacy must be 0 (public), 1 (private) or 2 (password).'));
  }
  checkPassword(input.privacy, input.password, true);
  const body = new URLSearchParams({ url: input.url.trim() });
  if (input.privacy !== undefined) body.set('privacy', String(input.privacy));
  if (input.password !== undefined) body.set('password', input.password);
  return body;
}

/** `passwordKnown`: the report is already password-protected, so a new password is optional. */
export function validateUpdate(input: UpdateReportInput, passwordKnown = false): URLSearchParams {
  const body = new URLSearchParams();
  if (input.privacy !== undefined) {
    if (!isPrivacy(input.privacy)) fail('privacy', l10n.t('Privacy must be 0 (public), 1 (private) or 2 (password).'));
    body.set('privacy', String(input.privacy));
  }
  checkPassword(input.privacy, input.password, !passwordKnown);
  if (input.password !== undefined) body.set('password', input.password);
  if (input.results !== undefined) {
    if (input.results !== 0 && input.results !== 1) fail('results', l10n.t('results must be 0 or 1.'));
    body.set('results', String(input.results));
  }
  if ([...body.keys()].length === 0) fail('privacy', l10n.t('Nothing to update: give privacy, password or results.'));
  return body;
}

/** The list query as the API's parameters, in a stable order. */
export function validateListQuery(query: ListQuery): URLSearchParams {
  const params = new URLSearchParams();
  const search = query.search?.trim();
  if (search) {
    if (query.searchBy !== undefined && query.searchBy !== 'url') fail('search_by', l10n.t('Search can only match the url.'));
    params.set('search', search);
    params.set('search_by', query.searchBy ?? 'url');
  }
  const project = query.project?.trim();
  if (project) params.set('project', project);
  if (query.result !== undefined) {
    if (!RESULT_VALUES.includes(query.result)) fail('result', l10n.t('The result filter must be good, decent or bad.'));
    params.set('result', query.result);
  }
  if (query.sortBy !== undefined) {
    if (!SORT_FIELDS.includes(query.sortBy)) fail('sort_by', l10n.t('Sort by must be one of {0}.', SORT_FIELDS.join(', ')));
    params.set('sort_by', query.sortBy);
  }
  if (query.sort !== undefined) {
    if (!SORT_DIRECTIONS.includes(query.sort)) fail('sort', l10n.t('The sort direction must be asc or desc.'));
    params.set('sort', query.sort);
  }
  if (query.perPage !== undefined) {
    if (!PER_PAGE_VALUES.includes(query.perPage)) fail('per_page', l10n.t('Per page must be one of {0}.', PER_PAGE_VALUES.join(', ')));
    params.set('per_page', String(query.perPage));
  }
  if (query.page !== undefined) {
    if (!Number.isInteger(query.page) || query.page < 1) fail('page', l10n.t('The page must be a whole number from 1.'));
    params.set('page', String(query.page));
  }
  return params;
}
