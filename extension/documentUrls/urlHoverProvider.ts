// The hover over an http(s) URL in any document: its latest report's rating and actions, or
// "No report yet — Create Report". Only the URL under the pointer is looked up.
import * as vscode from 'vscode';
import { urlContaining } from '../../core/urls/urlFinder';
import { hoverText } from './urlHoverText';
import { DocumentUrlsService } from './documentUrlsService';

export class UrlHoverProvider implements vscode.HoverProvider {
  constructor(
    private readonly service: DocumentUrlsService,
    private readonly log: vscode.LogOutputChannel,
    /** The score against the run before, from the history (read only for a URL that has a report). */
    private readonly trendOf?: (url: string) => Promise<string | undefined>,
  ) {}

  async provideHover(
    document: vscode.TextDocument,
    position: vscode.Position,
    token: vscode.CancellationToken,
  ): Promise<vscode.Hover | undefined> {
    if (!this.service.enabled('hover')) return undefined;
    // The document's URLs as the finder found them (once per version): the same URL the
    // decorations, Problems and Create Report at the cursor name.
    const found = urlContaining(this.service.urlsIn(document), document.offsetAt(position));
    if (!found || !(await this.service.signedIn()) || token.isCancellationRequested) return undefined;
    let report;
    try {
      report = await this.service.lookup.lookup(found.url, 'interactive');
    } catch (error) {
      this.log.debug(`Hover lookup failed: ${error instanceof Error ? error.message : error}`);
      return undefined;
    }
    if (token.isCancellationRequested) return undefined;
    const trend = report && this.trendOf ? await this.trendOf(found.url).catch(() => undefined) : undefined;
    const text = hoverText(found.url, report, undefined, trend);
    const markdown = new vscode.MarkdownString(text.markdown, true);
    markdown.isTrusted = { enabledCommands: text.commands };
    markdown.supportHtml = false;
    const range = new vscode.Range(document.positionAt(found.start), document.positionAt(found.end));
    return new vscode.Hover(markdown, range);
  }
}
