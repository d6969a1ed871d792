// Demo data, made without any network: deterministic URLs over a few hosts, results spread over
// good/decent/bad (i % 3), checks made by the real scoring so they agree with score and result.
// Only checks a page's own answer decides fail (never the 404 probe of a host or the time taken):
// npm start's demo site serves each seeded page as HTML with the same faults (seedPage.ts), so a
// re-run of a seeded report works offline and keeps its rating.
import { analysePage } from '../core/analysis/analysePage';
import type { Privacy, Rating, StoredReport } from './types';
import { SEEDED_PATH, seedPageHtml, type SeedPage } from './seedPage';

export const SEED_HOSTS = ['www.example.com', 'shop.example.org', 'docs.example.net', 'blog.example.io'] as const;
const SECTIONS = ['blog', 'products', 'guides', 'news', 'about'];
const SLUGS = ['post', 'launch', 'pricing', 'getting-started', 'faq', 'release-notes', 'team'];
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Which checks fail, per band; each set is chosen so the score lands in the band (high = 10
 * points of 150, medium = 5): good loses at most 30, decent 35 to 75, bad 80 or more.
 */
const FAILING: Record<Rating, string[][]> = {
  good: [[], ['content_keywords'], ['language', 'http_requests'], ['title_length'], ['meta_viewport', 'charset', 'https_encryption']],
  decent: [
    ['meta_description', 'image_keywords', 'language', 'page_size', 'charset'],
    ['https_encryption', 'title_length', 'headings', 'language'],
    ['meta_description', 'headings', 'image_keywords', 'http_requests', 'page_size', 'charset'],
    ['noindex', 'meta_viewport', 'content_keywords', 'image_keywords'],
  ],
  bad: [
    ['title', 'meta_description', 'headings', 'language', 'meta_viewport', 'image_keywords', 'noindex', 'charset', 'page_size'],
    ['http_status', 'title', 'meta_description'],
    [
      'https_encryption',
      'title',
      'meta_description',
      'language',
      'meta_viewport',
      'image_keywords',
      'http_requests',
      'charset',
      'page_size',
      'noindex',
    ],
  ],
};

function resultFor(i: number): Rating {
  return (['good', 'decent', 'bad'] as const)[i % 3];
}

/** The i-th seeded page: its URL and the checks it fails. */
function seedPlan(i: number): { url: string; host: string; failing: Set<string> } {
  const sets = FAILING[resultFor(i)];
  const failing = new Set(sets[Math.floor(i / 3) % sets.length]);
  const host = SEED_HOSTS[i % SEED_HOSTS.length];
  const https = !failing.has('https_encryption');
  const url = `${https ? 'https' : 'http'}://${host}/${SECTIONS[i % SECTIONS.length]}/${SLUGS[i % SLUGS.length]}-${i}`;
  return { url, host, failing };
}

/** Where a seeded host's page is fetched from on `site` (npm start's demo site); undefined for any other host. */
export function seededPageUrl(site: string, url: URL): string | undefined {
  if (!(SEED_HOSTS as readonly string[]).includes(url.hostname) || url.port !== '') return undefined;
  return new URL(`${SEEDED_PATH}${url.hostname}${url.pathname}${url.search}`, site).href;
}

/** The seeded page at `path` of the demo site (`/__seeded/<host><path>`), or undefined. */
export function seededPageAt(path: string): SeedPage | undefined {
  if (!path.startsWith(SEEDED_PATH)) return undefined;
  const [host, ...rest] = path.slice(SEEDED_PATH.length).split('/');
  const i = Number(/-(\d{1,6})$/.exec(rest.join('/'))?.[1]);
  if (!Number.isSafeInteger(i) || i < 1) return undefined;
  const plan = seedPlan(i);
  const wanted = new URL(plan.url);
  return wanted.hostname === host && wanted.pathname === `/${rest.join('/')}` ? seedPageHtml(i, plan.failing) : undefined;
}

/** The i-th (1-based) demo report, relative to `now`: the analysis of its page (seedPage.ts). */
export function seedReport(i: number, now: number): StoredReport {
  const { url, host, failing } = seedPlan(i);
  const page = seedPageHtml(i, failing);
  const analysis = analysePage({
    url,
    status: page.status,
    headers: {},
    html: page.html,
    responseTimeMs: 120 + ((i * 53) % 700),
    bytes: Buffer.byteLength(page.html),
    notFoundPage: `${new URL(url).origin}/404-demo`,
  });
  // Spread over the past ~60 days, newest for the highest id; a few hours apart within a day.
  const generated = now - (((i * 17) % 60) * DAY_MS + ((i * 5) % 24) * 3600_000) - (60 - Math.min(i, 60)) * 60_000;
  const created = generated - (i % 4) * 3600_000;
  const iso = (t: number): string => new Date(t).toISOString();
  return {
    id: i,
    url,
    project: host,
    result: analysis.result,
    score: analysis.score,
    privacy: (i % 5 === 0 ? 2 : i % 4 === 0 ? 1 : 0) as Privacy,
    generated_at: iso(generated),
    created_at: iso(created),
    updated_at: iso(generated),
    results: analysis.results,
    // startService gives the seeded password-protected reports the demo password's hash.
    passwordHash: null,
  };
}

export function seedReports(count: number, now = Date.now()): StoredReport[] {
  const out: StoredReport[] = [];
  for (let i = 1; i <= count; i++) out.push(seedReport(i, now));
  return out;
}
