// Shapes the rest of the extension sees. The service's records are only partly documented, so a
// record keeps every field it came with; only `id` is required.

export type ReportId = number | string;

/** 0 = public, 1 = private, 2 = password (docs/spec/report-service-api.md, section 2). */
export type Privacy = 0 | 1 | 2;
export const PRIVACY_VALUES: readonly Privacy[] = [0, 1, 2];

export type ReportResult = 'good' | 'decent' | 'bad';
export const RESULT_VALUES: readonly ReportResult[] = ['good', 'decent', 'bad'];

export type SortField = 'id' | 'generated_at' | 'url' | 'result';
export const SORT_FIELDS: readonly SortField[] = ['id', 'generated_at', 'url', 'result'];

export type SortDirection = 'asc' | 'desc';
export const SORT_DIRECTIONS: readonly SortDirection[] = ['asc', 'desc'];

export type PerPage = 10 | 25 | 50 | 100;
export const PER_PAGE_VALUES: readonly PerPage[] = [10, 25, 50, 100];

/**
 * The typed flag of a record too large to show (limits.ts): only its top-level facts were kept.
 * A symbol, so no field the service sends can set it or collide with it.
 */
export const OVERSIZED: unique symbol = Symbol('webReports.oversized');

export interface OversizedInfo {
  /** Bytes of the record as sent (at least this many when `cut`). */
  bytes: number;
  /** Over the byte budget, nested deeper than the depth budget, or cut with the whole answer. */
  reason: 'bytes' | 'depth' | 'cut';
}

export interface Report {
  id: ReportId;
  url?: string;
  result?: string;
  privacy?: number;
  project?: string;
  generated_at?: string;
  score?: number;
  /** Set when the record was too large to show: the other fields are its top-level facts only. */
  [OVERSIZED]?: OversizedInfo;
  [field: string]: unknown;
}

/** Why the record is shown as its facts only, or undefined when it is whole. */
export function oversizedOf(report: Report): OversizedInfo | undefined {
  return report[OVERSIZED];
}

export type Account = Record<string, unknown>;

export interface ListQuery {
  search?: string;
  searchBy?: 'url';
  project?: string;
  result?: ReportResult;
  sortBy?: SortField;
  sort?: SortDirection;
  perPage?: PerPage;
  page?: number;
}

export interface ReportPage {
  items: Report[];
  /** The page number this is (1-based). */
  page: number;
  perPage?: number;
  /** Total matching reports, when the service says (`meta.total`). */
  total?: number;
  lastPage?: number;
  /** Whether a further page exists, from `links.next` or `meta`. */
  hasMore: boolean;
  /** The service's `links.next`, kept only when it has the base URL's origin. */
  nextLink?: string;
  /** Records left out because they had no usable id (or were beyond the page's row budget). */
  skipped: number;
  /** Items too large to show, kept as their top-level facts and marked (`oversizedOf`). */
  oversized?: number;
  /** The query that produced this page, to ask for the next one. */
  query: ListQuery;
}

export interface CreateReportInput {
  url: string;
  privacy?: Privacy;
  password?: string;
}

export interface UpdateReportInput {
  privacy?: Privacy;
  password?: string;
  /** 1 asks the service to regenerate the report's results. */
  results?: 0 | 1;
}
