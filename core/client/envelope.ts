// Reads the service's answers tolerantly: a Laravel-style `{data, links, meta}`, `{data}` alone,
// or a bare array/object. Unknown fields are kept; ids may be numbers or strings.
import * as l10n from '@vscode/l10n';
import { ApiError } from './errors';
import { OmittedRows, OversizedRecord } from './boundedAnswer';
import { normaliseId } from './reportIds';
import { ListQuery, OVERSIZED, Report } from './types';

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toNumber(value: unknown): number | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
}

export { normaliseId };

/** A record as a Report, or undefined when it has no usable id. */
export function toReport(value: unknown): Report | undefined {
  if (value instanceof OversizedRecord) {
    const facts = toReport(value.fields);
    return facts && { ...facts, [OVERSIZED]: value.info };
  }
  if (!isObject(value)) return undefined;
  const id = normaliseId(value.id);
  if (id === undefined) return undefined;
  const report: Report = { ...value, id };
  if (typeof value.result === 'string') report.result = value.result.trim().toLowerCase();
  const privacy = toNumber(value.privacy);
  if (privacy !== undefined) report.privacy = privacy;
  return report;
}

function describeShape(body: unknown): string {
  if (body instanceof OversizedRecord) return l10n.t('a record of {0} MB', (body.info.bytes / 1024 / 1024).toFixed(1));
  if (Array.isArray(body)) return body.length === 1 ? l10n.t('an array of 1') : l10n.t('an array of {0}', body.length);
  if (isObject(body)) {
    const keys = Object.keys(body);
    return keys.length
      ? l10n.t('an object with {0}', `${keys.slice(0, 6).join(', ')}${keys.length > 6 ? ', …' : ''}`)
      : l10n.t('an empty object');
  }
  switch (typeof body) {
    case 'string':
      return l10n.t('a string');
    case 'number':
      return l10n.t('a number');
    case 'boolean':
      return l10n.t('a boolean');
    default:
      return body === null ? 'null' : l10n.t('a value of type {0}', typeof body); // null: JSON's own word
  }
}

/** `answerTo`: the request the body answered, for the message when it is no report. */
export function readReport(body: unknown, answerTo?: 'create' | 'update'): Report {
  const candidate = isObject(body) && isObject(body.data) ? body.data : body;
  const report = toReport(candidate);
  if (!report) {
    const shape = describeShape(body);
    const message =
      answerTo === 'create'
        ? l10n.t("The service's answer is not a created report with an id: it sent {0}.", shape)
        : answerTo === 'update'
          ? l10n.t("The service's answer is not an updated report with an id: it sent {0}.", shape)
          : l10n.t("The service's answer is not a report with an id: it sent {0}.", shape);
    throw new ApiError('bad-response', message);
  }
  return report;
}

export function readAccount(body: unknown): Record<string, unknown> {
  if (body instanceof OversizedRecord || (isObject(body) && body.data instanceof OversizedRecord)) {
    throw new ApiError('bad-response', l10n.t("The service's account record is too large to read."));
  }
  const candidate = isObject(body) && isObject(body.data) ? body.data : body;
  if (!isObject(candidate)) {
    throw new ApiError('bad-response', l10n.t("The service's answer is not an account record: it sent {0}.", describeShape(body)));
  }
  return { ...candidate };
}

export interface ListShape {
  items: Report[];
  /** Rows left out: no usable id, or beyond the page's row budget. */
  skipped: number;
  /** Items too large to show, kept as their top-level facts (marked OVERSIZED). */
  oversized: number;
  currentPage?: number;
  lastPage?: number;
  perPage?: number;
  total?: number;
  nextLink?: string;
}

/** Items and paging facts of a list answer, whatever envelope it came in. */
export function readList(body: unknown): ListShape {
  let rows: unknown;
  let meta: Json = {};
  let links: Json = {};
  if (Array.isArray(body)) rows = body;
  else if (isObject(body)) {
    rows = body.data;
    if (isObject(body.meta)) meta = body.meta;
    if (isObject(body.links)) links = body.links;
    // Laravel's plain paginator puts the paging fields beside `data` instead of in `meta`.
    if (!isObject(body.meta) && 'current_page' in body) meta = body;
    if (!isObject(body.links) && typeof body.next_page_url === 'string') links = { next: body.next_page_url };
  }
  if (!Array.isArray(rows)) {
    throw new ApiError('bad-response', l10n.t("The service's answer is not a list of reports: it sent {0}.", describeShape(body)));
  }
  const items: Report[] = [];
  let skipped = 0;
  let oversized = 0;
  for (const row of rows) {
    if (row instanceof OmittedRows) {
      skipped += row.count;
      continue;
    }
    const report = toReport(row);
    if (!report) skipped++;
    else {
      items.push(report);
      if (report[OVERSIZED]) oversized++;
    }
  }
  const next = typeof links.next === 'string' && links.next ? links.next : undefined;
  return {
    items,
    skipped,
    oversized,
    currentPage: toNumber(meta.current_page),
    lastPage: toNumber(meta.last_page),
    perPage: toNumber(meta.per_page),
    total: toNumber(meta.total),
    nextLink: next,
  };
}

/** Whether another page follows, from the links when given, else from the meta numbers. */
export function hasMorePages(shape: ListShape, page: number, query: ListQuery): boolean {
  if (shape.nextLink) return true;
  if (shape.lastPage !== undefined) return page < shape.lastPage;
  if (shape.total !== undefined) {
    const perPage = shape.perPage ?? query.perPage ?? 10;
    return page * perPage < shape.total;
  }
  return false;
}
