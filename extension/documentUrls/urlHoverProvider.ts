// The hover over an http(s) URL in any document: its latest report's rating and actions,
// "No report yet — Create Report", or "could not check: why" when the lookup failed. Only the URL
// under the pointer is looked up, before any hidden work.
import * as vscode from 'vscode';
import { urlContaining } from '../../core/urls/urlFinder';
import { reasonOf } from '../../core/reports/urlLookup';
import { hoverText, uncheckedHoverText, type HoverText } from './urlHoverText';
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
    let text: HoverText;
    try {
      const report = await this.service.lookup.lookup(found.url, 'pointer');
      if (token.isCancellationRequested) return undefined;
      const trend = report && this.trendOf ? await this.trendOf(found.url).catch(() => undefined) : undefined;
      text = hoverText(found.url, report, undefined, trend);
    } catch (error) {
      this.log.debug(`Hover lookup failed: ${error instanceof Error ? error.message : error}`);
      if (token.isCancellationRequested) return undefined;
      text = uncheckedHoverText(found.url, reasonOf(error));
    }
    const markdown = new vscode.MarkdownString(text.markdown, true);
    markdown.isTrusted = { enabledCommands: text.commands };
    markdown.supportHtml = false;
    const range = new vscode.Range(document.positionAt(found.start), document.positionAt(found.end));
    return new vscode.Hover(markdown, range);
  }
}
