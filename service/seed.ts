// Demo data, made without any network: deterministic URLs over a few hosts, results spread over
// good/decent/bad (i % 3), checks made by the real scoring so they agree with score and result.
import { evaluate } from '../core/analysis/checks';
import type { PageFacts } from '../core/analysis/facts';
import type { Privacy, Rating, StoredReport } from './types';

export const SEED_HOSTS = ['www.example.com', 'shop.example.org', 'docs.example.net', 'blog.example.io'] as const;
const SECTIONS = ['blog', 'products', 'guides', 'news', 'about'];
const SLUGS = ['post', 'launch', 'pricing', 'getting-started', 'faq', 'release-notes', 'team'];
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Which checks fail, per band; each set is chosen so the score lands in the band (high = 10
 * points of 150, medium = 5): good loses at most 30, decent 35 to 75, bad 80 or more.
 */
const FAILING: Record<Rating, string[][]> = {
  good: [[], ['404_page'], ['language', 'load_time'], ['title_length'], ['meta_viewport', 'charset', 'https_encryption']],
  decent: [
    ['meta_description', 'image_keywords', 'language', 'page_size', 'charset'],
    ['https_encryption', 'title_length', 'headings', 'language'],
    ['meta_description', 'headings', 'image_keywords', 'load_time', 'page_size', 'charset'],
    ['noindex', 'meta_viewport', '404_page', 'image_keywords'],
  ],
  bad: [
    ['title', 'meta_description', 'headings', 'language', 'meta_viewport', 'image_keywords', 'noindex', '404_page'],
    ['http_status', 'title', 'meta_description'],
    ['https_encryption', 'title', 'meta_description', 'language', 'meta_viewport', 'image_keywords', 'load_time', '404_page', 'noindex'],
  ],
};

function resultFor(i: number): Rating {
  return (['good', 'decent', 'bad'] as const)[i % 3];
}

/** The facts of the i-th demo page with the given checks failing. */
function factsFor(i: number, url: string, failing: Set<string>): PageFacts {
  const title = failing.has('title')
    ? null
    : failing.has('title_length')
      ? `Post ${i}: a very long title that goes on well beyond sixty characters`
      : `Post ${i} | Example`;
  const origin = new URL(url).origin;
  return {
    url,
    status: failing.has('http_status') ? 404 : 200,
    title,
    titleCount: title ? 1 : 0,
    description: failing.has('meta_description')
      ? null
      : `Everything you need to know about post ${i}, explained in a few short paragraphs.`,
    headings: failing.has('headings')
      ? i % 2 === 0
        ? { h2: ['Details'] }
        : { h1: ['One', 'Two', 'Three'] }
      : { h1: [`Post ${i}`], h2: ['Details'] },
    titleWords: title ? ['post', String(i), 'example'] : [],
    bodyWords: ['post', String(i), 'details', 'example', 'text'],
    imagesWithoutAlt: failing.has('image_keywords')
      ? Array.from({ length: 1 + (i % 5) }, (_, n) => ({ url: `${origin}/img/${n}.png`, text: '' }))
      : [],
    links: { Internals: [{ url: `${origin}/`, text: 'Home' }], Externals: [{ url: 'https://www.example.org/', text: 'Example' }] },
    lang: failing.has('language') ? null : 'en',
    viewport: failing.has('meta_viewport') ? null : 'width=device-width, initial-scale=1',
    charset: failing.has('charset') ? null : 'utf-8',
    noindex: failing.has('noindex') ? 'noindex, nofollow' : null,
    loadTimeMs: failing.has('load_time') ? 2400 + ((i * 37) % 900) : 120 + ((i * 53) % 700),
    bytes: failing.has('page_size') ? 400_000 + i * 131 : 18_000 + ((i * 7919) % 200_000),
    requests: { JavaScripts: [`${origin}/app.js`], CSS: [`${origin}/site.css`], Images: [`${origin}/logo.svg`] },
    blockingScripts: [],
    domNodes: 200 + ((i * 31) % 600),
    mixedContent: {},
    serverHeader: [],
    unsafeLinks: [],
    emails: [],
    social: {},
    inlineCss: [],
    deprecatedTags: {},
    textRatio: 12 + (i % 20),
    notFoundPage: failing.has('404_page') ? false : `${origin}/404-demo`,
  };
}

/** The i-th (1-based) demo report, relative to `now`. */
export function seedReport(i: number, now: number): StoredReport {
  const wanted = resultFor(i);
  const sets = FAILING[wanted];
  const failing = new Set(sets[Math.floor(i / 3) % sets.length]);
  const host = SEED_HOSTS[i % SEED_HOSTS.length];
  const https = !failing.has('https_encryption');
  const url = `${https ? 'https' : 'http'}://${host}/${SECTIONS[i % SECTIONS.length]}/${SLUGS[i % SLUGS.length]}-${i}`;
  const analysis = evaluate(factsFor(i, url, failing));
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
