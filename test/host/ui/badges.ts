// A person types a URL that has a report into an editor and sees its rating badge after it: the
// rounded score, drawn by the decoration after the URL.
import type { Ui } from './harness';
import { poll } from './harness';
import { allReports } from './service';
import { runFromPalette } from './workbench';

export async function badgeCheck(ui: Ui, signedIn: boolean): Promise<void> {
  const { page } = ui;
  await ui.check('a URL typed into an editor gets its rating badge (the rounded score) after it', async () => {
    ui.needs('signing in', signedIn);
    const report = (await allReports(ui.service())).find((r) => typeof r.score === 'number');
    if (!report) throw new Error('the service has no report with a score');
    const badge = `● ${Math.round(report.score as number)}`;
    await runFromPalette(page, 'File: New Untitled Text File');
    const lines = page.locator('.part.editor .monaco-editor .view-lines').first();
    await lines.waitFor({ state: 'visible', timeout: 10_000 });
    await page.keyboard.type(`Our page: ${report.url}\n`);
    let seen = '';
    try {
      await poll(
        async () => (seen = await lines.innerText().catch(() => '')).includes(badge),
        15_000,
        () => `no "${badge}" after ${report.url}; the editor shows ${JSON.stringify(seen.slice(0, 200))}`,
      );
      await ui.shot('document-url-badge');
    } finally {
      await runFromPalette(page, 'View: Revert and Close Editor').catch(() => undefined);
    }
  });
}
