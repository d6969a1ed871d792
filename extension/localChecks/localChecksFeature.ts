// Local checks: the page analysis run in the editor before a page is published — HTML files as
// they are typed, page sources from their preview — as Problems (source `Website Reports (local)`),
// a CodeLens beside the published report, and Check Locally on a file or folder.
import * as vscode from 'vscode';
import type { DocumentUrlsService } from '../documentUrls/documentUrlsService';
import { COMMAND } from '../ids';
import type { GateConfigs } from '../shared/gateConfig';
import { PagesOfFiles } from '../shared/pagesOfFiles';
import { PublishedReports } from '../shared/publishedReports';
import type { Feature } from '../shared/register';
import { LocalAnalyser } from './analyser';
import { checkLocally } from './checkLocally';
import { LocalChecks } from './localChecks';
import { LocalLens } from './localLens';
import { PreviewChecks } from './previewChecks';

export function localChecksFeature(service: DocumentUrlsService, configs: GateConfigs, extensionUri: vscode.Uri) {
  const analyser = new LocalAnalyser();
  const files = new PagesOfFiles(configs);
  const published = new PublishedReports(
    (url, audience) => service.lookup.lookup(url, audience),
    (id) => service.readReport(id),
  );
  const checks = new LocalChecks(
    analyser,
    files,
    published,
    () => service.signedIn(),
    vscode.Uri.joinPath(extensionUri, 'media', 'checks.md'),
  );
  const previews = new PreviewChecks(checks, files);
  return {
    commands: {
      [COMMAND.checkLocally]: (uri?: unknown) => checkLocally(checks, previews, uri),
    },
    disposables: [
      analyser,
      checks,
      previews,
      vscode.languages.registerCodeLensProvider({ scheme: 'file' }, new LocalLens(checks)),
      // A re-run or a new report of a page: its local-vs-published lens compares with the new one.
      service.onDidInvalidate((url) => checks.publishedChanged(url)),
    ],
    checks,
    /** The editor's one door to the analyser, for the agent tools' check_page. */
    analyser,
  } satisfies Feature;
}
