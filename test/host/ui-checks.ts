// UI checks from the Playwright side: what a person sees in the workbench. Run by run.ts on a
// page load WITHOUT the test payload's suites (only the extension under development), signed out.
// Each check counts as one test in the final `integration:` line and prints `ok - <name>` or
// `not ok - <name>: <reason>`. Screenshots go to test-results/ui-*.png.
import * as path from 'node:path';
import type { Locator, Page } from 'playwright-core';

export interface CheckResult {
  name: string;
  ok: boolean;
  reason?: string;
}

export interface UiCheckOptions {
  resultsDir: string;
  report(result: CheckResult): void;
}

/** Names from the contract (design.md) and package.json's contributions. */
const CONTAINER_TITLE = 'Website Reports';

function activityBarEntry(page: Page): Locator {
  // The activity bar item of the view container `webReports`, labelled by its title.
  return page.locator('.part.activitybar .action-item').filter({ has: page.locator(`[aria-label^="${CONTAINER_TITLE}"]`) })
    .or(page.locator(`.part.activitybar .action-item[aria-label^="${CONTAINER_TITLE}"]`))
    .first();
}

function sidebar(page: Page): Locator {
  return page.locator('.part.sidebar');
}

function welcomeButton(page: Page, name: RegExp): Locator {
  return sidebar(page).locator('.welcome-view-content').getByRole('button', { name }).first();
}

export async function runUiChecks(page: Page, options: UiCheckOptions): Promise<void> {
  const shot = async (name: string) => {
    await page.screenshot({ path: path.join(options.resultsDir, `ui-${name}.png`), timeout: 10_000 }).catch(() => undefined);
  };
  const check = async (name: string, body: () => Promise<void>) => {
    try {
      await body();
      console.log(`ok - ${name}`);
      options.report({ name, ok: true });
    } catch (err) {
      const reason = (err instanceof Error ? err.message : String(err)).split('\n')[0];
      console.log(`not ok - ${name}: ${reason}`);
      options.report({ name, ok: false, reason });
      await shot(`failed-${name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}`);
    }
  };

  // The workbench is loaded once its activity bar is there.
  await page.locator('.monaco-workbench .part.activitybar').waitFor({ state: 'visible', timeout: 90_000 });

  await check('activity bar shows the "Website Reports" entry', async () => {
    await activityBarEntry(page).waitFor({ state: 'visible', timeout: 45_000 });
    await shot('workbench');
  });

  await check('clicking "Website Reports" shows the signed-out welcome with "Set API Key"', async () => {
    await activityBarEntry(page).click({ timeout: 10_000 });
    await sidebar(page).waitFor({ state: 'visible', timeout: 10_000 });
    const title = await sidebar(page).locator('.composite.title').innerText({ timeout: 10_000 });
    if (!title.toLowerCase().includes(CONTAINER_TITLE.toLowerCase())) throw new Error(`side bar title is "${title.trim()}"`);
    await welcomeButton(page, /set api key/i).waitFor({ state: 'visible', timeout: 20_000 });
    await shot('welcome');
  });

  await check('the welcome view offers to set the base URL', async () => {
    await welcomeButton(page, /base url/i).waitFor({ state: 'visible', timeout: 10_000 });
  });

  await check('"Set API Key" asks for the key in a password box', async () => {
    await welcomeButton(page, /set api key/i).click({ timeout: 10_000 });
    const input = page.locator('.quick-input-widget input[type="password"]');
    await input.waitFor({ state: 'visible', timeout: 10_000 });
    await shot('set-api-key');
    await page.keyboard.press('Escape');
    await input.waitFor({ state: 'hidden', timeout: 10_000 });
  });
}
