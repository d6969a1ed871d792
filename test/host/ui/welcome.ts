// Signed out: the activity bar entry, the welcome view and its password box.
import type { Ui } from './harness';
import { activityBarEntry, CONTAINER_TITLE, sidebar, welcomeButton } from './workbench';

/** Returns whether the welcome view with "Set API Key" is showing (later checks build on it). */
export async function welcomeChecks(ui: Ui): Promise<boolean> {
  const { page } = ui;

  await ui.check('activity bar shows the "Website Reports" entry', async () => {
    await activityBarEntry(page).waitFor({ state: 'visible', timeout: 45_000 });
    await ui.shot('workbench');
  });

  const welcome = await ui.check('clicking "Website Reports" shows the signed-out welcome with "Set API Key"', async () => {
    await activityBarEntry(page).click({ timeout: 10_000 });
    await sidebar(page).waitFor({ state: 'visible', timeout: 10_000 });
    const title = await sidebar(page).locator('.composite.title').innerText({ timeout: 10_000 });
    if (!title.toLowerCase().includes(CONTAINER_TITLE.toLowerCase())) throw new Error(`side bar title is "${title.trim()}"`);
    await welcomeButton(page, /set api key/i).waitFor({ state: 'visible', timeout: 20_000 });
    await ui.shot('welcome');
  });

  await ui.check('the welcome view offers to set the base URL', async () => {
    await welcomeButton(page, /base url/i).waitFor({ state: 'visible', timeout: 10_000 });
  });

  await ui.check('"Set API Key" asks for the key in a password box', async () => {
    await welcomeButton(page, /set api key/i).click({ timeout: 10_000 });
    const input = page.locator('.quick-input-widget input[type="password"]');
    await input.waitFor({ state: 'visible', timeout: 10_000 });
    await ui.shot('set-api-key');
    await page.keyboard.press('Escape');
    await input.waitFor({ state: 'hidden', timeout: 10_000 });
  });

  return welcome;
}
