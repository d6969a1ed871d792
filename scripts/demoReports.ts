// The reports the demo service holds at start for the demo site's pages: created through the API
// (the service fetches and analyses the real pages, so the checks are real), after removing the
// reports of the demo sites of earlier runs (their port is gone, so their pages are too). Only
// the origins the demo itself served are removed (kept in a small file), never another loopback
// site a person rated.
import * as fs from 'node:fs';
import { ReportsClient } from '../core/client/client';
import type { Report } from '../core/client/types';
import { urlKey } from '../core/urls/urlKey';

/** Pages of the list read looking for reports of earlier demo sites (100 reports a page). */
export const MAX_DEMO_LIST_PAGES = 5;
/** Reports of earlier demo sites deleted per start, at most. */
export const MAX_STALE_DELETES = 30;
/** Origins of earlier demo sites remembered, at most. */
export const MAX_REMEMBERED_ORIGINS = 20;

/** The origins of earlier demo sites, from `file` (none when it is missing or unreadable). */
export function readDemoOrigins(file: string): string[] {
  try {
    const text = fs.readFileSync(file, 'utf8');
    const list: unknown = JSON.parse(text.length > 64 * 1024 ? '[]' : text);
    return Array.isArray(list) ? list.filter((o): o is string => typeof o === 'string').slice(0, MAX_REMEMBERED_ORIGINS) : [];
  } catch {
    return [];
  }
}

export function writeDemoOrigins(file: string, origins: readonly string[]): void {
  fs.writeFileSync(file, JSON.stringify([...new Set(origins)].slice(0, MAX_REMEMBERED_ORIGINS)) + '\n');
}

export interface SeedResult {
  created: Report[];
  kept: Report[];
  deleted: number;
  /** Whether reports of earlier demo sites may be left (the delete budget was used up). */
  staleLeft: boolean;
}

function originOf(url: unknown): string | undefined {
  try {
    return typeof url === 'string' ? new URL(url).origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Creates a report for each of `urls` that has none yet; deletes the reports of `staleOrigins`
 * (earlier demo sites on the same host).
 */
export async function seedDemoReports(
  serviceUrl: string,
  apiKey: string,
  siteUrl: string,
  urls: readonly string[],
  staleOrigins: readonly string[] = [],
): Promise<SeedResult> {
  const client = new ReportsClient({ baseUrl: serviceUrl, apiKey: () => apiKey, proxy: { env: {} } });
  const site = new URL(siteUrl);
  const staleSet = new Set(staleOrigins.filter((o) => o !== site.origin));
  const existing = new Map<string, Report>();
  const stale: Report[] = [];
  try {
    let page = await client.listReports({ search: site.hostname, searchBy: 'url', perPage: 100 });
    for (let n = 1; ; n++) {
      for (const report of page.items) {
        const origin = originOf(report.url);
        if (origin === site.origin) existing.set(urlKey(report.url as string) ?? '', report);
        else if (origin !== undefined && staleSet.has(origin)) stale.push(report);
      }
      if (!page.hasMore || n >= MAX_DEMO_LIST_PAGES) break;
      page = await client.nextPage(page);
    }
    let deleted = 0;
    for (const report of stale.slice(0, MAX_STALE_DELETES)) {
      await client.deleteReport(report.id);
      deleted++;
    }
    const created: Report[] = [];
    const kept: Report[] = [];
    for (const url of urls) {
      const have = existing.get(urlKey(url) ?? '');
      if (have) kept.push(have);
      else created.push(await client.createReport({ url, privacy: 0 }));
    }
    return { created, kept, deleted, staleLeft: stale.length > deleted };
  } finally {
    await client.dispose();
  }
}
