// A few web pages served on loopback for the demo, so creating a report works without internet:
// the local report service really fetches and rates them.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

const head = (title: string, extra = '') =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>${extra}</head>`;

const PAGES: Record<string, string> = {
  '/': `${head('Acme Widgets - Handmade widgets', '<meta name="description" content="Acme makes handmade widgets for home and office. Browse the catalogue, compare models and order online."><link rel="canonical" href="/">')}<body><h1>Acme Widgets</h1><p>Welcome.</p><img src="/logo.png" alt="Acme logo"></body></html>`,
  '/blog/launch': `${head('We launched the new widget line', '<meta name="description" content="Our new line of widgets is here: lighter, stronger and made from recycled materials. Read the launch story.">')}<body><h1>Launch</h1><img src="/a.png"></body></html>`,
  '/old-page': `<html><head><meta name="robots" content="noindex"></head><body><h1>Old</h1><h1>Page</h1><img src="/x.png"><img src="/y.png"></body></html>`,
};

export interface DemoSite {
  url: string;
  paths: string[];
  close(): Promise<void>;
}

export async function startDemoSite(): Promise<DemoSite> {
  const server = http.createServer((req, res) => {
    const page = PAGES[(req.url ?? '/').split('?')[0]];
    res.writeHead(page ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    res.end(page ?? '<p>Not found</p>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    paths: Object.keys(PAGES),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
