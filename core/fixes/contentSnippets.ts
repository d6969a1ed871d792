// The content fixes: snippets the person completes, never text made up for them. A missing
// description gets a tab stop (front-matter key or <meta>), a title of the wrong length is selected
// with the limits in the hint, an image without alt text gets `alt="${1}"` / `![${1}](…)`.
import { snippetText } from './fileStyle';
import { fieldValue, newKeySnippet, valueSnippet } from './frontMatterEdits';
import { tagAtPlace, tagsNamed, type FixText } from './fixText';
import type { FixAnswer, SnippetEdit, TextEdit, TextRange } from './fixTypes';
import { fixHint, fixRefused, fixTitle } from './fixWords';
import { afterHeadMetas, metaNamed, refuse } from './headFixes';
import { attrValue, type Tag } from './htmlTags';

/** The title's length the check wants (service/checkTypes.ts LIMITS; a test holds them equal). */
export const TITLE_LIMITS = { min: 10, max: 60 } as const;

/** A title's length as the check counts it: white space collapsed and trimmed, in code points. */
const titleLength = (raw: string): number => [...raw.replace(/\s+/g, ' ').trim()].length;

const asSnippet = (edit: TextEdit): SnippetEdit => ({ start: edit.start, end: edit.end, snippet: edit.newText });

function snippetFix(check: string, title: string, snippet: SnippetEdit, hint: string): FixAnswer {
  return { fix: { check, title, deterministic: false, edits: [], snippet, hint } };
}

export function descriptionFix(ft: FixText): FixAnswer {
  const check = 'meta_description';
  if (ft.markdown) {
    const fm = ft.frontMatter;
    if (!fm) return refuse(fixRefused.noFrontMatter());
    if (!fm.description) return snippetFix(check, fixTitle.description(), newKeySnippet(fm, 'description'), fixHint.description());
    const value = fieldValue(ft.text, fm, fm.description);
    if (!value) return refuse(fixRefused.oddValue());
    if (!value.empty) return refuse(fixRefused.hasDescription());
    return snippetFix(check, fixTitle.description(), valueSnippet(ft.text, value, undefined), fixHint.description());
  }
  const metas = metaNamed(ft, 'description');
  if (metas.length > 0) {
    const meta = metas[0];
    if (meta.templated) return refuse(fixRefused.templated());
    const content = meta.attrs.find((a) => a.name === 'content');
    if ((attrValue(ft.text, meta, 'content') ?? '').trim() !== '') return refuse(fixRefused.declared());
    const q = ft.style.quote;
    const snippet: SnippetEdit =
      content?.valueStart !== undefined && content.quote !== ''
        ? { start: content.valueStart, end: content.valueEnd!, snippet: '${1}' }
        : content
          ? { start: content.start, end: content.end, snippet: `content=${q}\${1}${q}` }
          : { start: meta.attrs[meta.attrs.length - 1].end, end: meta.attrs[meta.attrs.length - 1].end, snippet: ` content=${q}\${1}${q}` };
    return snippetFix(check, fixTitle.description(), snippet, fixHint.description());
  }
  const q = ft.style.quote;
  // l10n-exempt: HTML written into the page's source
  const element = `<meta name=${q}description${q} content=${q}\${1}${q}${ft.style.voidEnd}`;
  const titles = tagsNamed(ft, 'title');
  const edit = titles.length === 1 && titles[0].rawEnd !== undefined ? afterElement(ft, titles[0], element) : afterHeadMetas(ft, element);
  if (!edit) return refuse(fixRefused.layout());
  return snippetFix(check, fixTitle.description(), asSnippet(edit), fixHint.description());
}

/** After `</title>` (on a line of its own when the title starts its line). */
function afterElement(ft: FixText, tag: Tag, element: string): TextEdit | undefined {
  const close = ft.tags.find((t) => t.closing && t.name === tag.name && t.start >= (tag.rawEnd ?? tag.end));
  if (!close) return undefined;
  const lineStart = Math.max(ft.text.lastIndexOf('\n', tag.start - 1), ft.text.lastIndexOf('\r', tag.start - 1)) + 1;
  const indent = ft.text.slice(lineStart, tag.start);
  if (!/^[ \t]*$/.test(indent)) return { start: close.end, end: close.end, newText: element };
  return { start: close.end, end: close.end, newText: `${ft.style.eol}${indent}${element}` };
}

export function titleFix(ft: FixText, places?: readonly TextRange[]): FixAnswer {
  const check = 'title';
  const hint = (now: number) => fixHint.titleLength(TITLE_LIMITS.min, TITLE_LIMITS.max, now);
  if (ft.markdown) {
    const fm = ft.frontMatter;
    if (!fm) return refuse(fixRefused.noFrontMatter());
    if (!fm.title) return snippetFix(check, fixTitle.titleAdd(), newKeySnippet(fm, 'title'), hint(0));
    const value = fieldValue(ft.text, fm, fm.title);
    if (!value) return refuse(fixRefused.oddValue());
    const current = ft.text.slice(value.start, value.end);
    const keep = value.empty ? undefined : `\${1:${snippetText(current)}}`;
    return snippetFix(
      check,
      value.empty ? fixTitle.titleAdd() : fixTitle.titleEdit(),
      valueSnippet(ft.text, value, keep),
      hint(titleLength(current)),
    );
  }
  const titles = places?.length ? [tagAtPlace(ft, places[0].start)].filter((t): t is Tag => t?.name === 'title') : tagsNamed(ft, 'title');
  if (places?.length && titles.length === 0) return refuse(fixRefused.misplaced());
  if (titles.length > 1) return refuse(fixRefused.manyTitles());
  if (titles.length === 1) {
    const title = titles[0];
    if (title.rawEnd === undefined) return refuse(fixRefused.notFound());
    const current = ft.text.slice(title.end, title.rawEnd);
    if (/\{\{|\{%|<%|\$\{/.test(current)) return refuse(fixRefused.templated());
    const snippet = { start: title.end, end: title.rawEnd, snippet: `\${1:${snippetText(current)}}` };
    return snippetFix(check, fixTitle.titleEdit(), snippet, hint(titleLength(current)));
  }
  const edit = afterHeadMetas(ft, '<title>${1}</title>');
  if (!edit) return refuse(fixRefused.layout());
  return snippetFix(check, fixTitle.titleAdd(), asSnippet(edit), hint(0));
}

/** An image without alt text, as the check reads it: a `src` and no `alt` attribute. */
const withoutAlt = (ft: FixText, img: Tag): boolean =>
  img.name === 'img' && (attrValue(ft.text, img, 'src') ?? '').trim() !== '' && !img.attrs.some((a) => a.name === 'alt');

export function altFix(ft: FixText, places?: readonly TextRange[]): FixAnswer {
  const check = 'image_keywords';
  let img: Tag | undefined;
  if (places?.length) {
    img = tagAtPlace(ft, places[0].start);
    if (!img || !withoutAlt(ft, img)) return refuse(fixRefused.misplaced());
  } else {
    img = tagsNamed(ft, 'img').find((t) => withoutAlt(ft, t) && !t.templated);
  }
  // Markdown's own image with an empty alt text, when it comes first.
  const markdownAt = ft.markdown && !places?.length ? ft.markup.indexOf('![](') : -1;
  if (markdownAt >= 0 && (!img || markdownAt < img.start)) {
    return snippetFix(check, fixTitle.alt(), { start: markdownAt + 2, end: markdownAt + 2, snippet: '${1}' }, fixHint.alt());
  }
  if (!img) return refuse(fixRefused.notFound());
  if (img.templated) return refuse(fixRefused.templated());
  const src = img.attrs.find((a) => a.name === 'src')!;
  const q = img.attrs.find((a) => a.quote !== '')?.quote || ft.style.quote;
  return snippetFix(check, fixTitle.alt(), { start: src.end, end: src.end, snippet: ` alt=${q}\${1}${q}` }, fixHint.alt());
}
