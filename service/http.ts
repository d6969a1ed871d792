// Small node:http helpers: JSON answers, bounded body reading, request parsing.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { textNestsDeeperThan } from '../core/client/jsonDepth';
import { readBoundedBody } from '../core/client/boundedBody';

export const MAX_BODY_BYTES = 1024 * 1024;
/** Beyond this the connection is cut instead of draining the body. */
const HARD_BODY_LIMIT = 16 * 1024 * 1024;

/** What a handler answers; `body` undefined = no body (e.g. 204). */
export interface Answer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export function json(status: number, body: unknown, headers?: Record<string, string>): Answer {
  return { status, body, headers };
}

export function message(status: number, text: string, headers?: Record<string, string>): Answer {
  return { status, body: { message: text }, headers };
}

export function send(res: ServerResponse, answer: Answer, extraHeaders?: Record<string, string>): void {
  if (res.headersSent || res.destroyed) return;
  const headers: Record<string, string> = { ...extraHeaders, ...answer.headers };
  const noBody = answer.body === undefined || answer.status === 204 || answer.status === 304;
  if (noBody) {
    res.writeHead(answer.status, headers);
    res.end();
    return;
  }
  const payload = Buffer.from(JSON.stringify(answer.body), 'utf8');
  res.writeHead(answer.status, { 'Content-Type': 'application/json', 'Content-Length': String(payload.length), ...headers });
  res.end(payload);
}

/** Sends a raw body as is (fault injection). */
export function sendRaw(res: ServerResponse, status: number, body: Buffer | undefined, headers: Record<string, string>): void {
  if (res.headersSent || res.destroyed) return;
  const noBody = body === undefined || status === 204 || status === 304;
  res.writeHead(status, noBody ? headers : { ...headers, 'Content-Length': String(body.length) });
  res.end(noBody ? undefined : body);
}

export interface BodyRead {
  text: string;
  tooLarge: boolean;
}

/** Reads the request body up to `limit` bytes; a larger body is drained (and cut off past 16 MiB). */
export async function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<BodyRead> {
  const read = await readBoundedBody(req, { maxBytes: limit, past: 'drain', drainBytes: HARD_BODY_LIMIT });
  return { text: read.text(), tooLarge: read.truncated };
}

export interface ParsedTarget {
  path: string;
  rawQuery: string;
  query: Record<string, string>;
  params: URLSearchParams;
}

export function parseTarget(target: string): ParsedTarget {
  const q = target.indexOf('?');
  const path = q < 0 ? target : target.slice(0, q);
  const rawQuery = q < 0 ? '' : target.slice(q + 1);
  const params = new URLSearchParams(rawQuery);
  return { path, rawQuery, query: lastValues(params), params };
}

export function lastValues(params: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of params) out[k] = v;
  return out;
}

export function headerRecord(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/**
 * Levels of nesting a JSON body may have. The API's fields are flat; this leaves room for any
 * client that wraps them, and keeps JSON.stringify of a nested field (recursive) far from the
 * stack's end: a body of 1 MiB could nest a million levels.
 */
export const MAX_JSON_DEPTH = 64;

export type ParsedFields = { ok: true; fields: Record<string, string> } | { ok: false; message: string };

/** Parses a form-encoded (the spec) or JSON body into string fields, or says why it cannot. */
export function parseFields(body: string, contentType: string | undefined): ParsedFields {
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  if (type === 'application/json' || type.endsWith('+json')) {
    if (body.trim() === '') return { ok: true, fields: {} };
    if (textNestsDeeperThan(body, MAX_JSON_DEPTH)) {
      return { ok: false, message: `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).` };
    }
    let data: unknown;
    try {
      data = JSON.parse(body);
    } catch {
      return { ok: false, message: 'The request body is not valid JSON.' };
    }
    if (!data || typeof data !== 'object' || Array.isArray(data)) return { ok: false, message: 'The request body is not valid JSON.' };
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(data)) {
      if (v === null || v === undefined) continue;
      out[k] = typeof v === 'boolean' ? (v ? '1' : '0') : typeof v === 'object' ? JSON.stringify(v) : String(v);
    }
    return { ok: true, fields: out };
  }
  return { ok: true, fields: lastValues(new URLSearchParams(body)) };
}
