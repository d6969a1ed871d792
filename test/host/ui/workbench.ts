// Locators and small actions on VS Code's workbench: the side bar, the tree rows, menus, editor
// tabs, the Command Palette and the colour theme.
import type { Locator, Page } from 'playwright-core';
import { exactly, poll } from './harness';
import { pageRow } from '../../../core/list/rowLabel';

/** Names from the contract (docs/design.md) and package.json's contributions. */
export const CONTAINER_TITLE = 'Website Reports';

export function activityBarEntry(page: Page): Locator {
  // The activity bar item of the view container `webReports`, labelled by its title.
  return page
    .locator('.part.activitybar .action-item')
    .filter({ has: page.locator(`[aria-label^="${CONTAINER_TITLE}"]`) })
    .or(page.locator(`.part.activitybar .action-item[aria-label^="${CONTAINER_TITLE}"]`))
    .first();
}

export function sidebar(page: Page): Locator {
  return page.locator('.part.sidebar');
}

export function welcomeButton(page: Page, name: RegExp): Locator {
  return sidebar(page).locator('.welcome-view-content').getByRole('button', { name }).first();
}

/** Rows of the custom tree views in the side bar. */
export function treeRows(page: Page): Locator {
  return sidebar(page).locator('.monaco-list-row');
}

/** The tree row whose label is exactly `label` (a group name or a report URL). */
export function treeRow(page: Page, label: string): Locator {
  return treeRows(page)
    .filter({ has: page.locator('.label-name', { hasText: exactly(label) }) })
    .first();
}

/**
 * The row of the report (or workspace URL) with this URL: labelled "score · path" with the site
 * first in its description (core/text/rowLabel.ts), the score absent while unknown.
 */
export function reportRow(page: Page, url: string): Locator {
  const { site } = pageRow(url, undefined);
  const rows = treeRows(page).filter({ has: page.locator('.label-name', { hasText: reportRowLabel(url) }) });
  return (site === undefined ? rows : rows.filter({ has: page.locator('.label-description', { hasText: siteFirst(site) }) })).first();
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** What a report row's label must look like for this URL: never cut by the extension. */
export function reportRowLabel(url: string): RegExp {
  return new RegExp(`^\\s*(\\d+(\\.\\d)? · )?${escaped(pageRow(url, undefined).label)}\\s*$`);
}

/** A description that starts with the row's site ("www.example.com · 2 weeks ago"). */
function siteFirst(site: string): RegExp {
  return new RegExp(`^\\s*${escaped(site)}( · |\\s*$)`);
}

/** Whether a row (as visibleRows reads it) is the row of this URL: its label and its site. */
export function isRowOf(row: { label: string; description: string }, url: string): boolean {
  const { site } = pageRow(url, undefined);
  return reportRowLabel(url).test(row.label) && (site === undefined || siteFirst(site).test(row.description));
}

/** Label and description of every visible tree row. */
export async function visibleRows(page: Page): Promise<{ label: string; description: string }[]> {
  return treeRows(page).evaluateAll((rows) =>
    rows.map((row) => ({
      label: (row.querySelector('.label-name')?.textContent ?? '').trim(),
      description: (row.querySelector('.label-description')?.textContent ?? '').trim(),
    })),
  );
}

/** The open context menu (VS Code draws its own in the browser, possibly in a shadow root). */
export function contextMenu(page: Page): Locator {
  return page.locator('.context-view .monaco-menu').first();
}

/** The labels of the open context menu's items (separators left out). */
export async function menuItems(page: Page): Promise<string[]> {
  const labels = contextMenu(page).locator('.action-menu-item .action-label:not(.separator)');
  return (await labels.allInnerTexts()).map((t) => t.trim()).filter(Boolean);
}

/** The editor tab whose label is exactly `title`. */
export function editorTab(page: Page, title: string): Locator {
  return page
    .locator('.part.editor .tabs-container .tab')
    .filter({ has: page.locator('.label-name', { hasText: exactly(title) }) })
    .first();
}

/** Runs a command by its title through the Command Palette (F1, type, pick the entry labelled so). */
export async function runFromPalette(page: Page, title: string, opts: { opensPicker?: boolean } = {}): Promise<void> {
  const widget = page.locator('.quick-input-widget');
  const input = widget.locator('.quick-input-box input');
  await page.keyboard.press('Escape'); // nothing else open in front
  // A webview that has the focus (a panel button was just clicked) keeps F1 from the workbench:
  // give the focus back to the workbench first (a click on the side bar's title does nothing else).
  // Under load a key press can also land while the focus moves; then the workbench takes it back
  // and F1 goes again, up to three times.
  for (let attempt = 1; ; attempt++) {
    const inWebview = await page.evaluate(() => document.activeElement?.tagName === 'IFRAME');
    if (inWebview || attempt > 1) await page.locator('.part.sidebar .composite.title').first().click({ timeout: 5_000 });
    await page.keyboard.press('F1');
    const opened = await input
      .waitFor({ state: 'visible', timeout: 5_000 })
      .then(() => true)
      .catch(() => false);
    if (opened) break;
    if (attempt >= 3) {
      const focused = await page.evaluate(() => `${document.activeElement?.tagName}.${document.activeElement?.className}`);
      throw new Error(`F1 did not open the Command Palette (three tries; the focus was on ${focused})`);
    }
  }
  await input.fill(`>${title}`);
  // The entry labelled exactly so (others may match more of what was typed and come first).
  const entry = widget
    .locator('.monaco-list-row')
    .filter({ has: page.locator('.label-name', { hasText: exactly(title) }) })
    .first();
  await entry.waitFor({ state: 'visible', timeout: 10_000 }).catch(async () => {
    const offered = await widget
      .locator('.monaco-list-row .label-name')
      .allInnerTexts()
      .catch(() => []);
    throw new Error(`the Command Palette offers no "${title}" (offers: ${offered.slice(0, 5).join(' | ') || 'nothing'})`);
  });
  // Enter when it is the focused entry (as a person would), else a click on it.
  if (await entry.evaluate((row) => row.classList.contains('focused'))) await page.keyboard.press('Enter');
  else await entry.click({ timeout: 5000 });
  if (opts.opensPicker) {
    // The command's own quick pick reuses the widget: wait until the palette's text is gone.
    await poll(
      async () => !(await input.inputValue()).startsWith('>'),
      10_000,
      () => `"${title}" did not open its picker`,
    );
  } else {
    await widget.waitFor({ state: 'hidden', timeout: 10_000 }).catch(() => {
      throw new Error(`the Command Palette stayed open after running "${title}"`);
    });
  }
}

export type ThemeKind = 'light' | 'dark';
/** `label` as the theme picker lists it, `name` as workbench.colorTheme names it. */
const THEMES: Record<ThemeKind, { label: string; name: string; workbenchClass: string }> = {
  light: { label: 'Light Modern', name: 'Default Light Modern', workbenchClass: 'vs' },
  dark: { label: 'Dark Modern', name: 'Default Dark Modern', workbenchClass: 'vs-dark' },
};

/**
 * Switches the colour theme the way a person does: Command Palette → "Preferences: Color Theme" →
 * the theme's name → pick it. (Writing workbench.colorTheme to User/settings.json was not applied
 * live by this code-server build, so the picker it is.)
 */
export async function setTheme(page: Page, kind: ThemeKind): Promise<void> {
  const { label, name, workbenchClass: cls } = THEMES[kind];
  const isActive = async () => (await page.evaluate(() => document.querySelector('.monaco-workbench')?.className ?? '')).split(/\s+/);
  if ((await isActive()).includes(`vscode-theme-defaults-themes-${kind}_modern-json`)) return; // already on it
  await runFromPalette(page, 'Preferences: Color Theme', { opensPicker: true });
  const widget = page.locator('.quick-input-widget');
  const input = widget.locator('.quick-input-box input');
  await input.waitFor({ state: 'visible', timeout: 10_000 });
  await input.fill(label);
  const entry = widget
    .locator('.monaco-list-row')
    .filter({ has: page.locator('.label-name', { hasText: exactly(label) }) })
    .first();
  await entry.waitFor({ state: 'visible', timeout: 10_000 }).catch(() => {
    throw new Error(`the theme picker offers no "${label}"`);
  });
  await entry.click({ timeout: 5000 });
  await widget.waitFor({ state: 'hidden', timeout: 10_000 }).catch(() => {
    throw new Error('the theme picker stayed open after picking a theme');
  });
  let classes: string[] = [];
  await poll(
    async () => (classes = await isActive()).includes(cls),
    15_000,
    () => `the workbench did not switch to "${name}" (class .${cls}); its classes: ${classes.join(' ')}`,
  );
}

/**
 * Hovers `target` and returns the workbench hover that appears (containing `text`). The pointer
 * leaves first; a hover that does not come within 4 s is tried again (the list reuses row elements,
 * and a row just re-rendered under a recently closed hover sometimes needs a second entry).
 */
export async function hoverOver(page: Page, target: Locator, text: string): Promise<Locator> {
  const hover = page.locator('.monaco-hover, .workbench-hover').filter({ hasText: text }).first();
  for (let attempt = 1; ; attempt++) {
    await leaveHover(page);
    const box = await target.boundingBox({ timeout: 5000 });
    if (!box) throw new Error('the row to hover is not visible');
    // Over the label, a little further right on each try.
    await page.mouse.move(box.x + 60 + attempt * 25, box.y + box.height / 2, { steps: 4 });
    try {
      await hover.waitFor({ state: 'visible', timeout: 4000 });
      return hover;
    } catch {
      if (attempt === 3) throw new Error(`no tooltip containing "${text.slice(0, 40)}" appeared in 3 tries of hovering (4 s each)`);
    }
  }
}

/** Moves the pointer off any hover, closes it and waits until it is gone (for clean screenshots). */
export async function leaveHover(page: Page): Promise<void> {
  await page.mouse.move(700, 880);
  await page.keyboard.press('Escape');
  await page
    .locator('.monaco-hover:visible, .workbench-hover:visible')
    .first()
    .waitFor({ state: 'hidden', timeout: 5000 })
    .catch(() => undefined);
}

/** Dismisses notification toasts (so screenshots show the panels, not "signed in"). */
export async function clearNotifications(page: Page): Promise<void> {
  await runFromPalette(page, 'Notifications: Clear All Notifications');
}
