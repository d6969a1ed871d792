// The deterministic fixes of the page's head: `lang` on <html>, the charset and the viewport
// <meta>. In a Markdown page the head is the layout's, so these are refused there.
import { insertAfter, insertFirstChild, quoteOf } from './fileStyle';
import { firstTag, tagAtPlace, tagsNamed, type FixText } from './fixText';
import type { FixAnswer, TextEdit, TextRange } from './fixTypes';
import { fixHint, fixRefused, fixTitle } from './fixWords';
import { attrValue, type Tag } from './htmlTags';
import { isLangTag } from '../text/langTag';

export const refuse = (reason: string): FixAnswer => ({ reason });

/** Where a new first child of the head goes: after `<head>`, else `<html>`, else the doctype (a full page only). */
export function headInsertion(ft: FixText, element: string): TextEdit | undefined {
  const parent = firstTag(ft, 'head') ?? firstTag(ft, 'html');
  if (parent) return insertFirstChild(ft.text, parent.end, parent.start, element, ft.style);
  // A template without <head> is a partial: its page's head is elsewhere.
  if (ft.kind !== 'html') return undefined;
  const doctype = /^(\uFEFF?\s*<!doctype[^>]*>)/i.exec(ft.text.slice(0, 1024));
  const at = doctype ? doctype[1].length : ft.text.charCodeAt(0) === 0xfeff ? 1 : 0;
  return doctype
    ? { start: at, end: at, newText: `${ft.style.eol}${element}` }
    : { start: at, end: at, newText: `${element}${ft.style.eol}` };
}

/** The file's `<meta>` tags whose `name` is `name` (any case). */
export function metaNamed(ft: FixText, name: string): Tag[] {
  return tagsNamed(ft, 'meta').filter((m) => (attrValue(ft.text, m, 'name') ?? '').trim().toLowerCase() === name);
}

export function langFix(ft: FixText, places?: readonly TextRange[]): FixAnswer {
  if (ft.markdown) return refuse(fixRefused.layout());
  const html = places?.length ? tagAtPlace(ft, places[0].start) : firstTag(ft, 'html');
  if (!html || html.name !== 'html') return refuse(places?.length ? fixRefused.misplaced() : fixRefused.noHtml());
  if (html.templated) return refuse(fixRefused.templated());
  // Only a language tag is ever written into a file.
  const lang = [ft.options.configLang, ft.options.siteLang].find(isLangTag);
  const q = quoteOf(html, ft.style);
  const value = lang ?? '${1}';
  const existing = html.attrs.find((a) => a.name === 'lang');
  if (existing && (attrValue(ft.text, html, 'lang') ?? '').trim() !== '') return refuse(fixRefused.declared());
  const edit: TextEdit =
    existing?.valueStart !== undefined && existing.quote !== ''
      ? { start: existing.valueStart, end: existing.valueEnd!, newText: value }
      : existing
        ? { start: existing.start, end: existing.end, newText: `lang=${q}${value}${q}` }
        : { start: html.nameEnd, end: html.nameEnd, newText: ` lang=${q}${value}${q}` };
  if (lang) return { fix: { check: 'language', title: fixTitle.lang(lang), deterministic: true, edits: [edit] } };
  const { newText, ...range } = edit;
  return {
    fix: {
      check: 'language',
      title: fixTitle.langPlaceholder(),
      deterministic: false,
      edits: [],
      snippet: { ...range, snippet: newText },
      hint: fixHint.lang(),
    },
  };
}

const hasCharset = (ft: FixText, m: Tag): boolean =>
  m.attrs.some((a) => a.name === 'charset') || /charset=/i.test(attrValue(ft.text, m, 'content') ?? '');

export function charsetFix(ft: FixText): FixAnswer {
  if (ft.markdown) return refuse(fixRefused.layout());
  if (tagsNamed(ft, 'meta').some((m) => hasCharset(ft, m))) return refuse(fixRefused.declared());
  const q = ft.style.quote;
  // l10n-exempt: HTML written into the page's source
  const edit = headInsertion(ft, `<meta charset=${q}utf-8${q}${ft.style.voidEnd}`);
  if (!edit) return refuse(fixRefused.layout());
  return { fix: { check: 'charset', title: fixTitle.charset(), deterministic: true, edits: [edit] } };
}

/** After the charset <meta> when there is one, else first in the head. */
function afterCharset(ft: FixText, element: string): TextEdit | undefined {
  const charset = tagsNamed(ft, 'meta').find((m) => hasCharset(ft, m));
  return charset ? insertAfter(ft.text, charset.start, charset.end, element, ft.style) : headInsertion(ft, element);
}

export function viewportFix(ft: FixText): FixAnswer {
  if (ft.markdown) return refuse(fixRefused.layout());
  if (metaNamed(ft, 'viewport').length > 0) return refuse(fixRefused.declared());
  const q = ft.style.quote;
  // l10n-exempt: HTML written into the page's source
  const edit = afterCharset(ft, `<meta name=${q}viewport${q} content=${q}width=device-width, initial-scale=1${q}${ft.style.voidEnd}`);
  if (!edit) return refuse(fixRefused.layout());
  return { fix: { check: 'meta_viewport', title: fixTitle.viewport(), deterministic: true, edits: [edit] } };
}

/** Where a new head element goes after the charset and viewport <meta> (the title, the description). */
export function afterHeadMetas(ft: FixText, element: string): TextEdit | undefined {
  const viewport = metaNamed(ft, 'viewport')[0];
  return viewport ? insertAfter(ft.text, viewport.start, viewport.end, element, ft.style) : afterCharset(ft, element);
}
