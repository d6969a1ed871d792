// The badge after each URL that has a report, in visible editors: the rounded score in the
// rating's theme colour (one decoration type per band, so colours follow the theme).
import * as vscode from 'vscode';
import { Disposable } from '../../core/lifecycle/disposables';
import { ratingOf, RatingBand } from '../../core/checks/rating';
import { badgeText } from './urlHoverText';
import { RATING_ICONS } from '../../core/checks/ratingWords';
import { DocumentUrlsService } from './documentUrlsService';
import { ScanResult, VisibleDocumentScanner } from './visibleDocumentScanner';

const BANDS: RatingBand[] = ['good', 'decent', 'bad', 'unknown'];

export class RatingBadges extends Disposable {
  private readonly types = new Map<RatingBand, vscode.TextEditorDecorationType>();

  constructor(
    private readonly service: DocumentUrlsService,
    scanner: VisibleDocumentScanner,
  ) {
    super();
    for (const band of BANDS) {
      this.types.set(
        band,
        vscode.window.createTextEditorDecorationType({
          after: { color: new vscode.ThemeColor(RATING_ICONS[band].color), margin: '0 0 0 0.6em', fontStyle: 'normal' },
          rangeBehavior: vscode.DecorationRangeBehavior.ClosedClosed,
        }),
      );
    }
    this.registerAll(
      scanner.onDidScan((result) => this.show(result)),
      scanner.onDidClear(() => this.clearAll()),
    );
  }

  private show({ document, urls, reports }: ScanResult): void {
    const byBand = new Map<RatingBand, vscode.DecorationOptions[]>(BANDS.map((b) => [b, []]));
    if (this.service.enabled('decorations')) {
      for (const found of urls) {
        const report = reports.get(found.url);
        if (!report) continue;
        const range = new vscode.Range(document.positionAt(found.start), document.positionAt(found.end));
        byBand.get(ratingOf(report).band)?.push({ range, renderOptions: { after: { contentText: badgeText(report) } } });
      }
    }
    for (const editor of vscode.window.visibleTextEditors) {
      if (editor.document !== document) continue;
      for (const [band, type] of this.types) editor.setDecorations(type, byBand.get(band) ?? []);
    }
  }

  private clearAll(): void {
    for (const editor of vscode.window.visibleTextEditors) for (const type of this.types.values()) editor.setDecorations(type, []);
  }

  override dispose(): void {
    for (const type of this.types.values()) type.dispose();
    super.dispose();
  }
}
