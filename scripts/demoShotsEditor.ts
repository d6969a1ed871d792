// The demo's editor shots of local checks and quick fixes (demoScreenshots.ts runs them with its
// helpers): the demo's plain HTML page with its Problems from the local checks and its CodeLens,
// then the quick fixes offered on the image without alt text (Ctrl+.).
import type { Locator, Page } from 'playwright-core';

export interface ShotHelpers {
  runFromPalette(page: Page, title: string, opts?: { opensPicker?: boolean }): Promise<void>;
  closeEditorsAndPanel(page: Page): Promise<void>;
  shown(locator: Locator, timeout?: number): Promise<void>;
  settle(page: Page, pointer?: { x: number; y: number }, escape?: boolean): Promise<void>;
  shot(page: Page, name: string): Promise<void>;
  sleep(ms: number): Promise<void>;
}

/** The demo's HTML page with faults to fix (scripts/demoWorkspace.ts DEMO_HTML_FILE). */
const HTML_PAGE = 'offer.html';

async function openHtmlPage(page: Page, h: ShotHelpers): Promise<void> {
  await h.closeEditorsAndPanel(page);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Control+P');
  const input = page.locator('.quick-input-widget .quick-input-box input');
  await h.shown(input);
  await input.fill(HTML_PAGE);
  await h.shown(page.locator('.quick-input-widget .monaco-list-row', { hasText: HTML_PAGE }));
  await page.keyboard.press('Enter');
  await h.shown(page.locator('.part.editor .tab', { hasText: HTML_PAGE }));
  await h.shown(page.locator('.part.editor .codelens-decoration', { hasText: /Local \d+|automatically/ }), 30_000);
}

export async function localChecks(page: Page, h: ShotHelpers): Promise<void> {
  await openHtmlPage(page, h);
  await h.runFromPalette(page, 'View: Focus Problems (Errors, Warnings, Infos)');
  await h.shown(page.locator('.part.panel .markers-panel .monaco-list-row', { hasText: /local/i }), 30_000);
  await h.settle(page, { x: 1100, y: 400 });
  await h.shot(page, 'local-checks');
}

export async function quickFix(page: Page, h: ShotHelpers): Promise<void> {
  await openHtmlPage(page, h);
  // The cursor on the image without alt text, then the quick fixes there.
  const img = page.locator('.part.editor .view-line span', { hasText: /^img$|<img/ }).first();
  await img.click({ timeout: 10_000 });
  await h.runFromPalette(page, 'Quick Fix...');
  await h.shown(page.locator('.action-widget').first(), 10_000).catch(async (error) => {
    await page.screenshot({ path: 'test-results/demo-quick-fix-failed.png' });
    throw error;
  });
  await h.sleep(800);
  await h.shot(page, 'quick-fix');
  await page.keyboard.press('Escape');
}
