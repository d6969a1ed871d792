// The status bar item and the view's badge as a person sees them once signed in: the totals the
// service holds, and the number of bad reports on the activity bar entry.
import { poll, type Ui } from './harness';
import { totals } from './service';
import { activityBarEntry } from './workbench';

export async function statusBarCheck(ui: Ui, signedIn: boolean): Promise<void> {
  const { page } = ui;
  await ui.check('the status bar shows the totals per rating, and the view badge the number of bad reports', async () => {
    ui.needs('signing in', signedIn);
    const t = await totals(ui.service());
    const label = `Website Reports: ${t.good} good, ${t.decent} decent, ${t.bad} bad`;
    const item = page.locator(`.part.statusbar [aria-label="${label}"]`).first();
    await item.waitFor({ state: 'visible', timeout: 10_000 }).catch(async () => {
      const labels = await page
        .locator('.part.statusbar .statusbar-item [aria-label]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')))
        .catch(() => []);
      throw new Error(`no status bar item "${label}" (items: ${labels.join(' | ') || 'none'})`);
    });
    const text = (await item.innerText()).replace(/\s+/g, ' ').trim();
    if (text !== `${t.good} good · ${t.decent} decent · ${t.bad} bad`) throw new Error(`the item reads "${text}"`);
    // The extension's own globe, never the Problems icons (they read as a second error counter).
    const icons = await item.locator('.codicon').evaluateAll((els) => els.map((e) => e.className));
    if (!icons.some((c) => c.split(/\s+/).includes('codicon-globe'))) throw new Error(`no globe in the item (has ${icons.join(', ')})`);
    for (const icon of ['codicon-pass', 'codicon-warning', 'codicon-error']) {
      if (icons.some((c) => c.split(/\s+/).includes(icon))) throw new Error(`the item shows ${icon}, a Problems icon`);
    }
    const badge = activityBarEntry(page).locator('.badge .badge-content');
    await poll(
      async () => (await badge.innerText().catch(() => '')).trim() === String(t.bad),
      10_000,
      () => `the activity bar badge does not read ${t.bad}`,
    );
  });
}
