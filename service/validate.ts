// Input validation with Laravel-style messages: one key per bad field, a list of messages each.
import type { Privacy, Rating, Shape } from './types';

export type FieldErrors = Record<string, string[]>;

export const PER_PAGE_VALUES = [10, 25, 50, 100] as const;
export const SORT_BY_VALUES = ['id', 'generated_at', 'url', 'result'] as const;
/** What the real service sorts by; anything else (generated_at included) silently means id. */
export const REAL_SORT_BY_VALUES = ['id', 'url', 'result'] as const;
export const SORT_VALUES = ['asc', 'desc'] as const;
export const RESULT_VALUES = ['good', 'decent', 'bad'] as const;
export const MAX_URL_LENGTH = 2048;
/** A search longer than any URL a create accepts cannot match one; refused before any query. */
export const MAX_SEARCH_LENGTH = MAX_URL_LENGTH;

export type SortBy = (typeof SORT_BY_VALUES)[number];

export interface ListQuery {
  search?: string;
  searchBy: 'url';
  project?: string;
  result?: Rating;
  sortBy: SortBy;
  sort: 'asc' | 'desc';
  perPage: number;
  page: number;
}

export type Validated<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

/** Laravel's summary: the first message, plus "(and N more errors)". */
export function errorMessage(errors: FieldErrors): string {
  const all = Object.values(errors).flat();
  if (all.length === 0) return 'The given data was invalid.';
  const more = all.length - 1;
  return more === 0 ? all[0] : `${all[0]} (and ${more} more error${more === 1 ? '' : 's'})`;
}

/** Empty strings count as absent (Laravel converts them to null). */
function present(v: string | undefined): v is string {
  return v !== undefined && v !== '';
}

function label(field: string): string {
  return field.replace(/_/g, ' ');
}

function addError(errors: FieldErrors, field: string, message: string): void {
  (errors[field] ??= []).push(message);
}

function oneOf(errors: FieldErrors, field: string, value: string | undefined, allowed: readonly string[]): void {
  if (present(value) && !allowed.includes(value)) addError(errors, field, `The selected ${label(field)} is invalid.`);
}

/**
 * The list parameters. In the real shape, as the real service: a `sort_by` it does not sort by
 * falls back to id and a `per_page` outside 10/25/50/100 to the default, silently; in the plain
 * reading both are 422s.
 */
export function validateListQuery(raw: Record<string, string>, shape: Shape = 'plain'): Validated<ListQuery> {
  const errors: FieldErrors = {};
  const q = { ...raw };
  if (shape === 'real') {
    if (present(q.sort_by) && !(REAL_SORT_BY_VALUES as readonly string[]).includes(q.sort_by)) q.sort_by = 'id';
    if (present(q.per_page) && !PER_PAGE_VALUES.map(String).includes(q.per_page)) delete q.per_page;
  }
  oneOf(errors, 'search_by', q.search_by, ['url']);
  oneOf(errors, 'result', q.result, RESULT_VALUES);
  oneOf(errors, 'sort_by', q.sort_by, SORT_BY_VALUES);
  oneOf(errors, 'sort', q.sort, SORT_VALUES);
  if (present(q.per_page) && !PER_PAGE_VALUES.map(String).includes(q.per_page)) {
    addError(errors, 'per_page', `The per page field must be one of ${PER_PAGE_VALUES.join(', ')}.`);
  }
  if (present(q.search) && q.search.length > MAX_SEARCH_LENGTH) {
    addError(errors, 'search', `The search field must not be greater than ${MAX_SEARCH_LENGTH} characters.`);
  }
  let page = 1;
  if (present(q.page)) {
    if (!/^[0-9]+$/.test(q.page) || !Number.isSafeInteger(Number(q.page))) addError(errors, 'page', 'The page field must be an integer.');
    else if (Number(q.page) < 1) addError(errors, 'page', 'The page field must be at least 1.');
    else page = Number(q.page);
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      search: present(q.search) ? q.search : undefined,
      searchBy: 'url',
      project: present(q.project) ? q.project : undefined,
      result: present(q.result) ? (q.result as Rating) : undefined,
      sortBy: present(q.sort_by) ? (q.sort_by as SortBy) : 'id',
      sort: present(q.sort) ? (q.sort as 'asc' | 'desc') : 'desc',
      perPage: present(q.per_page) ? Number(q.per_page) : 10,
      page,
    },
  };
}

function validateUrl(errors: FieldErrors, raw: string | undefined): URL | undefined {
  if (!present(raw)) {
    addError(errors, 'url', 'The url field is required.');
    return undefined;
  }
  if (raw.length > MAX_URL_LENGTH) {
    addError(errors, 'url', `The url field must not be greater than ${MAX_URL_LENGTH} characters.`);
    return undefined;
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    addError(errors, 'url', 'The url field must be a valid URL.');
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    addError(errors, 'url', 'The url field must start with one of the following: http://, https://.');
    return undefined;
  }
  if (!url.hostname || /\s/.test(raw)) {
    addError(errors, 'url', 'The url field must be a valid URL.');
    return undefined;
  }
  return url;
}

function parsePrivacy(errors: FieldErrors, raw: string | undefined): Privacy | undefined {
  if (!present(raw)) return undefined;
  if (raw === '0' || raw === '1' || raw === '2') return Number(raw) as Privacy;
  addError(errors, 'privacy', 'The selected privacy is invalid.');
  return undefined;
}

export interface CreateInput {
  url: string;
  project: string;
  privacy: Privacy;
  password?: string;
}

/** `privacy` when not sent: 0 in the plain reading (the spec), 1 (private) as the real service documents. */
export function validateCreate(body: Record<string, string>, shape: Shape = 'plain'): Validated<CreateInput> {
  const errors: FieldErrors = {};
  const url = validateUrl(errors, body.url);
  const privacy = parsePrivacy(errors, body.privacy) ?? (shape === 'real' ? 1 : 0);
  const password = present(body.password) ? body.password : undefined;
  if (privacy === 2 && !password) addError(errors, 'password', 'The password field is required when privacy is 2.');
  if (password !== undefined && password.length > 255) {
    addError(errors, 'password', 'The password field must not be greater than 255 characters.');
  }
  if (Object.keys(errors).length > 0 || !url) return { ok: false, errors };
  return { ok: true, value: { url: body.url.trim(), project: url.host, privacy, password: privacy === 2 ? password : undefined } };
}

export interface UpdateInput {
  privacy?: Privacy;
  password?: string;
  rerun: boolean;
}

/** `hasPassword`: whether the report already has one (then privacy 2 needs no new password). */
export function validateUpdate(body: Record<string, string>, hasPassword: boolean): Validated<UpdateInput> {
  const errors: FieldErrors = {};
  const privacy = parsePrivacy(errors, body.privacy);
  const password = present(body.password) ? body.password : undefined;
  if (privacy === 2 && !password && !hasPassword) addError(errors, 'password', 'The password field is required when privacy is 2.');
  if (password !== undefined && password.length > 255) {
    addError(errors, 'password', 'The password field must not be greater than 255 characters.');
  }
  let rerun = false;
  if (present(body.results)) {
    if (body.results === '0' || body.results === '1') rerun = body.results === '1';
    else addError(errors, 'results', 'The selected results is invalid.');
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { privacy, password, rerun } };
}
