// Page sources: a page's failed checks shown on the source file that produces it (the config's
// `sources`), as Problems, a CodeLens and quick fixes. No commands of its own.
import * as vscode from 'vscode';
import type { DocumentUrlsService } from '../documentUrls/documentUrlsService';
import type { GateConfigs } from '../shared/gateConfig';
import type { Feature } from '../shared/register';
import { PageSourceDiagnostics } from './pageSourceDiagnostics';

export function pageSourcesFeature(service: DocumentUrlsService, configs: GateConfigs, extensionUri: vscode.Uri) {
  const pageSources = new PageSourceDiagnostics(service, configs, vscode.Uri.joinPath(extensionUri, 'media', 'checks.md'));
  return {
    commands: {},
    disposables: [
      pageSources,
      vscode.languages.registerCodeLensProvider({ scheme: 'file' }, pageSources),
      vscode.languages.registerCodeActionsProvider({ scheme: 'file' }, pageSources, {
        providedCodeActionKinds: PageSourceDiagnostics.kinds,
      }),
    ],
    // The quick fixes ask which page a source file produces and its report.
    pageSources,
  } satisfies Feature;
}
