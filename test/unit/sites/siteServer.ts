// A small site on 127.0.0.1 for the discovery tests: each path answers with what a test put
// there (status, headers, a body as bytes or produced on demand), and every request is recorded
// with its headers, so a test can see that no key or cookie reached the site.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Page {
  status?: number;
  headers?: Record<string, string>;
  /** The body; a function writes it itself (large or endless answers). */
  body?: string | Buffer | ((res: http.ServerResponse) => void);
}

export interface SiteServer {
  url: string;
  origin: string;
  pages: Map<string, Page>;
  requests: { path: string; headers: http.IncomingHttpHeaders }[];
  close(): Promise<void>;
}

export async function startSite(): Promise<SiteServer> {
  const pages = new Map<string, Page>();
  const requests: SiteServer['requests'] = [];
  const server = http.createServer((req, res) => {
    requests.push({ path: req.url ?? '', headers: req.headers });
    const page = pages.get(req.url ?? '');
    if (!page) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(page.status ?? 200, page.headers ?? { 'content-type': 'application/xml' });
    if (typeof page.body === 'function') page.body(res);
    else res.end(page.body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${origin}/`,
    origin,
    pages,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function urlset(urls: readonly string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls
    .map((u) => `<url><loc>${u}</loc><lastmod>2026-01-01</lastmod></url>`)
    .join('\n')}\n</urlset>\n`;
}

export function sitemapIndex(urls: readonly string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls
    .map((u) => `<sitemap><loc>${u}</loc></sitemap>`)
    .join('\n')}\n</sitemapindex>\n`;
}
