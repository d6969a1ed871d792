// Generated hostile and borderline pages, and a web server on 127.0.0.1 that serves them and
// says when the service has asked for a page and for its 404 probe (the analysis starts after).
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { MAX_ELEMENTS, MAX_NESTING_DEPTH } from '../../../core/analysis/pageComplexity';

/**
 * 72,000 nested <div>s, never closed (360 KB): past the caps, its analysis takes 9 s on the
 * development machine (36,000 took 1.4 s once unclosed tags were repaired in one pass: within the
 * 2 s limit the time-limit tests set).
 */
export const NESTED_DIVS = '<div>'.repeat(72_000);

/** 2 MB of unclosed <a href>: each link nests all that follows. */
export const UNCLOSED_LINKS = '<a href="/p">'.repeat(Math.floor((2 * 1000 * 1000) / 13));

/** 130,000 <img> without alt, each its own src (1.8 MB). */
export const MANY_IMAGES = `<!doctype html><html lang="en"><head><title>Many images here</title></head><body>${Array.from(
  { length: 130_000 },
  (_, i) => `<img src=${i.toString(36)}>`,
).join('')}</body></html>`;

/** Exactly at both caps: nested MAX_NESTING_DEPTH deep, MAX_ELEMENTS elements in all. */
export const AT_THE_CAPS = `${'<div>'.repeat(MAX_NESTING_DEPTH)}${'<br>'.repeat(MAX_ELEMENTS - MAX_NESTING_DEPTH)}${'</div>'.repeat(MAX_NESTING_DEPTH)}`;

export interface HostileServer {
  url: string;
  /** resolves when the 404 probe of the next analysis has been answered: the page is fetched */
  probed(): Promise<void>;
  close(): Promise<void>;
}

export async function startHostileServer(pages: Record<string, string>): Promise<HostileServer> {
  let onProbe: (() => void) | undefined;
  const server = http.createServer((req, res) => {
    const p = (req.url ?? '/').split('?')[0];
    const page = pages[p];
    if (page === undefined) {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.on('finish', () => {
        onProbe?.();
        onProbe = undefined;
      });
      return res.end('<p>not here</p>');
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    probed: () => new Promise<void>((resolve) => (onProbe = resolve)),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
