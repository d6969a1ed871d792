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
import { reportUrlsInFile } from './reportUrlsInFile';
import { UrlHoverProvider } from './urlHoverProvider';
import { VisibleDocumentScanner } from './visibleDocumentScanner';

/** The commands of URLs in documents, for the composition root's one table of commands. */
type DocumentUrlCommands = Record<typeof COMMAND.reportUrlsInFile, Handler>;

export interface DocumentUrls {
  disposables: vscode.Disposable[];
  /** The lookups and their request budget, which the export command shares. */
  service: DocumentUrlsService;
  commands: DocumentUrlCommands;
}

export function registerDocumentUrls(ctx: CommandContext): DocumentUrls {
  const service = new DocumentUrlsService(ctx.connection, ctx.model, ctx.actions);
  const scanner = new VisibleDocumentScanner(service, ctx.log);
  // Every language and scheme: URLs live in files, untitled buffers, notebooks and diffs alike.
  const everyDocument: vscode.DocumentSelector = '*';
  const disposables = [
    service,
    scanner,
    new RatingBadges(service, scanner),
    new BadUrlDiagnostics(service, scanner),
    vscode.languages.registerHoverProvider(
      everyDocument,
      new UrlHoverProvider(service, ctx.log, (url) => ctx.history.trendOf(ctx.connection.origin(), url)),
    ),
    vscode.languages.registerCodeActionsProvider(everyDocument, new BadUrlQuickFixes(), {
      providedCodeActionKinds: BadUrlQuickFixes.kinds,
    }),
  ];
  const commands: DocumentUrlCommands = {
    [COMMAND.reportUrlsInFile]: (uri, options) => reportUrlsInFile(ctx, service, ctx.actions, uri, (options ?? {}) as object),
  };
  return { disposables, service, commands };
}
