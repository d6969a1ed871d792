// Test helpers: real HTTP calls to the service, and a throwaway fixture web server on 127.0.0.1.
import * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import { promises as fsp } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { startService, type RunningService, type ServiceOptions } from '../../../service/server';

export const KEY = 'test-key-0123456789';

export function start(opts: Partial<ServiceOptions> = {}): Promise<RunningService> {
  return startService({ apiKey: KEY, ...opts });
}

export interface CallOptions {
  /** the key to send; null = no Authorization header */
  key?: string | null;
  query?: Record<string, string | number>;
  form?: Record<string, string | number>;
  json?: unknown;
  body?: string;
  headers?: Record<string, string>;
}

export interface CallResult {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

export async function call(base: string | RunningService, method: string, pathname: string, opts: CallOptions = {}): Promise<CallResult> {
  const root = typeof base === 'string' ? base : base.url;
  const url = new URL(root + pathname);
  for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.append(k, String(v));
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
  const key = opts.key === undefined ? KEY : opts.key;
  if (key !== null) headers.authorization = `Bearer ${key}`;
  let body: string | undefined = opts.body;
  if (opts.form) {
    body = new URLSearchParams(Object.entries(opts.form).map(([k, v]): [string, string] => [k, String(v)])).toString();
    headers['content-type'] = 'application/x-www-form-urlencoded';
  } else if (opts.json !== undefined) {
    body = JSON.stringify(opts.json);
    headers['content-type'] = 'application/json';
  }
  const res = await request(url, { method: method as 'GET', headers, body });
  const text = await res.body.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: res.statusCode, headers: res.headers, text, body: parsed };
}

export const GOOD_HTML = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Acme Widgets - Handmade widgets</title>
  <meta name="description" content="Acme makes handmade widgets for home and office. Browse the catalogue, compare models and order online.">
  <link rel="canonical" href="https://acme.example/">
</head>
<body>
  <h1>Acme Widgets</h1>
  <p>Hello.</p>
  <img src="a.png" alt="A widget"><img src="divider.png" alt="">
</body>
</html>`;

export const POOR_HTML = `<html>
<head><meta name="robots" content="noindex, nofollow"></head>
<body>
  <h1>One</h1><h1>Two</h1><h1>Three</h1>
  <img src="a.png"><img src="b.png"><img src="c.png">
</body>
</html>`;

export interface FixtureServer {
  url: string;
  /** headers of every request the fixture server received */
  seen: http.IncomingHttpHeaders[];
  /** what /switch serves */
  switchHtml: string;
  close(): Promise<void>;
}

/** A throwaway web server serving the fixture pages. */
export async function startFixtures(): Promise<FixtureServer> {
  const fx: FixtureServer = { url: '', seen: [], switchHtml: GOOD_HTML, close: async () => undefined };
  const html = (res: http.ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...headers });
    res.end(body);
  };
  const server = http.createServer((req, res) => {
    fx.seen.push(req.headers);
    const p = (req.url ?? '/').split('?')[0];
    switch (p) {
      case '/good':
        return html(res, 200, GOOD_HTML);
      case '/poor':
        return html(res, 200, POOR_HTML);
      case '/switch':
        return html(res, 200, fx.switchHtml);
      case '/missing':
        return html(res, 404, GOOD_HTML);
      case '/error':
        return html(res, 500, GOOD_HTML);
      case '/header-noindex':
        return html(res, 200, GOOD_HTML, { 'x-robots-tag': 'noindex' });
      case '/redirect':
        res.writeHead(302, { location: '/good' });
        return res.end();
      case '/loop':
        res.writeHead(302, { location: '/loop' });
        return res.end();
      case '/to-ftp':
        res.writeHead(301, { location: 'ftp://example.com/' });
        return res.end();
      case '/slow': {
        const t = setTimeout(() => html(res, 200, GOOD_HTML), 3000);
        res.on('close', () => clearTimeout(t));
        return;
      }
      case '/big': {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.write(GOOD_HTML.replace('</body>', ''));
        const chunk = `<p>${'x'.repeat(64 * 1024)}</p>`;
        let sent = 0;
        const more = (): void => {
          while (sent < 60 && !res.destroyed) {
            sent++;
            if (!res.write(chunk)) return void res.once('drain', more);
          }
          res.end('</body></html>');
        };
        res.on('error', () => undefined);
        return more();
      }
      default:
        return html(res, 404, '<p>not here</p>');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fx.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fx.close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return fx;
}

/** A port nothing listens on (bound, then released). */
export async function freePort(): Promise<number> {
  const s = http.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

export async function tempDir(): Promise<string> {
  return fsp.mkdtemp(path.join(os.tmpdir(), 'webreports-service-'));
}
