// A document as core/fixes reads it: its kind (from the language and, in Markdown, the front
// matter's fence), its text now and the text its Problems were made on, and the fixes' options.
import type * as vscode from 'vscode';
import type { FixOptions, FixSource, SourceKind } from '../../core/fixes/fixTypes';
import { fixRefused } from '../../core/fixes/fixWords';
import { frontMatterOf } from '../../core/sources/checkLocations';
import type { FindingTexts } from './findingTexts';

/** Languages of HTML templates (the page sources' layouts and pages); JSX-like ones are refused by core/fixes. */
export const TEMPLATE_LANGUAGES: readonly string[] = [
  'handlebars',
  'nunjucks',
  'jinja',
  'jinja-html',
  'django-html',
  'liquid',
  'twig',
  'erb',
  'php',
  'razor',
  'gohtml',
  'go-template',
  'mustache',
  'ejs',
  'vue',
  'svelte',
  'astro',
];

/** The languages quick fixes are offered in. */
export const FIX_LANGUAGES: readonly string[] = ['html', 'markdown', ...TEMPLATE_LANGUAGES];

/** A template's signs in an HTML file: front matter at the top, `{{ }}` / `{% %}` tags. */
const TEMPLATED = /^\uFEFF?(---|\+\+\+)\r?\n|\{\{|\{%/;

/** How the document is written, undefined when no fix applies to its language. */
export function kindOf(languageId: string, text: string): SourceKind | undefined {
  if (languageId === 'markdown') return frontMatterOf(text)?.fence === '+++' ? 'markdown-toml' : 'markdown-yaml';
  if (languageId === 'html') return TEMPLATED.test(text.slice(0, 64 * 1024)) ? 'html-template' : 'html';
  return TEMPLATE_LANGUAGES.includes(languageId) ? 'html-template' : undefined;
}

/** What a fix of `document` needs now: its source, or why none is made. */
export type DocumentSource = { source: FixSource; reason?: undefined } | { source?: undefined; reason: string };

export function sourceOf(document: vscode.TextDocument, texts: FindingTexts): DocumentSource {
  const text = document.getText();
  const kind = kindOf(document.languageId, text);
  if (!kind) return { reason: fixRefused.noFix() };
  const madeOn = texts.madeOn(document);
  if (madeOn === null) return { reason: fixRefused.unread() };
  return { source: { text, kind, madeOn } };
}

/** The fixes' options for a document: the config's language, the page's URL. */
export type OptionsOf = (document: vscode.TextDocument) => Promise<FixOptions>;
