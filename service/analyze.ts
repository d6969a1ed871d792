// The analysis of a page: fetch it (undici, own Agent, no credentials), run the checks, score it.
import { Agent, request, type Dispatcher } from 'undici';
import { parse } from 'node-html-parser';
import type { Check, CheckCategory, Rating } from './types';

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_BYTES = 2 * 1024 * 1024;
export const MAX_REDIRECTS = 5;
export const USER_AGENT = 'WebsiteReportsBot/0.1 (+local report service)';

/** What the checks look at; extracted from a fetched page, or made up by the seed. */
export interface PageFacts {
  status: number;
  https: boolean;
  title: string | null;
  description: string | null;
  h1Count: number;
  lang: string | null;
  viewport: string | null;
  imagesWithoutAlt: number;
  responseTimeMs: number;
  bytes: number;
  noindex: boolean;
  canonical: string | null;
}

export interface Analysis {
  result: Rating;
  score: number;
  results: Check[];
}

/** The page could not be fetched; `reason` is short and meant for people ("connection refused"). */
export class AnalysisError extends Error {
  constructor(readonly reason: string) {
    super(`The page could not be analysed: ${reason}`);
    this.name = 'AnalysisError';
  }
}

export interface AnalyzeOptions {
  timeoutMs?: number;
  maxBytes?: number;
  /** an Agent to reuse; without one a fresh Agent is made and closed per call */
  dispatcher?: Dispatcher;
}

interface CheckDef {
  key: string;
  name: string;
  category: CheckCategory;
  weight: number;
  passed: (f: PageFacts) => boolean;
  value: (f: PageFacts) => string | number | boolean | null;
  ok: string;
  fix: string;
}

const CHECKS: readonly CheckDef[] = [
  {
    key: 'status',
    name: 'HTTP status',
    category: 'availability',
    weight: 3,
    passed: (f) => f.status >= 200 && f.status < 300,
    value: (f) => f.status,
    ok: 'The page answers with a success status.',
    fix: 'Make the page answer with a 2xx status; visitors and search engines get an error now.',
  },
  {
    key: 'https',
    name: 'HTTPS',
    category: 'security',
    weight: 2,
    passed: (f) => f.https,
    value: (f) => f.https,
    ok: 'The page is served over HTTPS.',
    fix: 'Serve the page over HTTPS and redirect HTTP to it.',
  },
  {
    key: 'title',
    name: 'Title',
    category: 'seo',
    weight: 2,
    passed: (f) => !!f.title,
    value: (f) => f.title || null,
    ok: 'The page has a title.',
    fix: 'Add a <title> element that describes the page.',
  },
  {
    key: 'title_length',
    name: 'Title length',
    category: 'seo',
    weight: 1,
    passed: (f) => lengthOf(f.title) >= 10 && lengthOf(f.title) <= 60,
    value: (f) => lengthOf(f.title),
    ok: 'The title length is between 10 and 60 characters.',
    fix: 'Keep the title between 10 and 60 characters so it is not cut off in search results.',
  },
  {
    key: 'meta_description',
    name: 'Meta description',
    category: 'seo',
    weight: 2,
    passed: (f) => !!f.description,
    value: (f) => f.description || null,
    ok: 'The page has a meta description.',
    fix: 'Add <meta name="description"> with a summary of the page.',
  },
  {
    key: 'meta_description_length',
    name: 'Meta description length',
    category: 'seo',
    weight: 1,
    passed: (f) => lengthOf(f.description) >= 50 && lengthOf(f.description) <= 160,
    value: (f) => lengthOf(f.description),
    ok: 'The meta description length is between 50 and 160 characters.',
    fix: 'Keep the meta description between 50 and 160 characters.',
  },
  {
    key: 'h1',
    name: 'Single H1 heading',
    category: 'seo',
    weight: 1,
    passed: (f) => f.h1Count === 1,
    value: (f) => f.h1Count,
    ok: 'The page has exactly one <h1>.',
    fix: 'Use exactly one <h1> heading for the main topic of the page.',
  },
  {
    key: 'lang',
    name: 'Language attribute',
    category: 'accessibility',
    weight: 1,
    passed: (f) => !!f.lang,
    value: (f) => f.lang || null,
    ok: 'The <html> element declares the page language.',
    fix: 'Add a lang attribute to <html>, e.g. <html lang="en">, for screen readers.',
  },
  {
    key: 'viewport',
    name: 'Viewport',
    category: 'accessibility',
    weight: 1,
    passed: (f) => !!f.viewport,
    value: (f) => f.viewport || null,
    ok: 'The page declares a viewport for mobile devices.',
    fix: 'Add <meta name="viewport" content="width=device-width, initial-scale=1">.',
  },
  {
    key: 'image_alt',
    name: 'Image alt text',
    category: 'accessibility',
    weight: 1,
    passed: (f) => f.imagesWithoutAlt === 0,
    value: (f) => f.imagesWithoutAlt,
    ok: 'Every image has an alt attribute.',
    fix: 'Give every <img> an alt attribute (empty for decorative images).',
  },
  {
    key: 'response_time',
    name: 'Response time',
    category: 'performance',
    weight: 1,
    passed: (f) => f.responseTimeMs < 1000,
    value: (f) => Math.round(f.responseTimeMs),
    ok: 'The page responded in under one second.',
    fix: 'Make the page respond in under one second (caching, a faster backend, a CDN).',
  },
  {
    key: 'page_size',
    name: 'Page size',
    category: 'performance',
    weight: 1,
    passed: (f) => f.bytes < 500 * 1024,
    value: (f) => f.bytes,
    ok: 'The HTML is smaller than 500 KB.',
    fix: 'Reduce the HTML below 500 KB: remove inline data and unused markup.',
  },
  {
    key: 'indexable',
    name: 'Indexable',
    category: 'seo',
    weight: 2,
    passed: (f) => !f.noindex,
    value: (f) => !f.noindex,
    ok: 'Search engines may index the page.',
    fix: 'Remove "noindex" from the robots meta tag or the X-Robots-Tag header if the page should be found.',
  },
  {
    key: 'canonical',
    name: 'Canonical link',
    category: 'seo',
    weight: 1,
    passed: (f) => !!f.canonical,
    value: (f) => f.canonical || null,
    ok: 'The page declares a canonical URL.',
    fix: 'Add <link rel="canonical" href="..."> to avoid duplicate-content issues.',
  },
];

/** The keys of every check, in the order they are reported. */
export const CHECK_KEYS: readonly string[] = CHECKS.map((c) => c.key);

function lengthOf(s: string | null): number {
  return s ? [...s].length : 0;
}

export function ratingFor(score: number): Rating {
  return score >= 80 ? 'good' : score >= 50 ? 'decent' : 'bad';
}

/**
 * Runs the checks on the facts. Score = weighted pass percentage. A page that does not answer with
 * a 2xx status is never better than 'bad' (its score is capped at 49).
 */
export function evaluate(facts: PageFacts): Analysis {
  let total = 0;
  let passedWeight = 0;
  const results: Check[] = CHECKS.map((def) => {
    const passed = def.passed(facts);
    total += def.weight;
    if (passed) passedWeight += def.weight;
    return { key: def.key, name: def.name, category: def.category, passed, value: def.value(facts), advice: passed ? def.ok : def.fix };
  });
  let score = Math.round((100 * passedWeight) / total);
  if (!results[0].passed) score = Math.min(score, 49);
  return { result: ratingFor(score), score, results };
}

/** Extracts the facts from a fetched page. */
export function extractFacts(page: {
  url: string;
  status: number;
  headers: Record<string, string | string[] | undefined>;
  html: string;
  responseTimeMs: number;
  bytes: number;
}): PageFacts {
  const root = parse(page.html, { comment: false, blockTextElements: { script: false, style: false, noscript: false, pre: true } });
  const meta = (name: string): string | null => {
    for (const el of root.querySelectorAll('meta')) {
      if ((el.getAttribute('name') ?? '').trim().toLowerCase() === name) {
        const content = (el.getAttribute('content') ?? '').trim();
        return content || null;
      }
    }
    return null;
  };
  const titleEl = root.querySelector('title');
  const title = titleEl ? titleEl.text.replace(/\s+/g, ' ').trim() || null : null;
  const htmlEl = root.querySelector('html');
  const lang = htmlEl ? (htmlEl.getAttribute('lang') ?? '').trim() || null : null;
  const images = root.querySelectorAll('img');
  const imagesWithoutAlt = images.filter((img) => img.getAttribute('alt') === undefined).length;
  let canonical: string | null = null;
  for (const link of root.querySelectorAll('link')) {
    const rel = (link.getAttribute('rel') ?? '').toLowerCase().split(/\s+/);
    const href = (link.getAttribute('href') ?? '').trim();
    if (rel.includes('canonical') && href) {
      try {
        canonical = new URL(href, page.url).href;
      } catch {
        canonical = href;
      }
      break;
    }
  }
  const robots = `${meta('robots') ?? ''} ${meta('googlebot') ?? ''} ${headerText(page.headers['x-robots-tag'])}`.toLowerCase();
  return {
    status: page.status,
    https: new URL(page.url).protocol === 'https:',
    title,
    description: meta('description'),
    h1Count: root.querySelectorAll('h1').length,
    lang,
    viewport: meta('viewport'),
    imagesWithoutAlt,
    responseTimeMs: page.responseTimeMs,
    bytes: page.bytes,
    noindex: /\b(noindex|none)\b/.test(robots),
    canonical,
  };
}

function headerText(v: string | string[] | undefined): string {
  return Array.isArray(v) ? v.join(', ') : (v ?? '');
}

/** Fetches `url` and rates it. Throws AnalysisError when the page cannot be fetched at all. */
export async function analyzeUrl(url: string, opts: AnalyzeOptions = {}): Promise<Analysis & { finalUrl: string }> {
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  const ownAgent = opts.dispatcher ? undefined : new Agent({ connect: { timeout: timeoutMs }, keepAliveTimeout: 1000 });
  const dispatcher = opts.dispatcher ?? ownAgent!;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const started = performance.now();
  try {
    let current = withoutCredentials(url);
    for (let hop = 0; ; hop++) {
      const res = await request(current, {
        method: 'GET',
        dispatcher,
        signal: controller.signal,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
        // Only these headers: never an Authorization header or the service's key.
        headers: { 'user-agent': USER_AGENT, accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5' },
      });
      const location = res.headers['location'];
      if ([301, 302, 303, 307, 308].includes(res.statusCode) && typeof location === 'string' && location) {
        await res.body.dump().catch(() => undefined);
        if (hop >= MAX_REDIRECTS) throw new AnalysisError(`too many redirects (more than ${MAX_REDIRECTS})`);
        let next: URL;
        try {
          next = new URL(location, current);
        } catch {
          throw new AnalysisError('invalid redirect location');
        }
        if (next.protocol !== 'http:' && next.protocol !== 'https:')
          throw new AnalysisError(`redirect to an unsupported URL scheme (${next.protocol})`);
        current = withoutCredentials(next.href);
        continue;
      }
      const chunks: Buffer[] = [];
      let bytes = 0;
      for await (const chunk of res.body as AsyncIterable<Buffer>) {
        const room = maxBytes - bytes;
        chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
        bytes += chunk.length;
        if (bytes >= maxBytes) {
          res.body.destroy();
          break;
        }
      }
      const responseTimeMs = performance.now() - started;
      const html = Buffer.concat(chunks).toString('utf8');
      const facts = extractFacts({ url: current, status: res.statusCode, headers: res.headers, html, responseTimeMs, bytes });
      return { ...evaluate(facts), finalUrl: current };
    }
  } catch (err) {
    if (err instanceof AnalysisError) throw err;
    if (controller.signal.aborted) throw new AnalysisError(`timed out after ${formatSeconds(timeoutMs)}`);
    throw new AnalysisError(describeFetchError(err, timeoutMs));
  } finally {
    clearTimeout(timer);
    if (ownAgent) await ownAgent.close().catch(() => undefined);
  }
}

/** Drops user:password@ from the URL: no credentials of any kind go to the analysed site. */
function withoutCredentials(raw: string): string {
  const u = new URL(raw);
  if (!u.username && !u.password) return raw;
  u.username = '';
  u.password = '';
  return u.href;
}

function formatSeconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(3))}s`;
}

/** A short reason for people from an undici/Node network error. */
export function describeFetchError(err: unknown, timeoutMs: number): string {
  const codes: string[] = [];
  let e: unknown = err;
  for (let i = 0; i < 5 && e && typeof e === 'object'; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
    e = (e as { cause?: unknown }).cause;
  }
  const has = (...c: string[]): boolean => codes.some((x) => c.includes(x));
  if (has('ECONNREFUSED')) return 'connection refused';
  if (has('ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_FAIL')) return 'DNS lookup failed';
  if (has('UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'ETIMEDOUT', 'UND_ERR_ABORTED', 'ABORT_ERR'))
    return `timed out after ${formatSeconds(timeoutMs)}`;
  if (has('ECONNRESET', 'UND_ERR_SOCKET', 'EPIPE')) return 'connection reset';
  if (has('EHOSTUNREACH', 'ENETUNREACH')) return 'host unreachable';
  if (codes.some((c) => c.startsWith('ERR_TLS') || c.startsWith('CERT_') || c.includes('SELF_SIGNED') || c.startsWith('UNABLE_TO')))
    return 'TLS certificate error';
  const message = err instanceof Error ? err.message : String(err);
  return message ? `fetch failed (${message})` : 'fetch failed';
}
