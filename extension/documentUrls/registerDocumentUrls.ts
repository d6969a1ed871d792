// Everything for URLs in documents, registered in one call from the composition root: the shared
// lookup service, the hover, badges, Problems and their quick fixes; and the handlers of the two
// commands, which the composition root registers with all the others.
import * as vscode from 'vscode';
import { CommandContext } from '../adapters/context';
import type { Handler } from '../adapters/register';
import { COMMAND } from '../ids';
import { BadUrlDiagnostics } from './badUrlDiagnostics';
import { BadUrlQuickFixes } from './badUrlQuickFixes';
import { DocumentUrlsService } from './documentUrlsService';
import { RatingBadges } from './ratingBadges';
import { reportUrlsInFile, type ReportUrlsOptions } from './reportUrlsInFile';
import { reportUnrated } from './reportUnrated';
import type { SiteJobs } from '../adapters/siteJobs';
import { WorkspaceScanner } from './workspaceScanner';
import { WorkspaceUrlsView } from './workspaceUrlsView';
import { GateConfigs } from '../platform/gateConfig';
import { PageSourceDiagnostics } from './pageSourceDiagnostics';
import { DEFAULT_MAX_AGE_DAYS } from '../../core/list/workspaceGroups';
import { UrlHoverProvider } from './urlHoverProvider';
import { VisibleDocumentScanner } from './visibleDocumentScanner';

/** The commands of URLs in documents, for the composition root's one table of commands. */
type DocumentUrlCommands = Record<
  typeof COMMAND.reportUrlsInFile | typeof COMMAND.workspaceUrls | typeof COMMAND.filterWorkspaceUrls | typeof COMMAND.reportAllUnrated,
  Handler
>;

export interface DocumentUrls {
  disposables: vscode.Disposable[];
  /** The lookups and their request budget, which the export command shares. */
  service: DocumentUrlsService;
  commands: DocumentUrlCommands;
}

export function registerDocumentUrls(ctx: CommandContext, jobs: () => SiteJobs, extensionUri: vscode.Uri): DocumentUrls {
  const service = new DocumentUrlsService(ctx.connection, ctx.model, ctx.actions);
  const scanner = new VisibleDocumentScanner(service, ctx.log);
  // The team's website-reports.json: read when a document's Problems or the workspace view first need it.
  const configs = new GateConfigs(ctx.log);
  // A page's failed checks on the source file that produces it (the config's `sources`).
  const pageSources = new PageSourceDiagnostics(service, configs, vscode.Uri.joinPath(extensionUri, 'media', 'checks.md'));
  const badUrls = new BadUrlDiagnostics(service, scanner, configs);
  // Every language and scheme: URLs live in files, untitled buffers, notebooks and diffs alike.
  const everyDocument: vscode.DocumentSelector = '*';
  const disposables: vscode.Disposable[] = [
    service,
    configs,
    scanner,
    new RatingBadges(service, scanner),
    badUrls,
    vscode.languages.registerHoverProvider(
      everyDocument,
      new UrlHoverProvider(service, ctx.log, (url) => ctx.history.trendOf(ctx.connection.origin(), url)),
    ),
    pageSources,
    vscode.languages.registerCodeLensProvider({ scheme: 'file' }, pageSources),
    vscode.languages.registerCodeActionsProvider({ scheme: 'file' }, pageSources, { providedCodeActionKinds: PageSourceDiagnostics.kinds }),
    vscode.languages.registerCodeActionsProvider(everyDocument, new BadUrlQuickFixes((uri) => badUrls.collection.get(uri)), {
      providedCodeActionKinds: BadUrlQuickFixes.kinds,
    }),
  ];
  // The workspace's URLs: made now, built when the view is first shown or the command first runs.
  const rootConfig = () => configs.forWorkspace().catch(() => undefined);
  const workspace = new WorkspaceUrlsView(
    new WorkspaceScanner(ctx.log, async () => (await rootConfig())?.config.exclude ?? []),
    service,
    async () => (await rootConfig())?.config.maxAgeDays ?? DEFAULT_MAX_AGE_DAYS,
  );
  disposables.push(
    workspace,
    workspace.scanner,
    configs.onDidChange(() => {
      workspace.rateEverything();
      void workspace.scanner.rebuild();
    }),
  );
  const commands: DocumentUrlCommands = {
    [COMMAND.reportUrlsInFile]: (uri, options) => reportUrlsInFile(ctx, service, ctx.actions, uri, (options ?? {}) as object),
    [COMMAND.workspaceUrls]: () => workspace.results(),
    [COMMAND.filterWorkspaceUrls]: async (text) => {
      const filter =
        typeof text === 'string'
          ? text
          : await vscode.window.showInputBox({
              title: vscode.l10n.t('Website Reports: Filter the URLs in the workspace'),
              prompt: vscode.l10n.t('Only URLs that contain this text are shown; leave it empty to show all.'),
              value: workspace.currentFilter,
            });
      if (filter !== undefined) workspace.setFilter(filter);
    },
    [COMMAND.reportAllUnrated]: async (options) => {
      await workspace.results();
      const { urls, unchecked } = workspace.unrated();
      return reportUnrated(ctx, jobs(), urls, (options ?? {}) as ReportUrlsOptions, unchecked);
    },
  };
  return { disposables, service, commands };
}
