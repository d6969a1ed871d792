// startService: the HTTP server, the Host and key checks, rate limiting, latency and fault
// injection, and (started for tests only) the control endpoints and the request log.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { secretMatcher } from './secretCompare';
import { setTimeout as sleep } from 'node:timers/promises';
import { Agent } from 'undici';
import { AnalysisError, analyzeUrl, DEFAULT_TIMEOUT_MS, type Analysis } from './analyze';
import { AnalysisPool } from '../core/analysis/analysisPool';
import { handleApi } from './api';
import { apiKeyProblem, apiKeyRefusal } from './apiKey';
import { handleControl } from './control';
import { FaultSet, RequestLog } from './faults';
import { controlRefusal, isOwnHost } from './guard';
import { message, parseTarget, readBody, send, type Answer } from './http';
import type { PageCaps } from '../core/analysis/pageComplexity';
import { answerFault } from './inject';
import { guardedConnector, notOwnAddress } from './ownAddress';
import { hashPassword } from './password';
import { RateLimiter } from './rateLimit';
import { seededPageUrl, seedReports } from './seed';
import { Store } from './store';
import type { Fault, RecordedRequest, Shape, StoredReport } from './types';

export type { Fault, RecordedRequest, Shape };

export interface ServiceOptions {
  apiKey: string;
  /** 0 (default) = a free port */
  port?: number;
  /** default '127.0.0.1' */
  host?: string;
  /** absent = in memory only */
  dataFile?: string;
  /** demo reports to create when the store is empty */
  seed?: number;
  /** added to every API request */
  latencyMs?: number;
  /** timeout of the page fetch of an analysis; default 10 s */
  analysisTimeoutMs?: number;
  /** time limit of the work on a fetched page (parse, facts, checks); default ANALYSIS_TIME_LIMIT_MS */
  analysisTimeLimitMs?: number;
  /** the caps on a page's elements and nesting; default PAGE_CAPS (tests lift them) */
  pageCaps?: Partial<PageCaps>;
  /** 'real' (default): the real service's shapes; 'plain': the spec's plain reading (words) */
  shape?: Shape;
  /** requests per minute per key (per address without a key); 0 (default) = unlimited */
  rateLimitPerMinute?: number;
  /** started for tests: the /__control endpoints (with `controlToken`) and the request log */
  control?: boolean;
  /** Host names (any port) it answers to besides its own address, e.g. when reached through a proxy */
  hostNames?: string[];
  log?: (line: string) => void;
  /** npm start's demo site: the seeded hosts' pages are fetched from it, so a seeded report can be re-run offline */
  seedSite?: string;
  /** replaces the page fetch and rating of creates and re-runs (benchmarks: a constant analysis) */
  analyze?: (url: string) => Promise<Analysis>;
}

export interface RunningService {
  /** 'http://127.0.0.1:PORT', no trailing slash */
  url: string;
  apiKey: string;
  port: number;
  shape: Shape;
  /** the token /__control requests must send as X-Control-Token; undefined without `control` */
  controlToken: string | undefined;
  addFault(f: Fault): void;
  clearFaults(): void;
  /** Recorded requests (only with `control`), oldest first. */
  requests(): RecordedRequest[];
  clearRequests(): void;
  /** Back to the seed state (or `seed` demo reports), no faults, no recorded requests. */
  reset(seed?: number): Promise<void>;
  close(): Promise<void>;
}

/** The password of the seeded password-protected reports (demo data only). */
export const DEMO_PASSWORD = 'demo-password';

const HOST_HEADER = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/** The request line and headers together (Node's default, made explicit): more answers 431. */
export const MAX_HEADER_BYTES = 16 * 1024;
/** Time to send the headers, and the whole request, before the connection is closed (408). */
export const HEADERS_TIMEOUT_MS = 20_000;
export const REQUEST_TIMEOUT_MS = 60_000;
/** Open connections at once; more are closed on arrival. */
export const MAX_CONNECTIONS = 1024;
/**
 * Creates and re-runs being analysed at once, the page fetch included (each holds up to 2 MiB
 * of page); one more is refused at once with a 422 that says the service is busy.
 */
export const MAX_ANALYSES_IN_FLIGHT = 64;

export async function startService(opts: ServiceOptions): Promise<RunningService> {
  if (!opts.apiKey) throw new Error('startService: apiKey is required');
  const keyProblem = apiKeyProblem(opts.apiKey);
  if (keyProblem) throw new Error(`startService: ${apiKeyRefusal(keyProblem)}`);
  const log = opts.log ?? ((): void => undefined);
  const host = opts.host ?? '127.0.0.1';
  const shape: Shape = opts.shape ?? 'real';
  if (shape !== 'real' && shape !== 'plain') throw new Error(`startService: shape must be 'real' or 'plain'`);
  const seedCount = Math.max(0, Math.floor(opts.seed ?? 0));
  const timeoutMs = opts.analysisTimeoutMs ?? DEFAULT_TIMEOUT_MS;
  const seedSite = opts.seedSite;
  const controlToken = opts.control ? randomBytes(24).toString('base64url') : undefined;

  const store = await Store.open(opts.dataFile);
  let demoHash: string | undefined;
  const seeded = async (count = seedCount): Promise<StoredReport[]> => {
    const reports = seedReports(count);
    if (reports.some((r) => r.privacy === 2)) demoHash ??= await hashPassword(DEMO_PASSWORD);
    return reports.map((r) => (r.privacy === 2 ? { ...r, passwordHash: demoHash } : r));
  };
  if (seedCount > 0 && store.size === 0) await store.replaceAll(await seeded());

  let port = -1; // known once listening
  const own = { host, port: () => (port < 0 ? undefined : port) };
  const faults = new FaultSet();
  const requests = new RequestLog();
  const limiter = new RateLimiter(Math.max(0, Math.floor(opts.rateLimitPerMinute ?? 0)));
  const agent = new Agent({ connect: guardedConnector(timeoutMs, notOwnAddress(own)), keepAliveTimeout: 2000, connections: 16 });
  const pool = new AnalysisPool({ timeLimitMs: opts.analysisTimeLimitMs, caps: opts.pageCaps });
  const closing = new AbortController();
  const isKey = secretMatcher(opts.apiKey);

  /** Back to the seed state; `seed` gives another number of demo reports for this reset. */
  const reset = async (seed?: number): Promise<void> => {
    faults.clear();
    requests.clear();
    const count = seed === undefined ? seedCount : Math.max(0, Math.floor(seed));
    await store.replaceAll(count > 0 ? await seeded(count) : []);
  };

  const apiContext = {
    store,
    shape,
    analyze: inFlightAtMost(
      MAX_ANALYSES_IN_FLIGHT,
      opts.analyze ??
        ((url: string) =>
          analyzeUrl(url, {
            timeoutMs,
            dispatcher: agent,
            own,
            analyse: (page) => pool.analyse(page),
            ...(seedSite === undefined ? {} : { servedFrom: (u: URL) => seededPageUrl(seedSite, u) }),
          })),
    ),
  };

  const authorized = (header: string | undefined): boolean => {
    const m = /^Bearer\s+(.+)$/i.exec(header ?? '');
    return !!m && isKey(m[1].trim());
  };

  const wait = async (ms: number): Promise<void> => {
    if (ms > 0) await sleep(ms, undefined, { signal: closing.signal });
  };

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    const method = (req.method ?? 'GET').toUpperCase();
    const target = parseTarget(req.url ?? '/');
    const body = await readBody(req);

    // DNS rebinding: a page on another name that resolves here sends that name as Host.
    if (!isOwnHost(req.headers.host, host, port, opts.hostNames)) {
      return send(res, message(421, 'This service answers only requests addressed to its own address.'));
    }

    if (controlToken && (target.path === '/__control' || target.path.startsWith('/__control/'))) {
      const refused = controlRefusal(req, method, controlToken);
      if (refused) return send(res, message(403, refused));
      return send(res, await handleControl({ faults, requests, reset }, method, target.path, body.text));
    }

    const ok = authorized(req.headers.authorization);
    if (controlToken) requests.record(req, method, target, body.text, ok);
    await wait(opts.latencyMs ?? 0);

    const fault = faults.take(method, target.path);
    const extra: Record<string, string> = { ...fault?.headers };
    if (fault) {
      await wait(fault.delayMs ?? 0);
      if (answerFault(res, fault, extra)) return;
    }

    if (body.tooLarge) return send(res, message(413, 'The request body is too large (at most 1 MiB).', { Connection: 'close' }), extra);
    const rate = limiter.hit(ok ? 'key' : `address ${req.socket.remoteAddress}`);
    Object.assign(extra, rate?.headers);
    if (rate?.retryAfter !== undefined) return send(res, message(429, 'Too Many Attempts.'), extra);
    if (!ok) return send(res, message(401, 'Unauthenticated.', { 'WWW-Authenticate': 'Bearer' }), extra);

    const hostHeader = req.headers.host && HOST_HEADER.test(req.headers.host) ? req.headers.host : undefined;
    const answer: Answer = await handleApi(apiContext, {
      method,
      path: target.path,
      query: target.query,
      params: target.params,
      body: body.text,
      contentType: req.headers['content-type'],
      origin: `http://${hostHeader ?? authority}`,
    });
    send(res, answer, extra);
  };

  const server = http.createServer({ maxHeaderSize: MAX_HEADER_BYTES }, (req, res) => {
    const started = performance.now();
    const path = parseTarget(req.url ?? '/').path;
    res.on('close', () => {
      const ms = Math.round(performance.now() - started);
      const status = res.writableFinished ? String(res.statusCode) : 'dropped';
      log(`${req.method ?? '?'} ${path} ${status} ${ms}ms`);
    });
    handle(req, res).catch((err: unknown) => {
      if (closing.signal.aborted || res.destroyed) return;
      log(`error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      if (res.headersSent) res.destroy();
      else send(res, message(500, 'Server Error.'));
    });
  });

  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  server.maxConnections = MAX_CONNECTIONS;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;
  const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  const authority = `${urlHost}:${port}`;

  let closed: Promise<void> | undefined;
  return {
    url: `http://${authority}`,
    apiKey: opts.apiKey,
    port,
    shape,
    controlToken,
    addFault: (f) => void faults.add(f),
    clearFaults: () => faults.clear(),
    requests: () => requests.all(),
    clearRequests: () => requests.clear(),
    reset,
    close: () =>
      (closed ??= (async () => {
        closing.abort();
        const done = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeAllConnections();
        await done;
        await agent.destroy().catch(() => undefined);
        await pool.close();
        await store.flush();
        store.close();
      })()),
  };
}

/** `analyze` with at most `max` calls under way; one more fails at once with an AnalysisError. */
function inFlightAtMost(max: number, analyze: (url: string) => Promise<Analysis>): (url: string) => Promise<Analysis> {
  let running = 0;
  return async (url) => {
    if (running >= max) throw new AnalysisError(`the service is busy: ${max} pages are being analysed; try again shortly`);
    running++;
    try {
      return await analyze(url);
    } finally {
      running--;
    }
  };
}
