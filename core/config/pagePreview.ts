// The config's `preview` and `lang`: where a page can be seen before it is published — a running
// server (`{ "origin": "http://localhost:4000" }`: a dev server or a preview deployment) or a
// build folder (`{ "dir": "_site" }`, relative to the config's folder) — and the pages' language.
// A page's published URL maps to its preview by its path: the same path on the origin, or the
// built file in the folder (`/blog/x/` → `_site/blog/x/index.html`, `/blog/x` → also
// `_site/blog/x.html`). The config may come from a pull request: no path leaves the folder.
import * as l10n from '@vscode/l10n';
import { isLangTag } from '../text/langTag';
import { HTML_EXTENSIONS, isHtmlPath } from '../files/htmlFiles';

export type PagePreview = { origin: string } | { dir: string };

/** Characters of `preview.dir` and of a page path mapped, at most. */
export const MAX_PREVIEW_PATH = 2_048;
/** Path segments of a page URL mapped to a built file, at most. */
export const MAX_PREVIEW_SEGMENTS = 64;

/** The checked `preview`, or the problem in words. */
export function previewOf(value: unknown): PagePreview | { problem: string } {
  const shape = l10n.t('"{0}" must be {1} or {2}.', 'preview', '{ "origin": "http://localhost:4000" }', '{ "dir": "_site" }');
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { problem: shape };
  const names = Object.keys(value);
  if (names.length !== 1 || (names[0] !== 'origin' && names[0] !== 'dir')) return { problem: shape };
  const field = (value as Record<string, unknown>)[names[0]];
  if (typeof field !== 'string' || field.length === 0 || field.length > MAX_PREVIEW_PATH) return { problem: shape };
  if (names[0] === 'origin') {
    let url: URL;
    try {
      url = new URL(field);
    } catch {
      return { problem: shape };
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) {
      return { problem: l10n.t('"{0}" must be an http(s) address without a user name or password.', 'preview.origin') };
    }
    return { origin: url.origin };
  }
  const dir = normalDir(field);
  if (dir === undefined) return { problem: l10n.t('"{0}" must be a folder inside the config\'s folder, such as "_site".', 'preview.dir') };
  return { dir };
}

/** The checked `lang`, or the problem in words. */
export function langOf(value: unknown): string | { problem: string } {
  if (isLangTag(value)) return value;
  return { problem: l10n.t('"{0}" must be a language tag such as "en" or "de-CH".', 'lang') };
}

/** `_site`, `./_site/`, `out\\site` as `_site`, `out/site`; undefined for a path that leaves the folder. */
function normalDir(text: string): string | undefined {
  const parts = text.replace(/\\/g, '/').split('/');
  if (parts[0] === '' && parts.length > 1) return undefined; // absolute
  if (/^[A-Za-z]:$/.test(parts[0])) return undefined; // a drive
  const kept = parts.filter((p) => p !== '' && p !== '.');
  if (kept.some((p) => p === '..' || p.includes('\0'))) return undefined;
  return kept.length ? kept.join('/') : '.';
}

/** The page's address on the preview origin: the published URL's path and query there. */
export function previewUrlOf(origin: string, pageUrl: string): string | undefined {
  let page: URL;
  try {
    page = new URL(pageUrl);
  } catch {
    return undefined;
  }
  if (page.pathname.length > MAX_PREVIEW_PATH) return undefined;
  return new URL(`${page.pathname}${page.search}`, origin).href;
}

/**
 * The built files that may hold the page, relative to the config's folder with `/`, in the order
 * to try: exactly the files whose page is the same (`pageKey` of their `pathOfBuiltFile`), so the
 * editor's preview and `check --local` pair the same files and pages. `/blog/x/` and `/blog/x` →
 * `dir/blog/x/index.html`, `…/index.htm`, `dir/blog/x.html`, `dir/blog/x.htm`; a path that names
 * a file (`/a.html`) → that file first. None for a path with `..`, a NUL, a backslash or an encoded
 * `/`, or past the budgets.
 */
export function builtFilesOf(dir: string, pageUrl: string): string[] {
  let pathname: string;
  try {
    pathname = new URL(pageUrl).pathname;
  } catch {
    return [];
  }
  if (pathname.length > MAX_PREVIEW_PATH) return [];
  const raw = pathname.split('/').slice(1);
  if (raw.length > MAX_PREVIEW_SEGMENTS) return [];
  const segments: string[] = [];
  for (const [i, part] of raw.entries()) {
    let text: string;
    try {
      text = decodeURIComponent(part);
    } catch {
      return [];
    }
    if (text === '..' || text === '.' || /[/\\\0]/.test(text)) return [];
    if (text === '' && i < raw.length - 1) return []; // `//` in the path
    segments.push(text);
  }
  const base = dir === '.' ? '' : `${dir}/`;
  const named = isHtmlPath(segments[segments.length - 1] ?? '') ? [segments.join('/')] : [];
  // The page's own path: without a file's `.html`, an `index.html` or a trailing `/`.
  const page = segments
    .join('/')
    .replace(/(^|\/)index\.html?$/i, '')
    .replace(/\.html?$/i, '')
    .replace(/\/+$/, '');
  // `index.html` of a folder is that folder's page, never a page named `index`.
  const folderOnly = page === '' || /(^|\/)index$/i.test(page);
  const indexes = INDEX_FILES.map((index) => (page === '' ? index : `${page}/${index}`));
  const spellings = folderOnly ? indexes : [...indexes, `${page}.html`, `${page}.htm`];
  return [...new Set([...named, ...spellings])].map((file) => `${base}${file}`);
}

const INDEX_FILES = HTML_EXTENSIONS.map((extension) => `index.${extension}`);

/**
 * The other way: the path a static server serves a built file at (`blog/x/index.html` → `/blog/x/`,
 * `about.html` → `/about.html`); `builtFilesOf` of that path names the file again.
 */
export function pathOfBuiltFile(relative: string): string {
  const segments = relative.split('/');
  if (/^index\.html?$/i.test(segments[segments.length - 1] ?? '')) segments[segments.length - 1] = '';
  return `/${segments.map(encodeURIComponent).join('/')}`;
}

/** A URL path's segments, each decoded where it can be (a malformed escape is kept as written). */
export function decodedSegments(pathname: string): string[] {
  return pathname.split('/').map((s) => {
    try {
      return decodeURIComponent(s);
    } catch {
      return s;
    }
  });
}

/**
 * A path compared as a page, whatever its spelling: decoded, without `index.html`, `.html` or a
 * trailing `/` (a sitemap lists `/about`, the folder holds `about.html` or `about/index.html`).
 */
export function pageKey(pathname: string): string {
  const decoded = decodedSegments(pathname).join('/');
  return (
    decoded
      .replace(/\/index\.html?$/i, '/')
      .replace(/\.html?$/i, '')
      .replace(/\/+$/, '') || '/'
  );
}
