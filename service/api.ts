// The /api/v1 handlers: reports (list, read, create, update, delete) and the account.
import { bandOfScore } from '../core/checks/rating';
import { AnalysisError, type Analysis } from './analyze';
import { hashPassword } from './password';
import { NoMoreIdsError, parseReportId } from './reportId';
import { deleted, envelope, invalid, notFound, notYours, realAccount, toPublic, withStatus } from './shape';
import type { Store } from './store';
import type { Shape, StoredReport } from './types';
import { json, message, parseFields, type Answer } from './http';
import { validateCreate, validateListQuery, validateUpdate } from './validate';

export interface ApiRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  params: URLSearchParams;
  body: string;
  contentType: string | undefined;
  /** 'http://host:port' as the client addressed the service; used for absolute links */
  origin: string;
}

export interface ApiContext {
  store: Store;
  /** the shape of every answer; the stored records are the same either way */
  shape: Shape;
  analyze(url: string): Promise<Analysis>;
  now?: () => Date;
}

export const ACCOUNT_CREATED_AT = '2024-01-15T09:30:00.000Z';

const REPORTS = /^\/api\/v1\/reports\/?$/;
const REPORT = /^\/api\/v1\/reports\/([^/]+)\/?$/;
const ACCOUNT = /^\/api\/v1\/account\/?$/;

/** Routes and answers an authenticated API request. */
export async function handleApi(ctx: ApiContext, req: ApiRequest): Promise<Answer> {
  let m: RegExpMatchArray | null;
  if (REPORTS.test(req.path)) {
    if (req.method === 'GET') return withStatus(listReports(ctx, req), ctx.shape);
    if (req.method === 'POST') return createReport(ctx, req);
    return notAllowed('GET, POST');
  }
  if ((m = req.path.match(REPORT))) {
    const id = parseReportId(m[1]);
    if (req.method === 'GET') return id === undefined ? notFound(ctx.shape) : getReport(ctx, id);
    if (req.method === 'PUT' || req.method === 'PATCH') return id === undefined ? notYours(ctx.shape) : updateReport(ctx, id, req);
    if (req.method === 'DELETE') return id === undefined ? notFound(ctx.shape) : deleteReport(ctx, id);
    return notAllowed('GET, PUT, PATCH, DELETE');
  }
  if (ACCOUNT.test(req.path)) {
    if (req.method === 'GET') return account(ctx);
    return notAllowed('GET');
  }
  return ctx.shape === 'real' ? notFound(ctx.shape) : message(404, 'Not found.');
}

function notAllowed(allow: string): Answer {
  return message(405, 'The method is not allowed for this path.', { Allow: allow });
}

/** 422 for a page that could not be fetched: the reason under `url` (create) or `results` (re-run, real shape). */
function analysisFailed(err: AnalysisError, field: 'url' | 'results', shape: Shape): Answer {
  if (shape === 'real') return invalid({ [field]: [err.message] }, shape);
  return json(422, { message: err.message, errors: { url: [err.reason] } });
}

function listReports(ctx: ApiContext, req: ApiRequest): Answer {
  const v = validateListQuery(req.query, ctx.shape);
  if (!v.ok) return invalid(v.errors, ctx.shape);
  const q = v.value;
  // Filtered, sorted and paged in SQL (service/storeQuery.ts); sorting by result is by score.
  const { items, total } = ctx.store.list({
    band: q.result,
    search: q.search,
    project: q.project,
    sortBy: q.sortBy === 'result' ? 'score' : q.sortBy,
    sort: q.sort,
    page: q.page,
    perPage: q.perPage,
  });
  const lastPage = Math.max(1, Math.ceil(total / q.perPage));
  const start = (q.page - 1) * q.perPage;
  const data = items.map((r) => toPublic(r, ctx.shape));
  const path = `${req.origin}/api/v1/reports`;
  const link = (page: number): string => {
    const params = new URLSearchParams(req.params);
    params.delete('page');
    params.append('page', String(page));
    return `${path}?${params.toString()}`;
  };
  return json(200, {
    data,
    links: {
      first: link(1),
      last: link(lastPage),
      prev: q.page > 1 ? link(Math.min(q.page - 1, lastPage)) : null,
      next: q.page < lastPage ? link(q.page + 1) : null,
    },
    meta: {
      current_page: q.page,
      last_page: lastPage,
      per_page: q.perPage,
      total,
      from: data.length ? start + 1 : null,
      to: data.length ? start + data.length : null,
      path,
    },
  });
}

function getReport(ctx: ApiContext, id: number): Answer {
  const r = ctx.store.get(id);
  return r ? envelope(200, { data: toPublic(r, ctx.shape) }, ctx.shape) : notFound(ctx.shape);
}

async function createReport(ctx: ApiContext, req: ApiRequest): Promise<Answer> {
  const parsed = parseFields(req.body, req.contentType);
  if (!parsed.ok) return message(400, parsed.message);
  const v = validateCreate(parsed.fields, ctx.shape);
  if (!v.ok) return invalid(v.errors, ctx.shape);
  let analysis: Analysis;
  try {
    analysis = await ctx.analyze(v.value.url);
  } catch (err) {
    if (err instanceof AnalysisError) return analysisFailed(err, 'url', ctx.shape);
    throw err;
  }
  const passwordHash = v.value.password ? await hashPassword(v.value.password) : null;
  const now = (ctx.now?.() ?? new Date()).toISOString();
  const created = await createOrFull(ctx.store, {
    url: v.value.url,
    project: v.value.project,
    result: bandOfScore(analysis.score), // the stored band: what result=good|decent|bad filters on
    score: analysis.score,
    privacy: v.value.privacy,
    generated_at: now,
    created_at: now,
    updated_at: now,
    results: analysis.results,
    passwordHash,
  });
  if (!created) return message(507, 'The report store has given its highest id; no more reports can be created.');
  return envelope(201, { data: toPublic(created, ctx.shape) }, ctx.shape);
}

/** Stores a new report; undefined when every id has been given (see reportId.ts). */
async function createOrFull(store: Store, data: Omit<StoredReport, 'id'>): Promise<StoredReport | undefined> {
  try {
    return await store.create(data);
  } catch (err) {
    if (err instanceof NoMoreIdsError) return undefined;
    throw err;
  }
}

async function updateReport(ctx: ApiContext, id: number, req: ApiRequest): Promise<Answer> {
  const existing = ctx.store.get(id);
  if (!existing) return notYours(ctx.shape);
  const parsed = parseFields(req.body, req.contentType);
  if (!parsed.ok) return message(400, parsed.message);
  const v = validateUpdate(parsed.fields, !!existing.passwordHash);
  if (!v.ok) return invalid(v.errors, ctx.shape);
  const patch: Partial<StoredReport> = {};
  const privacy = v.value.privacy ?? existing.privacy;
  if (v.value.privacy !== undefined) patch.privacy = v.value.privacy;
  if (privacy !== 2) patch.passwordHash = null;
  else if (v.value.password) patch.passwordHash = await hashPassword(v.value.password);
  const now = (ctx.now?.() ?? new Date()).toISOString();
  if (v.value.rerun) {
    let analysis: Analysis;
    try {
      analysis = await ctx.analyze(existing.url);
    } catch (err) {
      if (err instanceof AnalysisError) return analysisFailed(err, 'results', ctx.shape);
      throw err;
    }
    Object.assign(patch, { result: bandOfScore(analysis.score), score: analysis.score, results: analysis.results, generated_at: now });
  }
  patch.updated_at = now;
  const updated = await ctx.store.update(id, patch);
  return updated ? envelope(200, { data: toPublic(updated, ctx.shape) }, ctx.shape) : notYours(ctx.shape);
}

async function deleteReport(ctx: ApiContext, id: number): Promise<Answer> {
  return (await ctx.store.delete(id)) ? deleted(id, ctx.shape) : notFound(ctx.shape);
}

function account(ctx: ApiContext): Answer {
  if (ctx.shape === 'real') return envelope(200, { data: realAccount(ACCOUNT_CREATED_AT) }, ctx.shape);
  const now = ctx.now?.() ?? new Date();
  const month = now.toISOString().slice(0, 7);
  return json(200, {
    data: {
      id: 1,
      name: 'Demo User',
      email: 'demo@example.test',
      plan: 'pro',
      limits: { reports_per_month: 500 },
      usage: { reports_this_month: ctx.store.countCreatedIn(month) },
      reports_count: ctx.store.size,
      created_at: ACCOUNT_CREATED_AT,
    },
  });
}
