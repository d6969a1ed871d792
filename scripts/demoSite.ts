// The demo's static site, served on loopback so creating a report works without internet: the
// local report service really fetches and rates its pages. The pages are the Markdown files of the
// demo workspace (content/, see demoWorkspace.ts), rendered at each request, so an edit saved in
// the editor shows in the next analysis; which file makes which page is the workspace config's
// `sources`, through the same matcher the editor uses. It also serves /sitemap.xml and /robots.txt,
// and the pages of the service's seeded reports (service/seedPage.ts: the service fetches a seeded
// host's page from here, so re-running a seeded report works offline).
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { renderDemoPage } from './demoMarkdown';
import { seededPageAt } from '../service/seed';
import { SEEDED_PATH } from '../service/seedPage';
import type { SourceMatcher } from '../core/sources/pageSources';
import { DEMO_CONTENT, DEMO_OLD_PAGE, DEMO_OLD_PAGE_HTML, demoMatcher, sitemapXml } from './demoWorkspace';

/** Bytes of a content file rendered, at most (a larger one is answered 500). */
export const MAX_DEMO_PAGE_BYTES = 256 * 1024;
/** Characters of a request's path looked at; a longer one is answered 414. */
export const MAX_DEMO_PATH = 2_048;

export interface DemoSite {
  url: string;
  /** The paths of the site's pages made from content files. */
  paths: string[];
  close(): Promise<void>;
}

export interface DemoSiteOptions {
  /** The demo workspace whose content/ files are the pages. */
  root: string;
}

function readPage(root: string, file: string): string | undefined {
  const target = path.resolve(root, ...file.split('/'));
  // The matcher never maps to `..`; this keeps the site inside its folder whatever the config says.
  if (!target.startsWith(path.resolve(root) + path.sep)) return undefined;
  try {
    const stat = fs.statSync(target);
    if (!stat.isFile()) return undefined;
    if (stat.size > MAX_DEMO_PAGE_BYTES) throw new Error('too large');
    return fs.readFileSync(target, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

export async function startDemoSite(options: DemoSiteOptions): Promise<DemoSite> {
  let siteUrl = '';
  // Set once the port is known, before the first request can arrive.
  let matcher: SourceMatcher | undefined = undefined;
  const files = Object.keys(DEMO_CONTENT);
  const server = http.createServer((req, res) => {
    const send = (status: number, type: string, body: string) => {
      res.writeHead(status, { 'content-type': `${type}; charset=utf-8`, 'cache-control': 'no-store' });
      res.end(body);
    };
    const target = (req.url ?? '/').split('?')[0];
    if (target.length > MAX_DEMO_PATH) return send(414, 'text/plain', 'URI too long');
    if (target.startsWith(SEEDED_PATH)) {
      const seeded = seededPageAt(target);
      // Served as the page's own answer would be: without a charset unless its HTML names one.
      if (seeded) res.writeHead(seeded.status, { 'content-type': 'text/html', 'cache-control': 'no-store' }).end(seeded.html);
      else send(404, 'text/html', '<!doctype html><title>Not found</title><p>Not found</p>');
      return;
    }
    if (!matcher) return send(503, 'text/plain', 'Starting');
    const map = matcher;
    const pages = files.map((file) => ({ file, url: map.pageUrlOf(file) as string }));
    if (target === '/sitemap.xml') {
      return send(200, 'application/xml', sitemapXml([...pages.map((p) => p.url), `${siteUrl}${DEMO_OLD_PAGE}`]));
    }
    if (target === DEMO_OLD_PAGE) return send(200, 'text/html', DEMO_OLD_PAGE_HTML);
    if (target === '/robots.txt') return send(200, 'text/plain', `User-agent: *\nAllow: /\nSitemap: ${siteUrl}/sitemap.xml\n`);
    if (target === '/favicon.ico') {
      res.writeHead(204);
      return res.end();
    }
    const file = matcher.sourceFileOf(`${siteUrl}${target}`);
    let markdown: string | undefined;
    try {
      markdown = file === undefined ? undefined : readPage(options.root, file);
    } catch {
      return send(500, 'text/plain', 'The page cannot be read.');
    }
    if (markdown === undefined) return send(404, 'text/html', '<!doctype html><title>Not found</title><p>Not found</p>');
    const nav = pages.map((p) => [new URL(p.url).pathname, p.file.replace(/^content\//, '')] as const);
    send(200, 'text/html', renderDemoPage(markdown, { nav }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  matcher = demoMatcher(siteUrl);
  const map = matcher;
  return {
    url: siteUrl,
    paths: files.map((file) => new URL(map.pageUrlOf(file) as string).pathname),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
