// UI checks from the Playwright side: what a person sees in the workbench. Run by run.ts on a
// page load WITHOUT the test payload's suites (only the extension under development), signed out.
// Each check counts as one test in the final `integration:` line and prints `ok - <name>` or
// `not ok - <name>: <reason>`. Screenshots go to test-results/ui-*.png (ui-failed-*.png on failure).
//
// The checks live in ui/, one job per file; they run in this order because each builds on the
// state the one before left (signed out → signed in → panels open → themes → crafted data last).
import type { Page } from 'playwright-core';
import { createUi, type UiCheckOptions } from './ui/harness';
import { contextMenuCheck, signInCheck, tooltipChecks } from './ui/tree';
import { themeChecks, type ThemedPanel } from './ui/themes';
import { welcomeChecks } from './ui/welcome';
import { createFromPaletteCheck, deleteWithConfirmationCheck } from './ui/create';
import { accountPanelCheck, ACCOUNT_TAB, reportPanelButtonCheck, reportPanelCheck } from './ui/webviews';
import { xssChecks } from './ui/xss';
import { statusBarCheck } from './ui/statusBar';
import { walkthroughOpensCheck, walkthroughProgressCheck } from './ui/walkthrough';
import { neutralisedChecks } from './ui/neutralised';
import { badgeCheck } from './ui/badges';
import { pickerChecks } from './ui/pickers';

export type { CheckResult, UiCheckOptions } from './ui/harness';

export async function runUiChecks(page: Page, options: UiCheckOptions): Promise<void> {
  const ui = createUi(page, options);

  // The workbench is loaded once its activity bar is there.
  await page.locator('.monaco-workbench .part.activitybar').waitFor({ state: 'visible', timeout: 90_000 });

  const walkthrough = await walkthroughOpensCheck(ui);
  const welcome = await welcomeChecks(ui);
  const signedIn = await signInCheck(ui, welcome);
  // Right after sign-in: reading the status bar between the tooltips' refresh and the row click
  // let that click land while the tree swapped its items ("Actual command not found").
  await statusBarCheck(ui, signedIn);
  await contextMenuCheck(ui, signedIn);
  await tooltipChecks(ui, signedIn);
  await badgeCheck(ui, signedIn);
  const opened = await reportPanelCheck(ui, signedIn);
  await reportPanelButtonCheck(ui, opened);
  const account = await accountPanelCheck(ui, signedIn);
  const created = await createFromPaletteCheck(ui, signedIn);
  await deleteWithConfirmationCheck(ui, created);
  await pickerChecks(ui, signedIn);
  await walkthroughProgressCheck(ui, walkthrough, signedIn, !!created, account);
  const panels: ThemedPanel[] = [];
  if (opened) panels.push({ kind: 'report', tab: opened.report.url, heading: opened.report.url });
  if (account) panels.push({ kind: 'account', tab: ACCOUNT_TAB });
  await themeChecks(ui, panels, !!opened && account);
  await xssChecks(ui, signedIn);
  await neutralisedChecks(ui, signedIn);
}
