// The one place the service's two readings differ: a stored record and the service's answers are
// put into the real service's shapes ('real', phpRank as real-service-notes.md records it) or the
// spec's plain reading ('plain': rating words, a separate score, checks as an array).
import { bandOfScore } from '../core/checks/rating';
import { plainCheck } from '../core/analysis/checks';
import { json, type Answer } from './http';
import type { Checks, PlainCheck, PlainReport, RealReport, Shape, StoredReport } from './types';
import { errorMessage, type FieldErrors } from './validate';

export const SHAPES: readonly Shape[] = ['real', 'plain'];

/** The checks as an object keyed by name; an array from an older data file is converted. */
export function checksOf(results: StoredReport['results']): Checks {
  if (!Array.isArray(results)) return results ?? {};
  const out: Checks = {};
  for (const c of results) {
    out[c.key] = c.passed
      ? { passed: true, importance: 'medium', value: c.value }
      : { passed: false, importance: 'medium', value: c.value, errors: { failed: c.advice } };
  }
  return out;
}

function plainChecks(results: StoredReport['results']): PlainCheck[] {
  if (Array.isArray(results)) return results;
  return Object.entries(results ?? {}).map(([key, check]) => plainCheck(key, check));
}

/** The public form of a stored report in the given shape; never the password hash. */
export function toPublic(r: StoredReport, shape: Shape): RealReport | PlainReport {
  if (shape === 'plain') {
    return {
      id: r.id,
      url: r.url,
      project: r.project,
      result: r.result ?? bandOfScore(r.score),
      score: Math.round(r.score),
      privacy: r.privacy,
      generated_at: r.generated_at,
      created_at: r.created_at,
      updated_at: r.updated_at,
      results: plainChecks(r.results),
    };
  }
  return {
    id: r.id,
    url: r.url,
    project: r.project,
    result: r.score,
    results: checksOf(r.results),
    privacy: r.privacy,
    password: !!r.passwordHash,
    generated_at: r.generated_at,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

/** A success answer: the real service adds `"status"` to every envelope. */
export function envelope(status: number, body: Record<string, unknown>, shape: Shape): Answer {
  return json(status, shape === 'real' ? { ...body, status } : body);
}

/** A JSON answer with the real shape's `"status"` added to a successful envelope. */
export function withStatus(answer: Answer, shape: Shape): Answer {
  const body = answer.body;
  if (shape !== 'real' || answer.status >= 300 || !body || typeof body !== 'object' || Array.isArray(body)) return answer;
  return { ...answer, body: { ...body, status: answer.status } };
}

/** 422: the real service puts the field errors under `message`; Laravel's default elsewhere. */
export function invalid(errors: FieldErrors, shape: Shape): Answer {
  return shape === 'real' ? json(422, { message: errors, status: 422 }) : json(422, { message: errorMessage(errors), errors });
}

export function notFound(shape: Shape): Answer {
  return shape === 'real' ? json(404, { message: 'Resource not found.', status: 404 }) : json(404, { message: 'Report not found.' });
}

/** A write on a report the caller does not have: the real service answers 403, the plain reading 404. */
export function notYours(shape: Shape): Answer {
  return shape === 'real' ? json(403, { message: 'This action is unauthorized.' }) : notFound(shape);
}

export function deleted(id: number, shape: Shape): Answer {
  return shape === 'real' ? json(200, { id, object: 'report', deleted: true, status: 200 }) : { status: 204 };
}

/** The account as the real service sends it (real-service-notes.md). */
export function realAccount(createdAt: string): Record<string, unknown> {
  return {
    id: 1,
    name: 'Demo User',
    email: 'demo@example.test',
    avatar_url: null,
    locale: 'en',
    timezone: 'UTC',
    plan: { id: 2, name: 'Pro', features: { reports: 500, projects: -1, api: true } },
    created_at: createdAt,
  };
}
