// Locators and small actions on VS Code's workbench: the side bar, the tree rows, menus, editor
// tabs, the Command Palette and the colour theme.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { exactly, poll } from './harness';

/** Names from the contract (design.md) and package.json's contributions. */
export const CONTAINER_TITLE = 'Website Reports';

export function activityBarEntry(page: Page): Locator {
  // The activity bar item of the view container `webReports`, labelled by its title.
  return page.locator('.part.activitybar .action-item').filter({ has: page.locator(`[aria-label^="${CONTAINER_TITLE}"]`) })
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
  return treeRows(page).filter({ has: page.locator('.label-name', { hasText: exactly(label) }) }).first();
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
  return page.locator('.part.editor .tabs-container .tab').filter({ has: page.locator('.label-name', { hasText: exactly(title) }) }).first();
}

/** Runs a command by its title through the Command Palette (F1, type, Enter on the matching entry). */
export async function runFromPalette(page: Page, title: string): Promise<void> {
  const widget = page.locator('.quick-input-widget');
  const input = widget.locator('.quick-input-box input');
  await page.keyboard.press('Escape'); // nothing else open in front
  await page.keyboard.press('F1');
  await input.waitFor({ state: 'visible', timeout: 10_000 });
  await input.fill(`>${title}`);
  const entry = widget.locator('.monaco-list-row').filter({ hasText: title }).first();
  await entry.waitFor({ state: 'visible', timeout: 10_000 }).catch(() => {
    throw new Error(`the Command Palette offers no "${title}"`);
  });
  // Enter runs the focused (first) entry; make sure it is the one we typed.
  const first = (await widget.locator('.monaco-list-row').first().innerText({ timeout: 5000 })).split('\n')[0].trim();
  if (!first.includes(title)) throw new Error(`the first Command Palette entry is "${first}", not "${title}"`);
  await page.keyboard.press('Enter');
  await widget.waitFor({ state: 'hidden', timeout: 10_000 });
}

export type ThemeKind = 'light' | 'dark';
const THEMES: Record<ThemeKind, { name: string; workbenchClass: string }> = {
  light: { name: 'Default Light Modern', workbenchClass: 'vs' },
  dark: { name: 'Default Dark Modern', workbenchClass: 'vs-dark' },
};

/** Switches the colour theme by writing the user settings (code-server applies them live). */
export async function setTheme(page: Page, userDataDir: string, kind: ThemeKind): Promise<void> {
  const file = path.join(userDataDir, 'User', 'settings.json');
  const settings = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  settings['workbench.colorTheme'] = THEMES[kind].name;
  // Otherwise VS Code follows the browser's light/dark preference and ignores colorTheme.
  settings['window.autoDetectColorScheme'] = false;
  fs.writeFileSync(file, JSON.stringify(settings, null, 2) + '\n');
  const cls = THEMES[kind].workbenchClass;
  let classes = '';
  await poll(
    async () => {
      classes = await page.evaluate(() => document.querySelector('.monaco-workbench')?.className ?? '(no .monaco-workbench)');
      return classes.split(/\s+/).includes(cls);
    },
    15_000,
    () => `the workbench did not switch to "${THEMES[kind].name}" (class .${cls}) within 15 s of writing settings.json; its classes: ${classes}`,
  );
}

/** Hovers `target` and returns the workbench hover that appears (containing `text`); moves away first. */
export async function hoverOver(page: Page, target: Locator, text: string): Promise<Locator> {
  await page.mouse.move(700, 880);
  await page.locator('.monaco-hover:visible, .workbench-hover:visible').first().waitFor({ state: 'hidden', timeout: 5000 }).catch(() => undefined);
  await target.hover({ timeout: 5000 });
  const hover = page.locator('.monaco-hover, .workbench-hover').filter({ hasText: text }).first();
  await hover.waitFor({ state: 'visible', timeout: 10_000 }).catch(() => {
    throw new Error(`no tooltip containing "${text.slice(0, 40)}" appeared within 10 s of hovering`);
  });
  return hover;
}

/** Moves the pointer off any hover and closes it. */
export async function leaveHover(page: Page): Promise<void> {
  await page.mouse.move(700, 880);
  await page.keyboard.press('Escape');
}

/** Dismisses notification toasts (so screenshots show the panels, not "signed in"). */
export async function clearNotifications(page: Page): Promise<void> {
  await runFromPalette(page, 'Notifications: Clear All Notifications');
}
