// Words for the checks of a report's analysis: readable names of the real service's checks
// (phpRank; docs/spec/real-service-notes.md lists them), a fallback for names never seen, and
// the error kinds in words. Pure: no 'vscode', no markup.

import { lookup } from './format';

/** The real service's check names as people read them. */
export const CHECK_NAMES: Readonly<Record<string, string>> = {
  title: 'Title',
  meta_description: 'Meta description',
  headings: 'Headings',
  content_keywords: 'Content keywords',
  image_keywords: 'Image keywords',
  seo_friendly_url: 'SEO-friendly URL',
  '404_page': '404 page',
  robots: 'Robots',
  noindex: 'Noindex',
  in_page_links: 'In-page links',
  language: 'Language',
  favicon: 'Favicon',
  text_compression: 'Text compression',
  load_time: 'Load time',
  page_size: 'Page size',
  http_requests: 'HTTP requests',
  image_format: 'Image format',
  defer_javascript: 'Defer JavaScript',
  dom_size: 'DOM size',
  https_encryption: 'HTTPS encryption',
  mixed_content: 'Mixed content',
  server_signature: 'Server signature',
  unsafe_cross_origin_links: 'Unsafe cross-origin links',
  plaintext_email: 'Plaintext email',
  structured_data: 'Structured data',
  meta_viewport: 'Meta viewport',
  charset: 'Charset',
  sitemap: 'Sitemap',
  social: 'Social',
  content_length: 'Content length',
  text_html_ratio: 'Text to HTML ratio',
  inline_css: 'Inline CSS',
  deprecated_html_tags: 'Deprecated HTML tags',
};

const ACRONYMS: Readonly<Record<string, string>> = {
  url: 'URL',
  urls: 'URLs',
  seo: 'SEO',
  html: 'HTML',
  css: 'CSS',
  js: 'JS',
  javascript: 'JavaScript',
  http: 'HTTP',
  https: 'HTTPS',
  dom: 'DOM',
  ssl: 'SSL',
  tls: 'TLS',
  hsts: 'HSTS',
  json: 'JSON',
  xml: 'XML',
  api: 'API',
  id: 'ID',
  amp: 'AMP',
  cdn: 'CDN',
};

/**
 * A check's name for people: the table's, else an identifier-like name in words
 * ("brand_new_check" → "Brand new check", "http2_push" → "Http2 push"), else the name as sent.
 */
export function checkName(key: string): string {
  const known = lookup(CHECK_NAMES, key);
  if (known !== undefined) return known;
  if (!/^[A-Za-z0-9]+([_\-.][A-Za-z0-9]+)*$/.test(key)) return key;
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[_\-.\s]+/)
    .map((word, i) => {
      const lower = word.toLowerCase();
      const acronym = lookup(ACRONYMS, lower);
      if (acronym !== undefined) return acronym;
      return i === 0 ? lower[0].toUpperCase() + lower.slice(1) : lower;
    })
    .join(' ');
}

export type Importance = 'high' | 'medium' | 'low';
export const IMPORTANCE_ORDER: readonly Importance[] = ['high', 'medium', 'low'];
export const IMPORTANCE_LABELS: Record<Importance, string> = {
  high: 'High importance',
  medium: 'Medium importance',
  low: 'Low importance',
};

/** A number from a detail: the number itself, or `max`/`min`/`limit`/`value` of a record. */
function numberIn(detail: unknown, ...fields: string[]): number | string | undefined {
  if (typeof detail === 'number' && Number.isFinite(detail)) return detail;
  if (typeof detail === 'string' && /^\s*\d+(\.\d+)?\s*[a-zA-Z%]*\s*$/.test(detail)) return detail.trim();
  if (typeof detail === 'object' && detail !== null && !Array.isArray(detail)) {
    const record = detail as Record<string, unknown>;
    for (const field of fields) {
      const found = numberIn(record[field]);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

export interface ErrorWords {
  /** What is wrong, in words: "too many (at most 10)". */
  text: string;
  /** Whether the detail is said in `text`; if not, the detail is shown beside it. */
  detailSaid: boolean;
}

const BOUNDED: Readonly<Record<string, { words: string; bound: 'at most' | 'at least'; fields: string[] }>> = {
  too_many: { words: 'too many', bound: 'at most', fields: ['max', 'limit', 'maximum'] },
  too_few: { words: 'too few', bound: 'at least', fields: ['min', 'limit', 'minimum'] },
  too_large: { words: 'too large', bound: 'at most', fields: ['max', 'limit', 'maximum'] },
  too_small: { words: 'too small', bound: 'at least', fields: ['min', 'limit', 'minimum'] },
  too_slow: { words: 'too slow', bound: 'at most', fields: ['max', 'limit', 'maximum'] },
};

const PLAIN: Readonly<Record<string, string>> = {
  missing: 'missing',
  duplicate: 'duplicated',
  bad_format: 'badly formatted',
  bad_tags: 'uses tags it should not',
  failed: 'failed',
};

/** Nothing worth showing beside the words. */
function emptyDetail(detail: unknown): boolean {
  return detail === undefined || detail === null || detail === true || detail === false || detail === '' || detail === 0;
}

/** An error kind of a check, with its detail, in words. Unknown kinds: their name in words. */
export function errorWords(kind: string, detail: unknown): ErrorWords {
  const bounded = lookup(BOUNDED, kind);
  if (bounded) {
    const n = numberIn(detail, ...bounded.fields);
    if (n !== undefined) return { text: `${bounded.words} (${bounded.bound} ${n})`, detailSaid: true };
    return { text: bounded.words, detailSaid: emptyDetail(detail) };
  }
  if (kind === 'length') {
    const range = typeof detail === 'object' && detail !== null;
    const min = range ? numberIn(detail, 'min', 'minimum') : undefined;
    const max = range ? numberIn(detail, 'max', 'maximum') : undefined;
    if (min !== undefined && max !== undefined) return { text: `length must be ${min}–${max}`, detailSaid: true };
    if (max !== undefined) return { text: `length must be at most ${max}`, detailSaid: true };
    if (min !== undefined) return { text: `length must be at least ${min}`, detailSaid: true };
    return { text: 'wrong length', detailSaid: emptyDetail(detail) };
  }
  const plain = lookup(PLAIN, kind);
  if (plain !== undefined) return { text: plain, detailSaid: emptyDetail(detail) };
  const words = checkName(kind);
  const text = /^[A-Z][a-z]/.test(words) ? words[0].toLowerCase() + words.slice(1) : words;
  return { text, detailSaid: emptyDetail(detail) };
}
