// Everything for URLs in documents, registered in one call from the composition root: the shared
// lookup service, the hover, badges, Problems and their quick fixes, and the two commands.
import * as vscode from 'vscode';
import { CommandContext } from '../commands/context';
import { registerCommands } from '../commands/register';
import { BadUrlDiagnostics } from './badUrlDiagnostics';
import { BadUrlQuickFixes } from './badUrlQuickFixes';
import { DocumentUrlsService } from './documentUrlsService';
import { exportReportsCommand } from './exportReportsCommand';
import { RatingBadges } from './ratingBadges';
import { reportUrlsInFile } from './reportUrlsInFile';
import { UrlHoverProvider } from './urlHoverProvider';
import { VisibleDocumentScanner } from './visibleDocumentScanner';

export function registerDocumentUrls(ctx: CommandContext): vscode.Disposable[] {
  const service = new DocumentUrlsService(ctx.connection, ctx.model, ctx.actions);
  const scanner = new VisibleDocumentScanner(service, ctx.log);
  // Every language and scheme: URLs live in files, untitled buffers, notebooks and diffs alike.
  const everyDocument: vscode.DocumentSelector = '*';
  return [
    service,
    scanner,
    new RatingBadges(service, scanner),
    new BadUrlDiagnostics(service, scanner),
    vscode.languages.registerHoverProvider(everyDocument, new UrlHoverProvider(service, ctx.log)),
    vscode.languages.registerCodeActionsProvider(everyDocument, new BadUrlQuickFixes(), {
      providedCodeActionKinds: BadUrlQuickFixes.kinds,
    }),
    ...registerCommands(ctx, {
      'webReports.reportUrlsInFile': (uri, options) => reportUrlsInFile(ctx, service, ctx.actions, uri, (options ?? {}) as object),
      'webReports.exportReports': (format, target) => exportReportsCommand(ctx, service.budget, format, target),
    }),
  ];
}
