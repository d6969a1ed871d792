// Demo data, made without any network: deterministic URLs over a few hosts, results spread over
// good/decent/bad (i % 3), checks made by the real scoring so they agree with score and result.
import { evaluate, type PageFacts } from './analyze';
import type { Privacy, Rating, StoredReport } from './types';

export const SEED_HOSTS = ['www.example.com', 'shop.example.org', 'docs.example.net', 'blog.example.io'] as const;
const SECTIONS = ['blog', 'products', 'guides', 'news', 'about'];
const SLUGS = ['post', 'launch', 'pricing', 'getting-started', 'faq', 'release-notes', 'team'];
const DAY_MS = 24 * 60 * 60 * 1000;

/** Which checks fail, per band; each set is chosen so the score lands in the band. */
const FAILING: Record<Rating, string[][]> = {
  good: [[], ['canonical'], ['image_alt', 'response_time'], ['title_length'], ['meta_description_length', 'canonical']],
  decent: [
    ['meta_description', 'image_alt', 'canonical'],
    ['https', 'title_length', 'h1', 'lang'],
    ['meta_description', 'h1', 'image_alt', 'response_time', 'page_size'],
    ['indexable', 'viewport', 'title_length', 'image_alt'],
  ],
  bad: [
    ['title', 'meta_description', 'h1', 'lang', 'viewport', 'image_alt', 'indexable', 'canonical'],
    ['status', 'title', 'meta_description'],
    ['https', 'title', 'meta_description', 'lang', 'viewport', 'image_alt', 'response_time', 'canonical', 'indexable'],
  ],
};

function resultFor(i: number): Rating {
  return (['good', 'decent', 'bad'] as const)[i % 3];
}

/** The i-th (1-based) demo report, relative to `now`. */
export function seedReport(i: number, now: number): StoredReport {
  const wanted = resultFor(i);
  const sets = FAILING[wanted];
  const failing = new Set(sets[Math.floor(i / 3) % sets.length]);
  const host = SEED_HOSTS[i % SEED_HOSTS.length];
  const https = !failing.has('https');
  const url = `${https ? 'https' : 'http'}://${host}/${SECTIONS[i % SECTIONS.length]}/${SLUGS[i % SLUGS.length]}-${i}`;
  const title = failing.has('title')
    ? null
    : failing.has('title_length')
      ? `Post ${i}: a very long title that goes on well beyond sixty characters`
      : `Post ${i} | Example`;
  const facts: PageFacts = {
    status: failing.has('status') ? 404 : 200,
    https,
    title,
    description: failing.has('meta_description')
      ? null
      : failing.has('meta_description_length')
        ? `Post ${i}.`
        : `Everything you need to know about post ${i}, explained in a few short paragraphs.`,
    h1Count: failing.has('h1') ? (i % 2 === 0 ? 0 : 3) : 1,
    lang: failing.has('lang') ? null : 'en',
    viewport: failing.has('viewport') ? null : 'width=device-width, initial-scale=1',
    imagesWithoutAlt: failing.has('image_alt') ? 1 + (i % 5) : 0,
    responseTimeMs: failing.has('response_time') ? 1200 + ((i * 37) % 900) : 120 + ((i * 53) % 700),
    bytes: failing.has('page_size') ? 600_000 + i * 131 : 18_000 + ((i * 7919) % 200_000),
    noindex: failing.has('indexable'),
    canonical: failing.has('canonical') ? null : url,
  };
  const analysis = evaluate(facts);
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
