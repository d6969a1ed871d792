// Words for the checks of a report's analysis: readable names of the real service's checks
// (phpRank; docs/spec/real-service-notes.md lists them), a fallback for names never seen, and
// the error kinds in words. Pure: no 'vscode', no markup.

import * as l10n from '@vscode/l10n';
import type { Importance } from './checkResults';

function lookup<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.prototype.hasOwnProperty.call(table, key) ? table[key] : undefined;
}

/**
 * The real service's check names as people read them, each made when asked: the words follow VS
 * Code's display language, which is known only after activation, and a render asks only for the
 * names it shows.
 */
const CHECK_NAMES: Readonly<Record<string, () => string>> = {
  title: () => l10n.t({ message: 'Title', comment: ['one check of a web page analysis'] }),
  meta_description: () => l10n.t({ message: 'Meta description', comment: ['one check of a web page analysis'] }),
  headings: () => l10n.t({ message: 'Headings', comment: ['one check of a web page analysis'] }),
  content_keywords: () => l10n.t({ message: 'Content keywords', comment: ['one check of a web page analysis'] }),
  image_keywords: () => l10n.t({ message: 'Image keywords', comment: ['one check of a web page analysis'] }),
  seo_friendly_url: () => l10n.t({ message: 'SEO-friendly URL', comment: ['one check of a web page analysis'] }),
  '404_page': () => l10n.t({ message: '404 page', comment: ['one check of a web page analysis'] }),
  robots: () => l10n.t({ message: 'Robots', comment: ['one check of a web page analysis'] }),
  noindex: () => l10n.t({ message: 'Noindex', comment: ['one check of a web page analysis'] }),
  in_page_links: () => l10n.t({ message: 'In-page links', comment: ['one check of a web page analysis'] }),
  language: () => l10n.t({ message: 'Language', comment: ['one check of a web page analysis'] }),
  favicon: () => l10n.t({ message: 'Favicon', comment: ['one check of a web page analysis'] }),
  text_compression: () => l10n.t({ message: 'Text compression', comment: ['one check of a web page analysis'] }),
  load_time: () => l10n.t({ message: 'Load time', comment: ['one check of a web page analysis'] }),
  page_size: () => l10n.t({ message: 'Page size', comment: ['one check of a web page analysis'] }),
  http_requests: () => l10n.t({ message: 'HTTP requests', comment: ['one check of a web page analysis'] }),
  image_format: () => l10n.t({ message: 'Image format', comment: ['one check of a web page analysis'] }),
  defer_javascript: () => l10n.t({ message: 'Defer JavaScript', comment: ['one check of a web page analysis'] }),
  dom_size: () => l10n.t({ message: 'DOM size', comment: ['one check of a web page analysis'] }),
  https_encryption: () => l10n.t({ message: 'HTTPS encryption', comment: ['one check of a web page analysis'] }),
  mixed_content: () => l10n.t({ message: 'Mixed content', comment: ['one check of a web page analysis'] }),
  server_signature: () => l10n.t({ message: 'Server signature', comment: ['one check of a web page analysis'] }),
  unsafe_cross_origin_links: () => l10n.t({ message: 'Unsafe cross-origin links', comment: ['one check of a web page analysis'] }),
  plaintext_email: () => l10n.t({ message: 'Plaintext email', comment: ['one check of a web page analysis'] }),
  structured_data: () => l10n.t({ message: 'Structured data', comment: ['one check of a web page analysis'] }),
  meta_viewport: () => l10n.t({ message: 'Meta viewport', comment: ['one check of a web page analysis'] }),
  charset: () => l10n.t({ message: 'Charset', comment: ['one check of a web page analysis'] }),
  sitemap: () => l10n.t({ message: 'Sitemap', comment: ['one check of a web page analysis'] }),
  social: () => l10n.t({ message: 'Social media tags', comment: ['one check of a web page analysis'] }),
  content_length: () => l10n.t({ message: 'Content length', comment: ['one check of a web page analysis'] }),
  text_html_ratio: () => l10n.t({ message: 'Text to HTML ratio', comment: ['one check of a web page analysis'] }),
  inline_css: () => l10n.t({ message: 'Inline CSS', comment: ['one check of a web page analysis'] }),
  deprecated_html_tags: () => l10n.t({ message: 'Deprecated HTML tags', comment: ['one check of a web page analysis'] }),
};

/** The real service's check names as people read them. */
export function checkNames(): Readonly<Record<string, string>> {
  return Object.fromEntries(Object.entries(CHECK_NAMES).map(([key, name]) => [key, name()]));
}

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
  if (known !== undefined) return known();
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

/** "High importance": a known importance in words. */
export function importanceLabel(importance: Importance): string {
  switch (importance) {
    case 'high':
      return l10n.t('High importance');
    case 'medium':
      return l10n.t('Medium importance');
    case 'low':
      return l10n.t('Low importance');
  }
}

/** A number from a detail: the number itself, or `max`/`min`/`limit`/`value` of a record. */
export function numberIn(detail: unknown, ...fields: string[]): number | string | undefined {
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

/** Where the bound of each bounded error kind is found in its detail. */
const BOUNDED: Readonly<Record<string, string[]>> = {
  too_many: ['max', 'limit', 'maximum'],
  too_few: ['min', 'limit', 'minimum'],
  too_large: ['max', 'limit', 'maximum'],
  too_small: ['min', 'limit', 'minimum'],
  too_slow: ['max', 'limit', 'maximum'],
};

/** A bounded error kind in words, with its bound when known: "too many (at most 10)". */
function boundedWords(kind: string, n: number | string | undefined): string {
  switch (kind) {
    case 'too_many':
      return n === undefined ? l10n.t('too many') : l10n.t('too many (at most {0})', n);
    case 'too_few':
      return n === undefined ? l10n.t('too few') : l10n.t('too few (at least {0})', n);
    case 'too_large':
      return n === undefined ? l10n.t('too large') : l10n.t('too large (at most {0})', n);
    case 'too_small':
      return n === undefined ? l10n.t('too small') : l10n.t('too small (at least {0})', n);
    default:
      return n === undefined ? l10n.t('too slow') : l10n.t('too slow (at most {0})', n);
  }
}

/** Error kinds said in a word or two, whatever their detail. */
function plainWords(kind: string): string | undefined {
  switch (kind) {
    case 'missing':
      return l10n.t({ message: 'missing', comment: ['what is wrong with a check of a web page'] });
    case 'duplicate':
      return l10n.t({ message: 'duplicated', comment: ['what is wrong with a check of a web page'] });
    case 'bad_format':
      return l10n.t({ message: 'badly formatted', comment: ['what is wrong with a check of a web page'] });
    case 'bad_tags':
      return l10n.t({ message: 'uses tags it should not', comment: ['what is wrong with a check of a web page'] });
    case 'failed':
      return l10n.t({ message: 'failed', comment: ['what is wrong with a check of a web page'] });
    default:
      return undefined;
  }
}

/** Nothing worth showing beside the words. */
function emptyDetail(detail: unknown): boolean {
  return detail === undefined || detail === null || detail === true || detail === false || detail === '' || detail === 0;
}

/** An error kind of a check, with its detail, in words. Unknown kinds: their name in words. */
export function errorWords(kind: string, detail: unknown): ErrorWords {
  const fields = lookup(BOUNDED, kind);
  if (fields) {
    const n = numberIn(detail, ...fields);
    if (n !== undefined) return { text: boundedWords(kind, n), detailSaid: true };
    return { text: boundedWords(kind, undefined), detailSaid: emptyDetail(detail) };
  }
  if (kind === 'length') {
    const range = typeof detail === 'object' && detail !== null;
    const min = range ? numberIn(detail, 'min', 'minimum') : undefined;
    const max = range ? numberIn(detail, 'max', 'maximum') : undefined;
    if (min !== undefined && max !== undefined) return { text: l10n.t('length must be {0}–{1}', min, max), detailSaid: true };
    if (max !== undefined) return { text: l10n.t('length must be at most {0}', max), detailSaid: true };
    if (min !== undefined) return { text: l10n.t('length must be at least {0}', min), detailSaid: true };
    return { text: l10n.t('wrong length'), detailSaid: emptyDetail(detail) };
  }
  const plain = plainWords(kind);
  if (plain !== undefined) return { text: plain, detailSaid: emptyDetail(detail) };
  const words = checkName(kind);
  const text = /^[A-Z][a-z]/.test(words) ? words[0].toLowerCase() + words.slice(1) : words;
  return { text, detailSaid: emptyDetail(detail) };
}
