// startService: the HTTP server, the key check, request recording, latency and fault injection.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash, timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Agent } from 'undici';
import { analyzeUrl, DEFAULT_TIMEOUT_MS } from './analyze';
import { handleApi } from './api';
import { handleControl } from './control';
import { FaultSet, RequestLog } from './faults';
import { headerRecord, isLoopback, message, parseTarget, readBody, send, sendRaw, type Answer } from './http';
import { hashPassword } from './password';
import { seedReports } from './seed';
import { Store } from './store';
import type { Fault, RecordedRequest, StoredReport } from './types';

export type { Fault, RecordedRequest };

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
  /** records as the real service sends them (default) or the spec's plain reading (branch service-shapes) */
  shape?: 'real' | 'plain';
  log?: (line: string) => void;
}

export interface RunningService {
  /** 'http://127.0.0.1:PORT', no trailing slash */
  url: string;
  apiKey: string;
  port: number;
  addFault(f: Fault): void;
  clearFaults(): void;
  requests(): RecordedRequest[];
  clearRequests(): void;
  /** Back to the seed state (or `seed` demo reports), no faults, no recorded requests. */
  reset(seed?: number): Promise<void>;
  close(): Promise<void>;
}

/** The password of the seeded password-protected reports (demo data only). */
export const DEMO_PASSWORD = 'demo-password';

const HOST_HEADER = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

export async function startService(opts: ServiceOptions): Promise<RunningService> {
  if (!opts.apiKey) throw new Error('startService: apiKey is required');
  const log = opts.log ?? ((): void => undefined);
  const host = opts.host ?? '127.0.0.1';
  const seedCount = Math.max(0, Math.floor(opts.seed ?? 0));
  const timeoutMs = opts.analysisTimeoutMs ?? DEFAULT_TIMEOUT_MS;

  const store = await Store.open(opts.dataFile);
  let demoHash: string | undefined;
  const seeded = async (count = seedCount): Promise<StoredReport[]> => {
    const reports = seedReports(count);
    if (reports.some((r) => r.privacy === 2)) demoHash ??= await hashPassword(DEMO_PASSWORD);
    return reports.map((r) => (r.privacy === 2 ? { ...r, passwordHash: demoHash } : r));
  };
  if (seedCount > 0 && store.size === 0) await store.replaceAll(await seeded());

  const faults = new FaultSet();
  const requests = new RequestLog();
  const agent = new Agent({ connect: { timeout: timeoutMs }, keepAliveTimeout: 2000, connections: 16 });
  const closing = new AbortController();
  const keyDigest = digest(opts.apiKey);

  /** Back to the seed state; `seed` gives another number of demo reports for this reset. */
  const reset = async (seed?: number): Promise<void> => {
    faults.clear();
    requests.clear();
    const count = seed === undefined ? seedCount : Math.max(0, Math.floor(seed));
    await store.replaceAll(count > 0 ? await seeded(count) : []);
  };

  const apiContext = {
    store,
    analyze: (url: string) => analyzeUrl(url, { timeoutMs, dispatcher: agent }),
  };

  const authorized = (header: string | undefined): boolean => {
    const m = /^Bearer\s+(.+)$/i.exec(header ?? '');
    return !!m && timingSafeEqual(digest(m[1].trim()), keyDigest);
  };

  const wait = async (ms: number): Promise<void> => {
    if (ms > 0) await sleep(ms, undefined, { signal: closing.signal });
  };

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    const method = (req.method ?? 'GET').toUpperCase();
    const target = parseTarget(req.url ?? '/');
    const body = await readBody(req);

    if (target.path === '/__control' || target.path.startsWith('/__control/')) {
      if (!isLoopback(req.socket.remoteAddress)) return send(res, message(403, 'Control endpoints answer only loopback clients.'));
      return send(res, await handleControl({ faults, requests, reset }, method, target.path, body.text));
    }

    requests.add({
      method,
      path: target.path,
      query: target.query,
      rawQuery: target.rawQuery,
      headers: headerRecord(req),
      body: body.text,
      at: new Date().toISOString(),
    });
    await wait(opts.latencyMs ?? 0);

    const fault = faults.take(method, target.path);
    const extra: Record<string, string> = { ...fault?.headers };
    if (fault) {
      await wait(fault.delayMs ?? 0);
      if (fault.drop) {
        req.socket.destroy();
        return;
      }
      if (fault.oversizeBytes !== undefined) {
        const padding = 'x'.repeat(Math.max(0, fault.oversizeBytes));
        const payload = Buffer.from(JSON.stringify({ data: [], padding }), 'utf8');
        return sendRaw(res, 200, payload, { 'Content-Type': 'application/json', ...extra });
      }
      if (fault.status !== undefined || fault.body !== undefined) {
        const status = fault.status ?? 500;
        const raw = fault.body === undefined ? { message: 'Injected fault' } : fault.body;
        const payload = raw === null ? undefined : Buffer.from(typeof raw === 'string' ? raw : JSON.stringify(raw), 'utf8');
        return sendRaw(res, status, payload, { 'Content-Type': fault.contentType ?? 'application/json', ...extra });
      }
    }

    if (body.tooLarge) return send(res, message(413, 'The request body is too large (at most 1 MiB).', { Connection: 'close' }), extra);
    if (!authorized(req.headers.authorization)) return send(res, message(401, 'Unauthenticated.', { 'WWW-Authenticate': 'Bearer' }), extra);

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

  const server = http.createServer((req, res) => {
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

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  const authority = `${urlHost}:${port}`;

  let closed: Promise<void> | undefined;
  return {
    url: `http://${authority}`,
    apiKey: opts.apiKey,
    port,
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
        await store.flush();
      })()),
  };
}

function digest(s: string): Buffer {
  return createHash('sha256').update(s, 'utf8').digest();
}
