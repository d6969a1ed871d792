// The README's screenshots, taken from the running demo (`npm start`) as a new user sees it:
//
//   node out/scripts/demoScreenshots.js '<the workbench address npm start printed>' [tree account …]
//
// Drives the browser VS Code with Playwright and Debian's chromium (or $WEBREPORTS_CHROMIUM) at
// 1400x900 and writes media/screenshots/{tree,workspace-urls,page-sources,local-checks,quick-fix,
// report-panel,account,walkthrough}.png. It changes nothing in the demo's data; it only opens views, files and panels.
// Run it against a fresh demo (the browser's own state starts empty each time).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { chromium, type Frame, type Locator, type Page } from 'playwright-core';
import { BROWSER_ARGS } from '../test/host/codeServer';
import { localChecks as localChecksShot, quickFix as quickFixShot, type ShotHelpers } from './demoShotsEditor';

const ROOT = path.resolve(__dirname, '..', '..');
const OUT_DIR = process.env.WEBREPORTS_SCREENSHOTS_DIR || path.join(ROOT, 'media', 'screenshots');
const VIEWPORT = { width: 1400, height: 900 };
/** The page source the demo seeds with a report that has failed checks (scripts/demoWorkspace.ts). */
const PAGE_SOURCE = 'second-post.md';
/** The report the panel shot opens: few failed checks, so the folded passed ones show below them. */
const PANEL_PAGE_PATH = '/blog/first-post';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const exactly = (text: string) => new RegExp(`^\\s*${escapeRegExp(text)}\\s*$`);

async function until(what: string, probe: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await probe().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

const sidebar = (page: Page): Locator => page.locator('.part.sidebar');

/** The side bar pane (view) whose header reads `title`. */
function pane(page: Page, title: RegExp): Locator {
  const has = page.locator('.pane-header', { hasText: title });
  return sidebar(page).locator('.pane').filter({ has }).first();
}

async function setPaneExpanded(page: Page, title: RegExp, expanded: boolean): Promise<void> {
  const header = pane(page, title).locator('.pane-header').first();
  if (((await header.getAttribute('aria-expanded')) === 'true') !== expanded) await header.click();
  await until(
    `"${title.source}" expanded: ${expanded}`,
    async () => ((await header.getAttribute('aria-expanded')) === 'true') === expanded,
  );
}

/** The first list row in `scope` whose label matches. */
function row(scope: Locator, label: string | RegExp): Locator {
  const has = scope.page().locator('.label-name', { hasText: typeof label === 'string' ? exactly(label) : label });
  return scope.locator('.monaco-list-row').filter({ has }).first();
}

/** Waits until the first element of `locator` shows. */
async function shown(locator: Locator, timeout = 30_000): Promise<void> {
  await locator.first().waitFor({ state: 'visible', timeout });
}

/** Expands every collapsed row of `scope` that has children (groups, then what they hold). */
async function expandAll(scope: Locator): Promise<void> {
  for (let i = 0; i < 40; i++) {
    const collapsed = scope.locator('.monaco-list-row[aria-expanded="false"]');
    if ((await collapsed.count()) === 0) return;
    await collapsed.first().click();
    await sleep(300);
  }
}

/** Moves the pointer where it raises no hover, closes any hover and gives the workbench a moment. */
async function settle(page: Page, pointer = { x: 1390, y: 60 }, escape = true): Promise<void> {
  await page.mouse.move(pointer.x, pointer.y);
  await sleep(300);
  if (escape) await page.keyboard.press('Escape');
  const hover = page.locator('.monaco-hover:visible, .workbench-hover:visible').first();
  await hover.waitFor({ state: 'hidden', timeout: 5000 }).catch(() => undefined);
  await sleep(800);
}

/** The shots asked for on the command line (all when none). */
let wanted: string[] = [];

async function shot(page: Page, name: string): Promise<void> {
  if (wanted.length && !wanted.includes(name)) return;
  const file = path.join(OUT_DIR, `${name}.png`);
  await page.screenshot({ path: file });
  console.log(`wrote ${path.relative(ROOT, file)}`);
}

/** Runs a command by its title through the Command Palette. */
async function runFromPalette(page: Page, title: string, opts: { opensPicker?: boolean } = {}): Promise<void> {
  const widget = page.locator('.quick-input-widget');
  const input = widget.locator('.quick-input-box input');
  await page.keyboard.press('Escape');
  // A webview with the focus keeps F1 from the workbench: a click on the side bar's title first.
  const sideBarTitle = sidebar(page).locator('.composite.title').first();
  if (await sideBarTitle.isVisible()) await sideBarTitle.click();
  await page.keyboard.press('F1');
  await input.waitFor({ state: 'visible', timeout: 10_000 });
  await input.fill(`>${title}`);
  await row(widget, title).click({ timeout: 10_000 });
  if (opts.opensPicker) {
    await until(`"${title}" to open its picker`, async () => !(await input.inputValue()).startsWith('>'));
  } else {
    await widget.waitFor({ state: 'hidden', timeout: 10_000 });
  }
}

async function pickFromPicker(page: Page, label: string): Promise<void> {
  const widget = page.locator('.quick-input-widget');
  await widget.locator('.quick-input-box input').fill(label);
  await row(widget, label).click({ timeout: 10_000 });
  await widget.waitFor({ state: 'hidden', timeout: 10_000 });
}

async function closeEditorsAndPanel(page: Page): Promise<void> {
  await runFromPalette(page, 'View: Close All Editors');
  if (await page.locator('.part.panel').isVisible()) await runFromPalette(page, 'View: Hide Panel');
}

/** The webview frame whose document is `<body data-view="kind">`, once visible and idle. */
async function webview(page: Page, kind: 'report' | 'account'): Promise<Frame> {
  let found: Frame | undefined;
  const ready = async (frame: Frame) =>
    !frame.isDetached() &&
    (await frame.locator(`body[data-view="${kind}"]`).count()) > 0 &&
    (await frame.locator('main#content[aria-busy="true"]').count()) === 0;
  for (const deadline = Date.now() + 30_000; !found && Date.now() < deadline; await sleep(200)) {
    for (const frame of page.frames()) if (!found && (await ready(frame).catch(() => false))) found = frame;
  }
  if (!found) throw new Error(`no ${kind} webview after 30 s`);
  return found;
}

/** Opens the Website Reports container (at the side bar's default width: rows lead with their score). */
async function openReportsView(page: Page): Promise<void> {
  const entry = page.locator('.part.activitybar .action-item').filter({ has: page.locator('[aria-label^="Website Reports"]') });
  await entry.or(page.locator('.part.activitybar .action-item[aria-label^="Website Reports"]')).first().click({ timeout: 60_000 });
  await pane(page, /^\s*Reports/i).waitFor({ timeout: 30_000 });
}

async function tree(page: Page): Promise<void> {
  await openReportsView(page);
  await setPaneExpanded(page, /URLs in Workspace/i, false);
  await setPaneExpanded(page, /^\s*Reports/i, true);
  const reports = pane(page, /^\s*Reports/i);
  for (const group of ['Bad', 'Decent', 'Good']) {
    await shown(row(reports, group));
    if ((await row(reports, group).getAttribute('aria-expanded')) === 'false') await row(reports, group).click();
  }
  const scores = reports.locator('.label-name', { hasText: /^\d+ · / });
  await until('the reports to show their scores', async () => (await scores.count()) > 3, 30_000);
  await shown(page.locator('.part.statusbar .statusbar-item', { hasText: /\d+ good · \d+ decent · \d+ bad/ }));
  await runFromPalette(page, 'Notifications: Clear All Notifications');
  await runFromPalette(page, 'View: Focus Active Editor Group'); // the tree without its focus outline
  await settle(page);
  await shot(page, 'tree');
}

async function workspaceUrls(page: Page): Promise<void> {
  await setPaneExpanded(page, /^\s*Reports/i, false);
  await setPaneExpanded(page, /URLs in Workspace/i, true);
  const urls = pane(page, /URLs in Workspace/i);
  const looked = urls.locator('.label-description', { hasText: /places?$/ });
  await until('the workspace URLs to be looked up', async () => (await looked.count()) >= 3, 30_000);
  await expandAll(urls);
  // One of the places a URL is written, opened from the view: the URL's badge shows in the editor.
  await urls
    .locator('.monaco-list-row', { hasText: /README\.md:\d+/ })
    .nth(2)
    .click();
  await shown(page.locator('.part.editor .tab', { hasText: 'README.md' }));
  await sleep(2000);
  await settle(page);
  await shot(page, 'workspace-urls');
}

async function pageSources(page: Page): Promise<void> {
  await closeEditorsAndPanel(page);
  await setPaneExpanded(page, /URLs in Workspace/i, false);
  await setPaneExpanded(page, /^\s*Reports/i, true);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Control+P');
  const input = page.locator('.quick-input-widget .quick-input-box input');
  await shown(input);
  await input.fill(PAGE_SOURCE);
  await shown(page.locator('.quick-input-widget .monaco-list-row', { hasText: PAGE_SOURCE }));
  await page.keyboard.press('Enter');
  await shown(page.locator('.part.editor .tab', { hasText: PAGE_SOURCE }));
  await shown(page.locator('.part.editor .codelens-decoration', { hasText: /failing check/ }));
  await runFromPalette(page, 'View: Show Explorer');
  await runFromPalette(page, 'View: Focus Problems (Errors, Warnings, Infos)');
  const problems = page.locator('.part.panel .markers-panel');
  await shown(problems.locator('.monaco-list-row', { hasText: /Missing meta description/ }));
  // The page's Problems first: the README's (URLs rated in a document) folded under their file.
  const readme = problems.locator('.monaco-list-row[aria-expanded="true"]', { hasText: 'README.md' });
  if ((await readme.count()) > 0) await readme.first().locator('.monaco-tl-twistie').click();
  const lines = page.locator('.part.editor .monaco-editor .view-lines').first();
  await lines.click({ position: { x: 300, y: 40 } });
  await settle(page, { x: 1100, y: 400 });
  // The title check's Problem as its hover on the `title:` line (with its quick fixes).
  const word = page.locator('.part.editor .view-line span', { hasText: /^Post$/ }).first();
  const box = await word.boundingBox().catch(() => null);
  if (box) {
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 4 });
    const hover = page.locator('.monaco-hover:visible', { hasText: /should be/ });
    await shown(hover, 8000).catch(() => console.warn('no hover on the title line: the shot goes without it'));
    await sleep(500);
  }
  await shot(page, 'page-sources');
}

async function reportPanel(page: Page): Promise<void> {
  await closeEditorsAndPanel(page);
  await openReportsView(page);
  const reports = pane(page, /^\s*Reports/i);
  // Rows show the URL shortened in the middle: its end is the page's own name.
  await row(reports, new RegExp(`${escapeRegExp(PANEL_PAGE_PATH.split('/').pop() ?? '')}$`)).click({ timeout: 30_000 });
  const frame = await webview(page, 'report');
  await shown(frame.getByText(/Passed \(\d+\)/), 15_000);
  await sleep(1000);
  await settle(page);
  await shot(page, 'report-panel');
}

async function account(page: Page): Promise<void> {
  await closeEditorsAndPanel(page);
  await runFromPalette(page, 'Website Reports: Show Account');
  await webview(page, 'account');
  await sleep(1500);
  await settle(page);
  await shot(page, 'account');
}

async function walkthrough(page: Page): Promise<void> {
  await closeEditorsAndPanel(page);
  await runFromPalette(page, 'Notifications: Clear All Notifications');
  // The walkthrough's own two columns (steps, then the selected step's page) need the width.
  if (await sidebar(page).isVisible()) await runFromPalette(page, 'View: Toggle Primary Side Bar Visibility');
  await runFromPalette(page, 'Welcome: Open Walkthrough...', { opensPicker: true });
  await pickFromPicker(page, 'Get Started with Website Reports');
  const steps = page.locator('button.getting-started-step[data-step-id^="webreports."]');
  await shown(steps, 15_000);
  // The demo is set up and signed in: the steps tick from the extension's context keys, which can
  // reach the walkthrough a moment after it draws.
  const done = steps.and(page.locator('[aria-checked="true"]'));
  await until('ticked steps', async () => (await done.count()) >= 2).catch(() => console.warn('the walkthrough shows < 2 steps done'));
  await sleep(1000);
  // No Escape here: in a walkthrough it goes back to the Welcome page.
  await settle(page, { x: 1390, y: 60 }, false);
  await shot(page, 'walkthrough');
}

async function main(): Promise<void> {
  const url = process.argv[2];
  if (!url || !/^https?:\/\//.test(url)) {
    throw new Error('usage: node out/scripts/demoScreenshots.js <the workbench address `npm start` printed> [shot...]');
  }
  wanted = process.argv.slice(3);
  fs.mkdirSync(OUT_DIR, { recursive: true });
  const executablePath = process.env.WEBREPORTS_CHROMIUM || '/usr/bin/chromium';
  const browser = await chromium.launch({ executablePath, headless: true, args: BROWSER_ARGS });
  try {
    const context = await browser.newContext({ viewport: VIEWPORT });
    const page = await context.newPage();
    await page.goto(url);
    await page.locator('.monaco-workbench .part.activitybar').waitFor({ timeout: 60_000 });
    // In this order (each starts from where the one before left the workbench). The tree shot
    // opens and widens the view the others build on: it always runs.
    const h: ShotHelpers = { runFromPalette, closeEditorsAndPanel, shown, settle, shot, sleep };
    const localChecks = (p: Page) => localChecksShot(p, h);
    const quickFix = (p: Page) => quickFixShot(p, h);
    const shots = { tree, workspaceUrls, pageSources, localChecks, quickFix, reportPanel, account, walkthrough };
    for (const [name, take] of Object.entries(shots)) {
      const file = name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
      if (name === 'tree' || !wanted.length || wanted.includes(file)) await take(page);
    }
  } finally {
    await browser.close();
  }
}

main().catch((err) => {
  console.error(`demoScreenshots failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
