// Shared record shapes of the local report service. No behaviour here.
import type { Checks, PlainCheck } from '../core/analysis/checkShapes';

export type Rating = 'good' | 'decent' | 'bad';
export type Privacy = 0 | 1 | 2;
export type { CheckCategory, Checks, Importance, PlainCheck, RealCheck } from '../core/analysis/checkShapes';
/** 'real': as the real service (phpRank) answers; 'plain': the spec's plain reading (rating words). */
export type Shape = 'real' | 'plain';

/**
 * A report as the store keeps it: one canonical record whatever shape the service answers in.
 * `score` is the exact percent (points / total points * 100); `result` is its band (derived from
 * `score` by core/checks/rating.ts, kept for the list filter); the password hash never leaves.
 */
export interface StoredReport {
  id: number;
  url: string;
  project: string;
  result: Rating;
  score: number;
  privacy: Privacy;
  generated_at: string;
  created_at: string;
  updated_at: string;
  /** The checks; an array only in data files written before the real shapes (read tolerantly). */
  results: Checks | PlainCheck[];
  passwordHash?: string | null;
}

/** A report in the plain shape: the stored record with its checks as a list, and no password hash. */
export type PlainReport = Omit<StoredReport, 'results' | 'passwordHash'> & { results: PlainCheck[] };

/** A report in the real shape. */
export interface RealReport {
  id: number;
  url: string;
  project: string;
  result: number;
  results: Checks;
  privacy: Privacy;
  password: boolean;
  generated_at: string;
  created_at: string;
  updated_at: string;
}

/** @deprecated the plain shape's name from before the real shapes; use PlainReport. */
export type Report = PlainReport;

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
  /** the raw request body, cut at 4 KiB (`bodyTruncated` says so); '' for a refused key */
  body: string;
  bodyTruncated?: boolean;
  /** false when the request did not carry the service's key (then its body is not kept) */
  authenticated: boolean;
  at: string;
}
