// One side of a page-source mapping (`https://example.com/blog/{slug}` or `content/blog/{slug}.md`)
// parsed into segments: literal text, or one placeholder with literal text around it. `{name}` is
// one path segment, `{name*}` one or more. No regular expression is made from user text: matching
// compares strings segment by segment, so its cost is linear in the length of the path.
import * as l10n from '@vscode/l10n';

/** Characters of a pattern (either side of a source), at most. */
export const MAX_PATTERN_LENGTH = 2_000;
/** Segments of a pattern, at most. */
export const MAX_PATTERN_SEGMENTS = 64;
/** Characters of a placeholder's name, at most. */
export const MAX_NAME_LENGTH = 64;

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export interface Segment {
  /** Literal text before the placeholder, or the whole segment when there is none. */
  prefix: string;
  /** The placeholder's name, if the segment has one. */
  name?: string;
  /** Whether the placeholder takes one or more segments (`{name*}`). */
  many?: boolean;
  /** Literal text after the placeholder. */
  suffix: string;
}

export type Parsed = { segments: Segment[] } | { problem: string };

/** A path (segments joined by `/`, no leading `/`) split into segments, each checked for placeholders. */
export function parseSegments(path: string): Parsed {
  if (path.length > MAX_PATTERN_LENGTH) return { problem: l10n.t('it is longer than {0} characters', MAX_PATTERN_LENGTH) };
  const texts = path === '' ? [] : path.split('/');
  if (texts.length > MAX_PATTERN_SEGMENTS) return { problem: l10n.t('it has more than {0} path segments', MAX_PATTERN_SEGMENTS) };
  const segments: Segment[] = [];
  let many = 0;
  for (const text of texts) {
    const open = text.indexOf('{');
    const close = text.indexOf('}');
    if (open < 0 && close < 0) {
      segments.push({ prefix: text, suffix: '' });
      continue;
    }
    if (open < 0 || close < open || text.indexOf('{', open + 1) >= 0 || text.indexOf('}', close + 1) >= 0) {
      return { problem: l10n.t('"{0}": a path segment may hold one placeholder such as {slug}, and no other braces', text) };
    }
    const inner = text.slice(open + 1, close);
    const isMany = inner.endsWith('*');
    const name = isMany ? inner.slice(0, -1) : inner;
    if (!NAME.test(name) || name.length > MAX_NAME_LENGTH) {
      return { problem: l10n.t('"{0}" is not a placeholder name (letters, digits and _)', inner) };
    }
    if (segments.some((s) => s.name === name)) return { problem: l10n.t('the placeholder {0} appears twice', `{${name}}`) };
    if (isMany && ++many > 1) return { problem: l10n.t('only one placeholder may take several segments ({0})', '{name*}') };
    segments.push({ prefix: text.slice(0, open), name, many: isMany, suffix: text.slice(close + 1) });
  }
  return { segments };
}

/** Placeholder values by name; a `many` value holds its segments joined by `/`. */
export type Values = Map<string, string>;

function matchOne(segment: Segment, text: string, values: Values): boolean {
  if (segment.name === undefined) return text === segment.prefix;
  const { prefix, suffix } = segment;
  if (text.length <= prefix.length + suffix.length || !text.startsWith(prefix) || !text.endsWith(suffix)) return false;
  const value = text.slice(prefix.length, text.length - suffix.length);
  // No segment of a value is empty, `.` or `..`: `content/blog/...md` must not map to the site's
  // root (`/blog/..`), nor a URL's `..` to a file outside the pattern's folder.
  if (value.split('/').some((part) => part === '' || part === '.' || part === '..')) return false;
  values.set(segment.name, value);
  return true;
}

/**
 * The placeholder values that make `segments` read `texts`, or undefined. Every segment of the
 * input must be non-empty; a `{name*}` takes the segments the literal ones around it leave.
 */
export function matchSegments(segments: readonly Segment[], texts: readonly string[]): Values | undefined {
  if (texts.some((t) => t === '')) return undefined;
  const values: Values = new Map();
  const star = segments.findIndex((s) => s.many);
  if (star < 0) {
    if (texts.length !== segments.length) return undefined;
    return segments.every((s, i) => matchOne(s, texts[i], values)) ? values : undefined;
  }
  const after = segments.length - star - 1;
  if (texts.length < segments.length) return undefined;
  for (let i = 0; i < star; i++) if (!matchOne(segments[i], texts[i], values)) return undefined;
  for (let i = 1; i <= after; i++) if (!matchOne(segments[segments.length - i], texts[texts.length - i], values)) return undefined;
  const middle = texts.slice(star, texts.length - after).join('/');
  return matchOne(segments[star], middle, values) ? values : undefined;
}

/** The segments with every placeholder replaced by its value (already in the target's spelling). */
export function fillSegments(segments: readonly Segment[], values: ReadonlyMap<string, string>): string[] | undefined {
  const out: string[] = [];
  for (const s of segments) {
    if (s.name === undefined) {
      out.push(s.prefix);
      continue;
    }
    const value = values.get(s.name);
    if (value === undefined) return undefined;
    out.push(`${s.prefix}${value}${s.suffix}`);
  }
  return out;
}

/** The placeholder names of a pattern, each with whether it takes several segments. */
export function placeholders(segments: readonly Segment[]): Map<string, boolean> {
  return new Map(segments.filter((s) => s.name !== undefined).map((s) => [s.name as string, !!s.many]));
}
