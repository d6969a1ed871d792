// The world of the `scan` tests (scan, scanFailures, scanKill .test.ts): the real local service over
// loopback (its analysis a constant, so a report is cheap), a loopback site serving sitemaps, a
// client to read what was created, and the child's temporary folder of the test's own.
import type { ChildProcess } from 'node:child_process';
import { ReportsClient } from '../../../core/client/client';
import type { Report } from '../../../core/client/types';
import { evaluate, extractFacts } from '../../../service/analyze';
import type { RunningService } from '../../../service/server';
import { startTestService } from '../api/harness';
import { type SiteServer, startSite } from '../sites/siteServer';
import { project, removeProjects } from './runCli';

export const KEY = 'cli-scan-key-8842-secret';
const CONSTANT = evaluate(
  extractFacts({ url: 'https://x.example/', status: 200, headers: {}, html: '<title>x</title>', responseTimeMs: 1, bytes: 16 }),
);
export const pages = (tag: string, n: number) => Array.from({ length: n }, (_, i) => `https://${tag}.example/p/${i}`);

// Set by the hooks useScanWorld registers; the tests read them as they read their own variables.
export let service: RunningService;
export let site: SiteServer;
export let env: Record<string, string>;
export let client: ReportsClient;

/** Registers, in the describe it is called in, the hooks that start, reset and stop the world. */
export function useScanWorld(): void {
  before(async () => {
    service = await startTestService({ apiKey: KEY, seed: 0, analyze: async () => structuredClone(CONSTANT) });
    site = await startSite();
    client = new ReportsClient({ baseUrl: `${service.url}/`, apiKey: () => KEY, proxy: { env: {} } });
  });
  after(async () => {
    await client.dispose();
    await site.close();
    await service.close();
    await removeProjects();
  });
  beforeEach(async () => {
    await service.reset(0);
    site.pages.clear();
    site.requests.length = 0;
    // The child's temporary files go to a folder of the test's own, so a test can see none is left.
    const tmp = await project({});
    env = { WEBREPORTS_API_KEY: KEY, WEBREPORTS_BASE_URL: service.url, TMPDIR: tmp };
  });
}

export const posts = () => service.requests().filter((r) => r.method === 'POST');

/** Every report on the service, by URL. */
export async function reportsByUrl(): Promise<Map<string, Report[]>> {
  const all: Report[] = [];
  for (let page = await client.listReports({ perPage: 100 }); ; page = await client.nextPage(page)) {
    all.push(...page.items);
    if (!page.hasMore) break;
  }
  const map = new Map<string, Report[]>();
  for (const r of all) map.set(String(r.url), [...(map.get(String(r.url)) ?? []), r]);
  return map;
}

/** Waits until `done()` holds, failing if the child ends first. */
export function until(done: () => boolean, child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    const exited = () => reject(new Error('the scan ended before the test could act'));
    child.once('exit', exited);
    const timer = setInterval(() => {
      if (!done()) return;
      clearInterval(timer);
      child.off('exit', exited);
      resolve();
    }, 10);
  });
}
