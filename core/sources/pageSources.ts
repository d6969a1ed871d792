// The config's `sources`: which workspace file produces which page. Each entry maps a URL pattern
// to a file pattern with the same placeholders (`https://example.com/blog/{slug}` ↔
// `content/blog/{slug}.md`). URLs are compared as `urlKey` compares them (scheme and host without
// case, the default port dropped, a trailing slash ignored, percent-escapes in upper case); the
// query and fragment are not part of the page. The first entry that matches wins.
import * as l10n from '@vscode/l10n';
import { urlKey } from '../urls/urlKey';
import { fillSegments, matchSegments, MAX_PATTERN_LENGTH, parseSegments, placeholders, type Segment, type Values } from './sourcePattern';

/** Entries of `sources` compiled, at most. */
export const MAX_SOURCES = 1_000;
/** Characters of a URL looked up, at most; a longer one maps to no file. */
export const MAX_URL_LENGTH = 8_192;
/** Characters of a file path looked up, at most; a longer one maps to no page. */
export const MAX_FILE_LENGTH = 4_096;
/** Path segments of a URL or file looked up, at most. */
export const MAX_PATH_SEGMENTS = 256;

export interface SourceEntry {
  url: string;
  file: string;
}

/** Why an entry of `sources` cannot be used: `index` is its place in the list (-1: the list itself). */
export interface SourceProblem {
  index: number;
  field: 'url' | 'file' | 'sources';
  message: string;
}

export interface SourceMatcher {
  /** The workspace-relative file (with `/`) that produces the page at `url`, or undefined. */
  sourceFileOf(url: string): string | undefined;
  /** The page URL a workspace-relative file (with `/`) produces, or undefined. */
  pageUrlOf(file: string): string | undefined;
}

export type CompiledSources = { ok: true; matcher: SourceMatcher } | { ok: false; problems: SourceProblem[] };

interface Compiled {
  /** `scheme://host[:port]` as urlKey writes it. */
  origin: string;
  urlSegments: Segment[];
  /** Whether the pattern's URL ends in `/` (kept in the URLs `pageUrlOf` writes). */
  trailingSlash: boolean;
  fileSegments: Segment[];
}

type Side<T> = { value: T } | { problem: string };

const URL_PATTERN = /^(https?):\/\/([^/?#{}\\]+)(\/[^?#\\]*)?$/i;
const ESCAPE = /%[0-9a-f]{2}/gi;
// eslint-disable-next-line no-control-regex -- control characters are what this refuses
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** Literal URL path text as the URL parser writes it (non-ASCII and spaces percent-encoded, escapes upper case). */
function urlText(text: string): string {
  if (text === '') return '';
  const encoded = new URL(`http://h/${text}`).pathname.slice(1);
  return encoded.replace(ESCAPE, (e) => e.toUpperCase());
}

function compileUrl(pattern: string): Side<Pick<Compiled, 'origin' | 'urlSegments' | 'trailingSlash'>> {
  if (pattern.length > MAX_PATTERN_LENGTH) return { problem: l10n.t('it is longer than {0} characters', MAX_PATTERN_LENGTH) };
  const m = URL_PATTERN.exec(pattern.trim());
  if (!m) {
    return {
      problem: l10n.t(
        'it must be an http(s) URL such as "https://example.com/blog/{slug}" (no query, fragment or backslash; placeholders only in the path)',
      ),
    };
  }
  const origin = m[2].includes('@') ? undefined : urlKey(`${m[1]}://${m[2]}`);
  if (origin === undefined || origin.includes('/', origin.indexOf('//') + 2)) return { problem: l10n.t('"{0}" is not a host name', m[2]) };
  const rawPath = (m[3] ?? '').replace(/^\//, '');
  const trailingSlash = rawPath.endsWith('/');
  const parsed = parseSegments(rawPath.replace(/\/+$/, ''));
  if ('problem' in parsed) return parsed;
  const urlSegments: Segment[] = [];
  for (const s of parsed.segments) {
    if (s.name === undefined && (s.prefix === '.' || s.prefix === '..' || s.prefix === '')) {
      return { problem: l10n.t('the path has an empty, "." or ".." segment') };
    }
    urlSegments.push({ ...s, prefix: urlText(s.prefix), suffix: urlText(s.suffix) });
  }
  return { value: { origin, urlSegments, trailingSlash } };
}

function compileFile(pattern: string): Side<Segment[]> {
  if (pattern.startsWith('/') || /^[A-Za-z]:/.test(pattern) || pattern.includes('\\') || CONTROL.test(pattern)) {
    return { problem: l10n.t('it must be a path relative to the workspace folder, written with "/" (such as "content/blog/{slug}.md")') };
  }
  const parsed = parseSegments(pattern);
  if ('problem' in parsed) return parsed;
  if (parsed.segments.length === 0) return { problem: l10n.t('it must name a file') };
  for (const s of parsed.segments) {
    if (s.name === undefined && (s.prefix === '.' || s.prefix === '..' || s.prefix === '')) {
      return { problem: l10n.t('the path has an empty, "." or ".." segment') };
    }
  }
  return { value: parsed.segments };
}

function samePlaceholders(a: readonly Segment[], b: readonly Segment[]): string | undefined {
  const left = placeholders(a);
  const right = placeholders(b);
  for (const [name, many] of left) {
    if (!right.has(name)) return l10n.t('the placeholder {0} of "url" is not in "file"', `{${name}}`);
    if (right.get(name) !== many) return l10n.t('the placeholder {0} takes one segment on one side and several on the other', `{${name}}`);
  }
  for (const name of right.keys()) if (!left.has(name)) return l10n.t('the placeholder {0} of "file" is not in "url"', `{${name}}`);
  return undefined;
}

/** Compiles the config's `sources`; every problem of every entry is listed. */
export function compileSources(sources: readonly SourceEntry[]): CompiledSources {
  if (!Array.isArray(sources)) {
    return { ok: false, problems: [{ index: -1, field: 'sources', message: l10n.t('"sources" must be a list') }] };
  }
  if (sources.length > MAX_SOURCES) {
    return {
      ok: false,
      problems: [{ index: -1, field: 'sources', message: l10n.t('"sources" may hold at most {0} entries', MAX_SOURCES) }],
    };
  }
  const problems: SourceProblem[] = [];
  const compiled: Compiled[] = [];
  sources.forEach((entry: unknown, index) => {
    const url = typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>).url : undefined;
    const file = typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>).file : undefined;
    const urlSide: Side<Pick<Compiled, 'origin' | 'urlSegments' | 'trailingSlash'>> =
      typeof url === 'string' ? compileUrl(url) : { problem: l10n.t('it must be a URL pattern (text)') };
    const fileSide: Side<Segment[]> =
      typeof file === 'string' ? compileFile(file) : { problem: l10n.t('it must be a file pattern (text)') };
    if ('problem' in urlSide) problems.push({ index, field: 'url', message: urlSide.problem });
    if ('problem' in fileSide) problems.push({ index, field: 'file', message: fileSide.problem });
    if ('problem' in urlSide || 'problem' in fileSide) return;
    const mismatch = samePlaceholders(urlSide.value.urlSegments, fileSide.value);
    if (mismatch !== undefined) {
      problems.push({ index, field: 'file', message: mismatch });
      return;
    }
    compiled.push({ ...urlSide.value, fileSegments: fileSide.value });
  });
  if (problems.length) return { ok: false, problems };
  return { ok: true, matcher: matcherOf(compiled) };
}

/** The origin and path segments of a URL as urlKey compares it, without query and fragment. */
function urlParts(url: string): { origin: string; texts: string[] } | undefined {
  if (typeof url !== 'string' || url.length > MAX_URL_LENGTH) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return undefined;
  }
  parsed.search = '';
  parsed.hash = '';
  const key = urlKey(parsed.href);
  if (key === undefined) return undefined;
  const origin = `${parsed.protocol}//${parsed.host}`;
  const path = key.slice(origin.length);
  if (!path) return { origin, texts: [] };
  const texts = path.slice(1).split('/', MAX_PATH_SEGMENTS + 1);
  return texts.length > MAX_PATH_SEGMENTS ? undefined : { origin, texts };
}

/** A URL path segment as a file name segment, or undefined when it cannot be one. */
function decodedSegment(text: string): string | undefined {
  let name: string;
  try {
    name = decodeURIComponent(text);
  } catch {
    return undefined;
  }
  if (name === '' || name === '.' || name === '..' || name.includes('/') || name.includes('\\') || CONTROL.test(name)) return undefined;
  return name;
}

function mapValues(values: Values, map: (segment: string) => string | undefined): Values | undefined {
  const out: Values = new Map();
  for (const [name, value] of values) {
    const parts = value.split('/').map(map);
    if (parts.some((p) => p === undefined)) return undefined;
    out.set(name, parts.join('/'));
  }
  return out;
}

function fileTexts(file: string): string[] | undefined {
  if (typeof file !== 'string' || file.length > MAX_FILE_LENGTH || file.startsWith('/') || file.includes('\\') || CONTROL.test(file)) {
    return undefined;
  }
  const texts = file.split('/', MAX_PATH_SEGMENTS + 1);
  if (texts.length > MAX_PATH_SEGMENTS || texts.some((t) => t === '' || t === '.' || t === '..')) return undefined;
  return texts;
}

function matcherOf(entries: readonly Compiled[]): SourceMatcher {
  return {
    sourceFileOf(url) {
      const parts = urlParts(url);
      if (!parts) return undefined;
      for (const entry of entries) {
        if (entry.origin !== parts.origin) continue;
        const values = matchSegments(entry.urlSegments, parts.texts);
        const decoded = values && mapValues(values, decodedSegment);
        const filled = decoded && fillSegments(entry.fileSegments, decoded);
        if (filled) return filled.join('/');
      }
      return undefined;
    },
    pageUrlOf(file) {
      const texts = fileTexts(file);
      if (!texts) return undefined;
      for (const entry of entries) {
        const values = matchSegments(entry.fileSegments, texts);
        const encoded = values && mapValues(values, (segment) => encodeURIComponent(segment));
        const filled = encoded && fillSegments(entry.urlSegments, encoded);
        if (!filled) continue;
        const path = filled.join('/');
        return `${entry.origin}/${path}${path && entry.trailingSlash ? '/' : ''}`;
      }
      return undefined;
    },
  };
}
