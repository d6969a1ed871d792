// The language most HTML pages of the workspace declare, for the fix of a page without `lang` when
// website-reports.json names none (core/fixes/siteLang.ts): at most SITE_LANG_PAGES files, the
// head of each (a file over the analysis's MAX_PAGE_BYTES is skipped unread), looked up only when a Problem asks
// for a lang, and a language found is kept 10 s (not looked up again for every keystroke).
import * as vscode from 'vscode';
import { MAX_PAGE_BYTES } from '../../core/analysis/pageComplexity';
import { HTML_FILES_GLOB } from '../../core/files/htmlFiles';
import { langOfHead, mostCommonLang, SITE_LANG_HEAD_CHARS, SITE_LANG_PAGES } from '../../core/fixes/siteLang';
import { decodeFileText } from '../../core/files/fileText';

/** How long a looked-up language is kept. */
const KEEP_MS = 10_000;

export class SiteLanguage {
  private kept: { at: number; lang: Promise<string | undefined> } | undefined;

  async get(): Promise<string | undefined> {
    if (!this.kept || Date.now() - this.kept.at > KEEP_MS) this.kept = { at: Date.now(), lang: this.lookUp() };
    const kept = this.kept;
    const lang = await kept.lang;
    // No page declared one: asked again next time (pages may be added any moment).
    if (lang === undefined && this.kept === kept) this.kept = undefined;
    return lang;
  }

  private async lookUp(): Promise<string | undefined> {
    const files = await vscode.workspace.findFiles(HTML_FILES_GLOB, '**/node_modules/**', SITE_LANG_PAGES);
    const langs = await Promise.all(
      files.map(async (uri) => {
        try {
          if ((await vscode.workspace.fs.stat(uri)).size > MAX_PAGE_BYTES) return undefined;
          const bytes = await vscode.workspace.fs.readFile(uri);
          return langOfHead(decodeFileText(bytes.subarray(0, SITE_LANG_HEAD_CHARS * 4)));
        } catch {
          return undefined; // gone or unreadable: it has no say
        }
      }),
    );
    return mostCommonLang(langs);
  }
}
