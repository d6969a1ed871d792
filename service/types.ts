// Shared record shapes of the local report service. No behaviour here.

export type Rating = 'good' | 'decent' | 'bad';
export type Privacy = 0 | 1 | 2;
export type CheckCategory = 'availability' | 'seo' | 'accessibility' | 'performance' | 'security';

export interface Check {
  key: string;
  name: string;
  category: CheckCategory;
  passed: boolean;
  value: string | number | boolean | null;
  advice: string;
}

/** A report as the API returns it. */
export interface Report {
  id: number;
  url: string;
  project: string;
  result: Rating;
  score: number;
  privacy: Privacy;
  generated_at: string;
  created_at: string;
  updated_at: string;
  results: Check[];
}

/** A report as the store keeps it: the password hash never leaves the service. */
export interface StoredReport extends Report {
  passwordHash?: string | null;
}

export interface Fault {
  /** match only this HTTP method */
  method?: string;
  /** match when the request path (no query) starts with this */
  path?: string;
  /** how many matching requests it applies to; default 1; 0 or negative = until cleared */
  times?: number;
  /** wait this long first (then apply the rest, or answer normally if nothing else is set) */
  delayMs?: number;
  /** answer with this status and body instead of the real handler */
  status?: number;
  /** extra response headers, e.g. {"Retry-After": "2"} */
  headers?: Record<string, string>;
  /** object → JSON; string → sent as is; null → no body; default {"message": "Injected fault"} */
  body?: string | object | null;
  /** default application/json */
  contentType?: string;
  /** destroy the socket without any answer (connection reset) */
  drop?: boolean;
  /** answer 200 with a valid JSON body of at least this many bytes */
  oversizeBytes?: number;
}

export interface RecordedRequest {
  method: string;
  /** the path without the query */
  path: string;
  /** query parameters; the last value wins */
  query: Record<string, string>;
  /** the raw query string without the leading '?' */
  rawQuery: string;
  /** header names in lower case; repeated headers joined with ', ' */
  headers: Record<string, string>;
  /** the raw request body */
  body: string;
  at: string;
}
