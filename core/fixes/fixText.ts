// One file's text read once for its fixes: its tags (Markdown code and front matter left out), its
// style, whether it looks like a JSX-like template, and where its head is.
import { frontMatterOf, type FrontMatter } from '../sources/checkLocations';
import { styleOf, type FileStyle } from './fileStyle';
import type { FixOptions, SourceKind } from './fixTypes';
import { scanTags, type Tag } from './htmlTags';
import { maskMarkdownCode } from './markdownCode';

export interface FixText {
  text: string;
  kind: SourceKind;
  markdown: boolean;
  /** the text with Markdown's code and front matter blanked (the same string for HTML) */
  markup: string;
  /** the start tags and end tags in order */
  tags: Tag[];
  /** false when the scan stopped early: fixes that need the whole file are refused */
  complete: boolean;
  style: FileStyle;
  frontMatter?: FrontMatter;
  options: FixOptions;
}

/** Characters of a file looked at for signs of JSX, at most. */
export const MAX_JSX_SNIFF_CHARS = 64 * 1024;

/** JSX, TSX, Astro, Svelte: attributes whose value is `{…}`, fragments, `className`, imports. */
export function looksLikeJsx(text: string): boolean {
  const head = text.length > MAX_JSX_SNIFF_CHARS ? text.slice(0, MAX_JSX_SNIFF_CHARS) : text;
  return (
    /\sclassName\s*=/.test(head) ||
    /\s[\w:@.-]+=\{/.test(head) ||
    /<>|<\/>/.test(head) ||
    /^\s*(import\s[^\r\n]*\sfrom\s|export\s+default\s)/m.test(head)
  );
}

/** The file's text read for fixes. */
export function fixTextOf(text: string, kind: SourceKind, options: FixOptions = {}): FixText {
  const markdown = kind === 'markdown-yaml' || kind === 'markdown-toml';
  const frontMatter = markdown ? frontMatterOf(text) : undefined;
  const bodyStart = frontMatter ? frontMatterEnd(text, frontMatter.closeStart) : 0;
  const scanned = markdown ? maskMarkdownCode(text, bodyStart) : text;
  const { tags, complete } = scanTags(scanned);
  return { text, kind, markdown, markup: scanned, tags, complete, style: styleOf(text, tags), frontMatter, options };
}

/** The offset after the closing fence's line. */
function frontMatterEnd(text: string, closeStart: number): number {
  const m = /^[^\r\n]*(\r\n|\r|\n)?/.exec(text.slice(closeStart, closeStart + 1024));
  return closeStart + (m ? m[0].length : 0);
}

/** The first start tag named `name`. */
export function firstTag(ft: FixText, name: string): Tag | undefined {
  return ft.tags.find((t) => t.name === name && !t.closing);
}

/** The start tags named `name`. */
export function tagsNamed(ft: FixText, name: string): Tag[] {
  return ft.tags.filter((t) => t.name === name && !t.closing);
}

/** The start tag at `offset` (leading whitespace skipped), as the finding's place names it. */
export function tagAtPlace(ft: FixText, offset: number): Tag | undefined {
  let lo = 0;
  let hi = ft.tags.length - 1;
  const at = offset + (/^\s*/.exec(ft.text.slice(offset, offset + 256))?.[0].length ?? 0);
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const tag = ft.tags[mid];
    if (tag.start === at) return tag.closing ? undefined : tag;
    if (tag.start < at) lo = mid + 1;
    else hi = mid - 1;
  }
  return undefined;
}
