// A person types a URL that has a report into an editor and sees its rating badge after it: the
// rounded score, drawn by the decoration after the URL (VS Code draws after-text as the CSS
// `::after` content of a span in the line, so that is where the check reads it).
import type { Ui } from './harness';
import { ratingOf, roundedScore } from '../../../core/checks/rating';
import { poll } from './harness';
import { allReports } from './service';
import { runFromPalette } from './workbench';

export async function badgeCheck(ui: Ui, signedIn: boolean): Promise<void> {
  const { page } = ui;
  await ui.check('a URL typed into an editor gets its rating badge (the rounded score) after it', async () => {
    ui.needs('signing in', signedIn);
    const report = (await allReports(ui.service())).find((r) => ratingOf(r).score !== undefined);
    if (!report) throw new Error('the service has no report with a score');
    const badge = `● ${roundedScore(ratingOf(report).score as number)}`;
    await runFromPalette(page, 'File: New Untitled Text File');
    const lines = page.locator('.part.editor .monaco-editor .view-lines').first();
    await lines.waitFor({ state: 'visible', timeout: 10_000 });
    await page.keyboard.type(`Our page: ${report.url}\n`);
    let seen: string[] = [];
    try {
      await poll(
        async () => {
          seen = await lines.evaluate((root) =>
            Array.from(root.querySelectorAll('span'))
              .flatMap((span) => [span.textContent ?? '', getComputedStyle(span, '::after').content])
              .filter((text) => text && text !== 'none' && text !== 'normal'),
          );
          return seen.some((text) => text.includes(badge));
        },
        15_000,
        () => `no "${badge}" after ${report.url}; the line shows ${JSON.stringify(seen.slice(-6))}`,
      );
    } finally {
      await ui.shot('document-url-badge');
      await runFromPalette(page, 'View: Revert and Close Editor').catch(() => undefined);
    }
  });
}
