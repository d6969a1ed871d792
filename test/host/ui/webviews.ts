// The report and account panels: opened the way a person opens them (a tree row click, the Command
// Palette), then checked inside their webview documents.
import type { Frame } from 'playwright-core';
import { poll, type Ui } from './harness';
import { expectStyledAndIdle, webviewFrame } from './frames';
import { allReports, totals, type ServiceReport } from './service';
import { editorTab, runFromPalette, reportRow } from './workbench';
import { ratingOf, roundedScore } from '../../../core/checks/rating';
import { ratingLabel } from '../../../core/checks/ratingWords';

export const ACCOUNT_TAB = 'Website Reports Account';
const REPORT_ACTIONS = ['changePrivacy', 'rerun', 'delete', 'openSite', 'copyUrl', 'refresh'];
const ACCOUNT_ACTIONS = ['setApiKey', 'signOut', 'refresh'];

/** The data-action values of the visible buttons. */
async function visibleActions(frame: Frame): Promise<string[]> {
  return frame
    .locator('button[data-action]')
    .evaluateAll((buttons) =>
      buttons.filter((b) => (b as HTMLElement).offsetParent !== null).map((b) => (b as HTMLElement).dataset.action ?? ''),
    );
}

export interface OpenedReport {
  report: ServiceReport;
}

/** Clicks a report row; returns the report shown when the panel checks passed. */
export async function reportPanelCheck(ui: Ui, signedIn: boolean): Promise<OpenedReport | undefined> {
  const { page } = ui;
  let opened: OpenedReport | undefined;
  await ui.check('clicking a report row opens its panel with the URL heading, result badge, score and actions', async () => {
    ui.needs('signing in', signedIn);
    const reports = await allReports(ui.service());
    const report = reports.find((r) => ratingOf(r).band === 'good' && /^https:/.test(r.url)) ?? reports[0];
    if (!report) throw new Error('the service has no reports');
    await reportRow(page, report.url).click({ timeout: 10_000 });
    await editorTab(page, report.url)
      .waitFor({ state: 'visible', timeout: 15_000 })
      .catch(() => {
        throw new Error(`no editor tab titled "${report.url}" after clicking its row`);
      });
    const frame = await webviewFrame(page, 'report', { heading: report.url });
    await expectStyledAndIdle(frame);
    // Either shape of record: the word and the score come from the one rating function.
    const rating = ratingOf(report);
    const badge = (await frame.locator('.badge.result').innerText({ timeout: 5000 })).trim();
    if (!badge.includes(ratingLabel(rating.band))) throw new Error(`result badge reads "${badge}", expected "${ratingLabel(rating.band)}"`);
    const score = rating.score === undefined ? '?' : roundedScore(rating.score);
    const gauge = frame.locator(`svg[role="img"][aria-label="Score ${score} of 100"]`);
    if (!(await gauge.isVisible())) {
      const labels = await frame.locator('svg[role="img"]').evaluateAll((s) => s.map((e) => e.getAttribute('aria-label')));
      throw new Error(`no visible gauge "Score ${score} of 100" (svg labels: ${labels.join(', ') || 'none'})`);
    }
    const summary = (await frame.locator('.analysis-summary').innerText()).trim();
    if (!/^\d+ of \d+ checks? passed/.test(summary)) throw new Error(`analysis summary reads "${summary}"`);
    const actions = await visibleActions(frame);
    const missing = REPORT_ACTIONS.filter((a) => !actions.includes(a));
    if (missing.length) throw new Error(`toolbar lacks ${missing.join(', ')} (has ${actions.join(', ')})`);
    const analysis = await frame.locator('#analysis-heading').isVisible();
    if (!analysis) throw new Error('no "Analysis" section');
    await ui.shot('report');
    await ui.readmeShot('report-panel');
    await deleteKeyStillWorks(ui, report.url);
    opened = { report };
  });
  return opened;
}

/**
 * After a row's click opened its panel, the tree still has the keyboard: Delete asks to delete
 * that report (Cancel keeps it). A panel that took the focus left the key doing nothing.
 */
async function deleteKeyStillWorks(ui: Ui, url: string): Promise<void> {
  const { page } = ui;
  const inTree = await page.evaluate(() => {
    const active = document.activeElement;
    return !!active?.closest('.part.sidebar') && !!active.closest('.monaco-list');
  });
  if (!inTree) throw new Error('after the row click the keyboard focus left the Reports tree (the panel took it)');
  const dialog = page.locator('.monaco-dialog-box:visible').first();
  await page.keyboard.press('Delete');
  await dialog.waitFor({ state: 'visible', timeout: 5000 }).catch(() => {
    throw new Error('Delete after the row click asked nothing (the key did not reach the tree)');
  });
  try {
    const text = await dialog.innerText();
    if (!text.includes(url)) throw new Error(`the confirmation does not name ${url}: ${text.replace(/\s+/g, ' ')}`);
  } finally {
    await dialog.getByRole('button', { name: 'Cancel' }).click({ timeout: 5000 });
  }
  if (!(await allReports(ui.service())).some((r) => r.url === url)) throw new Error('Cancel deleted the report');
}

/** Opens the account panel from the Command Palette; returns whether it passed. */
export async function accountPanelCheck(ui: Ui, signedIn: boolean): Promise<boolean> {
  const { page } = ui;
  return ui.check('"Website Reports: Show Account" from the Command Palette shows the account fields and the chart', async () => {
    ui.needs('signing in', signedIn);
    const service = ui.service();
    await runFromPalette(page, 'Website Reports: Show Account');
    await editorTab(page, ACCOUNT_TAB)
      .waitFor({ state: 'visible', timeout: 15_000 })
      .catch(() => {
        throw new Error(`no editor tab "${ACCOUNT_TAB}"`);
      });
    const frame = await webviewFrame(page, 'account');
    await expectStyledAndIdle(frame);
    // The account is shown once its answer is in: on a loaded machine, after the panel is idle.
    await frame
      .locator('.account-known dl.fields > .field')
      .first()
      .waitFor({ state: 'visible', timeout: 15_000 })
      .catch(() => undefined); // the check below says what is missing
    const fields = await frame.locator('.account-known dl.fields > .field').evaluateAll((rows) =>
      Object.fromEntries(
        rows
          .map((r) => [(r.querySelector('dt')?.textContent ?? '').trim(), (r.querySelector('dd')?.textContent ?? '').trim()])
          // Nested records (the real account's plan has a name too): the outermost field wins.
          .reverse(),
      ),
    );
    // The real service's account: name, email, plan (its features), created_at; the plain one adds limits and usage.
    for (const label of ['Name', 'Email', 'Plan']) {
      if (!(label in fields)) throw new Error(`no "${label}" field (fields: ${Object.keys(fields).join(', ') || 'none'})`);
    }
    if (fields.Email !== 'demo@example.test' || fields.Name !== 'Demo User') {
      throw new Error(`Name/Email read "${fields.Name}"/"${fields.Email}"`);
    }
    const expected = await totals(service);
    const chartLabel = `Reports by result: ${expected.good} good, ${expected.decent} decent, ${expected.bad} bad`;
    const chart = frame.locator('svg.bar-chart[role="img"]');
    if (!(await chart.isVisible())) throw new Error('no visible bar chart');
    const actual = await chart.getAttribute('aria-label');
    if (actual !== chartLabel) throw new Error(`chart says "${actual}", the service "${chartLabel}"`);
    const bars = await frame.locator('svg.bar-chart rect.bar').count();
    if (bars !== 3) throw new Error(`${bars} bars in the chart, expected 3`);
    const source = (await frame.locator('.key-source').innerText()).trim();
    if (!/secret storage/i.test(source)) throw new Error(`key source line reads "${source}"`);
    const actions = await visibleActions(frame);
    const missing = ACCOUNT_ACTIONS.filter((a) => !actions.includes(a));
    if (missing.length) throw new Error(`toolbar lacks ${missing.join(', ')} (has ${actions.join(', ')})`);
    await ui.shot('account');
    await ui.readmeShot('account');
  });
}

/**
 * A click on a panel button travels the real path: the webview script posts a typed message, the
 * panel runs the command, the service is asked. "Refresh" re-reads the report.
 */
export async function reportPanelButtonCheck(ui: Ui, opened: OpenedReport | undefined): Promise<void> {
  await ui.check('clicking "Refresh" in the report panel reaches the service through the webview message', async () => {
    ui.needs('the report panel', opened !== undefined);
    const report = opened!.report;
    const service = ui.service();
    const frame = await webviewFrame(ui.page, 'report', { heading: report.url });
    service.clearRequests();
    await frame.locator('button[data-action="refresh"]').click({ timeout: 10_000 });
    await poll(
      () => service.requests().some((r) => r.method === 'GET' && r.path === `/api/v1/reports/${report.id}`),
      10_000,
      () =>
        `no GET /api/v1/reports/${report.id} after the click (saw: ${
          service
            .requests()
            .map((r) => `${r.method} ${r.path}`)
            .join(', ') || 'nothing'
        })`,
    );
    await expectStyledAndIdle(frame);
    // The panel was busy (buttons disabled) and its content may have been posted again: the
    // keyboard is still on the button that was used.
    await poll(
      () => frame.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset?.action === 'refresh'),
      5000,
      () => 'keyboard focus left the Refresh button after the refresh',
    );
  });
}
