// Quick fixes: the edits of core/fixes on the Problems of ours (page sources' and the local checks'),
// as code actions (`CodeActionKind.QuickFix` per finding, `source.fixAll.webReports` for the
// deterministic ones), a CodeLens "Fix N of M automatically", and Fix All.
import * as vscode from 'vscode';
import type { Report } from '../../core/client/types';
import type { FixOptions } from '../../core/fixes/fixTypes';
import { COMMAND } from '../ids';
import type { GateConfigs } from '../shared/gateConfig';
import type { Feature } from '../shared/register';
import { DeployNotes, type PagesOfSources } from './deployNotes';
import { fixAllInFile } from './fixAllCommand';
import { FindingTexts } from './findingTexts';
import { FixLens } from './fixLens';
import { FIX_LANGUAGES, type OptionsOf } from './fixSources';
import { QuickFixProvider } from './quickFixProvider';
import { SiteLanguage } from './siteLanguage';

/** The page a source file produces and its latest report, as the page sources know them. */
export interface PublishedPages {
  pageOfFile(uri: vscode.Uri): { url: string; report?: Report } | undefined;
}

/** Whether the local checks judge a file (an HTML file as typed, a page source from its preview). */
export interface LocallyChecked {
  stateOf(uri: vscode.Uri): { analysis?: unknown; pageUrl?: string } | undefined;
}

export function quickFixesFeature(configs: GateConfigs, published: PublishedPages, local: LocallyChecked) {
  const pageOf: PagesOfSources = (uri) => {
    const page = published.pageOfFile(uri);
    if (!page) return undefined;
    const report = page.report && { id: page.report.id, key: `${String(page.report.id)} ${String(page.report.generated_at ?? '')}` };
    // Checked locally, a fix shows at once (its Problem goes); else only after a deploy and a re-run.
    return { url: page.url, report, verifiedLocally: local.stateOf(uri)?.analysis !== undefined };
  };
  const texts = new FindingTexts();
  const notes = new DeployNotes(pageOf);
  const site = new SiteLanguage();
  const asksForLang = (uri: vscode.Uri) =>
    vscode.languages.getDiagnostics(uri).some((d) => (typeof d.code === 'object' ? d.code.value : d.code) === 'language');
  const optionsOf: OptionsOf = async (document) => {
    const options: FixOptions = {};
    const config = await configs.forDocument(document.uri).catch(() => undefined);
    if (config?.config.lang) options.configLang = config.config.lang;
    // Else the language most of the site's pages declare, looked up only when a lang is asked for.
    else if (asksForLang(document.uri)) options.siteLang = await site.get();
    const pageUrl = pageOf(document.uri)?.url ?? local.stateOf(document.uri)?.pageUrl;
    if (pageUrl !== undefined) options.pageUrl = pageUrl;
    return options;
  };
  const lens = new FixLens(texts, optionsOf, notes);
  const selector = FIX_LANGUAGES.map((language) => ({ language }));
  return {
    commands: {
      [COMMAND.fixAll]: (uri?: unknown) => fixAllInFile(texts, optionsOf, notes, uri),
      [COMMAND.quickFixApplied]: (uri?: unknown, fixed?: unknown) => {
        if (uri instanceof vscode.Uri && typeof fixed === 'number') notes.record(uri, fixed);
      },
    },
    disposables: [
      texts,
      notes,
      lens,
      vscode.languages.registerCodeActionsProvider(selector, new QuickFixProvider(texts, optionsOf, (uri, n) => notes.afterFix(uri, n)), {
        providedCodeActionKinds: QuickFixProvider.kinds,
      }),
      vscode.languages.registerCodeLensProvider(selector, lens),
    ],
  } satisfies Feature;
}
