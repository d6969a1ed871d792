// URLs in documents: the lookup service the URL features share (with its request budget), the
// hover, badges, bad-URL Problems and their quick fixes, and "Report All URLs in File".
import * as vscode from 'vscode';
import { COMMAND } from '../ids';
import type { CommandContext } from '../shared/context';
import type { GateConfigs } from '../shared/gateConfig';
import type { CommandTable, Feature } from '../shared/register';
import { BadUrlDiagnostics } from './badUrlDiagnostics';
import { BadUrlQuickFixes } from './badUrlQuickFixes';
import { DocumentUrlsService } from './documentUrlsService';
import { RatingBadges } from './ratingBadges';
import { reportUrlsInFile } from './reportUrlsInFile';
import { UrlHoverProvider } from './urlHoverProvider';
import { VisibleDocumentScanner } from './visibleDocumentScanner';

/** `configs`: the team's website-reports.json, read when a document's Problems first need it. */
export function documentUrlsFeature(ctx: CommandContext, configs: GateConfigs) {
  const service = new DocumentUrlsService(ctx.connection, ctx.model, ctx.actions);
  const scanner = new VisibleDocumentScanner(service, ctx.log);
  const badUrls = new BadUrlDiagnostics(service, scanner, configs);
  // Every language and scheme: URLs live in files, untitled buffers, notebooks and diffs alike.
  const everyDocument: vscode.DocumentSelector = '*';
  const disposables: vscode.Disposable[] = [
    service,
    scanner,
    new RatingBadges(service, scanner),
    badUrls,
    vscode.languages.registerHoverProvider(
      everyDocument,
      new UrlHoverProvider(service, ctx.log, (url) => ctx.history.trendOf(ctx.connection.origin(), url)),
    ),
    vscode.languages.registerCodeActionsProvider(everyDocument, new BadUrlQuickFixes((uri) => badUrls.collection.get(uri)), {
      providedCodeActionKinds: BadUrlQuickFixes.kinds,
    }),
  ];
  const commands = {
    [COMMAND.reportUrlsInFile]: (uri, options) => reportUrlsInFile(ctx, service, ctx.actions, uri, (options ?? {}) as object),
  } satisfies CommandTable;
  // `service`: the lookups and their request budget, which page sources, URLs in Workspace and scans share.
  return { commands, disposables, service } satisfies Feature;
}
