// Where in a page's source file a person fixes a failed check: the title checks on the front
// matter's `title` line, the description checks on its `description` line (YAML between `---`
// lines or TOML between `+++` lines at the top of a Markdown file), or on an HTML template's
// `<title>` / `<meta name="description"` line; every other check, and a title or description the
// file does not write, on the first line. Only the head of the file is read. The front matter's
// reader is also the quick fixes' (frontMatterOf: the same lines in offsets).

/** Lines of front matter read, at most (a front matter not closed by then is not one). */
export const MAX_FRONT_MATTER_LINES = 200;
/** Characters of the file's head read for front matter or an HTML head, at most. */
export const MAX_HEAD_CHARS = 64 * 1024;
/** Lines of an HTML template searched for `<title>` and the description, at most. */
export const MAX_HTML_LINES = 500;
/** Characters of a line a range covers, at most (a minified line is one huge line). */
export const MAX_RANGE_CHARS = 1_000;

/** The checks fixed by a page's title, and by its description. */
export const TITLE_CHECKS: ReadonlySet<string> = new Set(['title']);
export const DESCRIPTION_CHECKS: ReadonlySet<string> = new Set(['meta_description']);

export interface CheckLocation {
  check: string;
  /** 0-based. */
  line: number;
  /** 0-based, in UTF-16 code units as editors count them. */
  startColumn: number;
  endColumn: number;
}

interface Place {
  line: number;
  startColumn: number;
  endColumn: number;
}

interface HeadPlaces {
  title?: Place;
  description?: Place;
  first: Place;
}

/** The head's lines, without line ends; the last one may be cut at MAX_HEAD_CHARS. */
function headLines(text: string): string[] {
  const head = text.length > MAX_HEAD_CHARS ? text.slice(0, MAX_HEAD_CHARS) : text;
  return head.split(/\r\n|\r|\n/);
}

/** The offset where each line of `lines` starts in the text they were split from. */
function lineStarts(text: string, lines: readonly string[], count: number): number[] {
  const starts: number[] = [];
  let at = 0;
  for (let i = 0; i < count; i++) {
    starts.push(at);
    at += lines[i].length;
    at += text.startsWith('\r\n', at) ? 2 : 1;
  }
  return starts;
}

function lineRange(line: number, start: number, end: number): Place {
  const endColumn = Math.min(end, start + MAX_RANGE_CHARS);
  return { line, startColumn: start, endColumn: Math.max(endColumn, start) };
}

/** The value's range of `key: value` / `key = value` (the key's when the value is empty). */
function fieldPlace(line: number, text: string, keyEnd: number): Place {
  const rest = text.slice(keyEnd);
  const lead = rest.length - rest.replace(/^[\s:=]+/, '').length;
  const start = keyEnd + lead;
  const end = text.trimEnd().length; // not /\s+$/: quadratic on a long run of spaces before text
  return end > start ? lineRange(line, start, end) : lineRange(line, 0, keyEnd);
}

/** A top-level key of the front matter: its line and where its name ends (a column). */
interface KeyLine {
  line: number;
  keyEnd: number;
}

interface FrontMatterLines {
  title?: KeyLine;
  description?: KeyLine;
  /** the closing fence's line */
  close: number;
  /** TOML: the first table's line (`[params]`), after which keys are not the page's */
  firstTable?: number;
}

/** The one reader of a page's front matter (the places below, and the edits of core/fixes). */
function readFrontMatter(lines: readonly string[], fence: '---' | '+++'): FrontMatterLines | undefined {
  const separator = fence === '---' ? ':' : '=';
  const found: Omit<FrontMatterLines, 'close'> = {};
  const last = Math.min(lines.length, MAX_FRONT_MATTER_LINES + 1);
  for (let i = 1; i < last; i++) {
    const text = lines[i];
    const trimmed = text.trimEnd();
    if (trimmed === fence || (fence === '---' && trimmed === '...')) return { ...found, close: i };
    // A TOML table's keys (`[params]` then `title = …`) are not the page's.
    if (fence === '+++' && trimmed.startsWith('[') && found.firstTable === undefined) found.firstTable = i;
    // Top-level keys only: an indented `title:` belongs to a nested map.
    const m = found.firstTable !== undefined ? null : /^("?)(title|description)\1[ \t]*([:=])/.exec(text);
    if (!m || m[3] !== separator) continue;
    const key = m[2] as 'title' | 'description';
    found[key] ??= { line: i, keyEnd: m[1].length * 2 + key.length };
  }
  return undefined;
}

function frontMatterPlaces(lines: readonly string[], fence: '---' | '+++'): Omit<HeadPlaces, 'first'> | undefined {
  const found = readFrontMatter(lines, fence);
  if (!found) return undefined;
  const places: Omit<HeadPlaces, 'first'> = {};
  for (const key of ['title', 'description'] as const) {
    const field = found[key];
    if (field) places[key] = fieldPlace(field.line, lines[field.line], field.keyEnd);
  }
  return places;
}

/** A line of the front matter in offsets: where it starts, where its text ends (before the line end). */
export interface FrontMatterLine {
  start: number;
  end: number;
  /** where the key's name ends (offset); the value follows after `:` / `=` */
  keyEnd: number;
}

/** A page's front matter in offsets, for edits made as text (comments, key order, anchors survive). */
export interface FrontMatter {
  fence: '---' | '+++';
  /** the line end after the opening fence (the file's own) */
  eol: string;
  /** where the closing fence's line starts: a new top-level key goes before it */
  closeStart: number;
  /** TOML: where the first table's line starts (top-level keys go before it) */
  firstTableStart?: number;
  title?: FrontMatterLine;
  description?: FrontMatterLine;
}

/** The front matter at the top of `fileText` (within the same budgets as the places), or undefined. */
export function frontMatterOf(fileText: string): FrontMatter | undefined {
  const text = typeof fileText === 'string' ? fileText : '';
  const lines = headLines(text);
  const fence = lines[0].replace(/^\uFEFF/, '').trimEnd();
  if (fence !== '---' && fence !== '+++') return undefined;
  const found = readFrontMatter(lines, fence);
  if (!found) return undefined;
  const starts = lineStarts(text, lines, found.close + 1);
  const at = (field: KeyLine | undefined): FrontMatterLine | undefined =>
    field && { start: starts[field.line], end: starts[field.line] + lines[field.line].length, keyEnd: starts[field.line] + field.keyEnd };
  const afterFence = starts[0] + lines[0].length;
  return {
    fence,
    eol: text.startsWith('\r\n', afterFence) ? '\r\n' : text[afterFence] === '\r' ? '\r' : '\n',
    closeStart: starts[found.close],
    ...(found.firstTable === undefined ? {} : { firstTableStart: starts[found.firstTable] }),
    ...(found.title ? { title: at(found.title) } : {}),
    ...(found.description ? { description: at(found.description) } : {}),
  };
}

/** Characters of one `<meta …>` tag looked at for its name. */
export const MAX_TAG_CHARS = 500;

/** Where `<meta name="description" …>` starts in a lower-case line, or -1; linear in the line. */
function descriptionMeta(lower: string): number {
  let end = -1;
  for (let at = lower.indexOf('<meta'); at >= 0; at = lower.indexOf('<meta', at + 5)) {
    // One search for the tag's end serves every `<meta` before it (no rescans of a line without `>`).
    if (end < at) {
      end = lower.indexOf('>', at);
      if (end < 0) end = lower.length;
    }
    const tag = lower.slice(at, Math.min(end, at + MAX_TAG_CHARS));
    if (/\sname\s*=\s*["']?description(["'\s/]|$)/.test(tag)) return at;
  }
  return -1;
}

function htmlPlaces(lines: readonly string[]): Omit<HeadPlaces, 'first'> {
  const places: Omit<HeadPlaces, 'first'> = {};
  const last = Math.min(lines.length, MAX_HTML_LINES);
  for (let i = 0; i < last && !(places.title && places.description); i++) {
    const text = lines[i];
    const lower = text.toLowerCase();
    const title = lower.indexOf('<title');
    if (!places.title && title >= 0) {
      const close = lower.indexOf('</title>', title);
      places.title = lineRange(i, title, close >= 0 ? close + '</title>'.length : text.length);
    }
    const meta = places.description ? -1 : descriptionMeta(lower);
    if (meta >= 0) {
      const close = text.indexOf('>', meta);
      places.description = lineRange(i, meta, close >= 0 ? close + 1 : text.length);
    }
  }
  return places;
}

/** The places of the title, description and first line of a source file's text. */
export function headPlaces(fileText: string): HeadPlaces {
  const lines = headLines(typeof fileText === 'string' ? fileText : '');
  const firstText = lines[0].replace(/^\uFEFF/, '');
  const bom = lines[0].length - firstText.length;
  const first = lineRange(0, bom, lines[0].trimEnd().length);
  const fence = firstText.trimEnd();
  if (fence === '---' || fence === '+++') {
    const found = frontMatterPlaces(lines, fence);
    if (found) return { ...found, first };
  }
  return { ...htmlPlaces(lines), first };
}

/** Where each failed check is fixed in `fileText`, in the order of `failedChecks`. */
export function checkLocations(fileText: string, failedChecks: readonly string[]): CheckLocation[] {
  const places = headPlaces(fileText);
  return failedChecks.map((check) => {
    const place = (TITLE_CHECKS.has(check) && places.title) || (DESCRIPTION_CHECKS.has(check) && places.description) || places.first;
    return { check, ...place };
  });
}
