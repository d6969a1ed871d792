// The Reports tree as a person sees it: signing in through the welcome view, the group rows with the
// service's totals, the report rows, and the context menu of a report row.
import type { Ui } from './harness';
import { ratingOf, roundedScore } from '../../../core/checks/rating';
import { poll } from './harness';
import { allReports, RESULTS, totals, type Result } from './service';
import { restoreRealReports, showCraftedReport } from './crafted';
import {
  clearNotifications,
  contextMenu,
  hoverOver,
  leaveHover,
  menuItems,
  sidebar,
  reportRow,
  isRowOf,
  visibleRows,
  welcomeButton,
} from './workbench';

const GROUP_LABELS: Record<Result, string> = { good: 'Good', decent: 'Decent', bad: 'Bad' };

/** Signs in through the welcome view; returns whether the populated tree showed up. */
export async function signInCheck(ui: Ui, welcomeOk: boolean): Promise<boolean> {
  const { page } = ui;
  return ui.check('signing in through "Set API Key" shows Bad, Decent and Good with the service totals', async () => {
    ui.needs('the welcome view', welcomeOk);
    const service = ui.service();
    await welcomeButton(page, /set api key/i).click({ timeout: 10_000 });
    const input = page.locator('.quick-input-widget input[type="password"]');
    await input.waitFor({ state: 'visible', timeout: 10_000 });
    await input.fill(service.apiKey);
    await page.keyboard.press('Enter');
    await input.waitFor({ state: 'hidden', timeout: 15_000 }).catch(() => {
      throw new Error('the password box stayed open after Enter (key refused?)');
    });

    const expected = await totals(service);
    const reports = await allReports(service);
    const wanted = RESULTS.map((r) => `${GROUP_LABELS[r]} ${expected[r]}`);
    let rows: { label: string; description: string }[] = [];
    await poll(
      async () => {
        rows = await visibleRows(page);
        const groups = rows
          .filter((row) => Object.values(GROUP_LABELS).includes(row.label))
          .map((row) => `${row.label} ${row.description}`);
        return groups.join(',') === wanted.join(',') && reports.every((r) => rows.some((row) => isRowOf(row, r.url)));
      },
      20_000,
      () =>
        `expected group rows ${wanted.join(', ')} and ${reports.length} report rows; the tree shows: ${rows.map((r) => `${r.label} [${r.description}]`).join(', ') || 'nothing'}`,
    );
    if (await welcomeButton(page, /set api key/i).isVisible()) throw new Error('the welcome view is still showing after signing in');
    // Each report row sits under its own group (the next group row comes after it).
    const labels = rows.map((r) => r.label);
    for (const report of reports) {
      const at = rows.findIndex((row) => isRowOf(row, report.url));
      const group = [...labels.slice(0, at)].reverse().find((l) => Object.values(GROUP_LABELS).includes(l));
      const band = ratingOf(report).band as Result;
      if (group !== GROUP_LABELS[band]) throw new Error(`${report.url} (${band}) is shown under "${group}"`);
      // The score first, so the side bar's default width never cuts it off.
      const score = ratingOf(report).score;
      if (score !== undefined && !labels[at].startsWith(`${roundedScore(score)} · `)) {
        throw new Error(`the row of ${report.url} does not start with its score ${roundedScore(score)}: "${labels[at]}"`);
      }
    }
    await clearNotifications(page);
    await leaveHover(page); // the pointer rests where "Set API Key" was: on a row, with its tooltip
    await sidebar(page).screenshot({ path: `${ui.options.resultsDir}/ui-tree.png`, timeout: 10_000 });
    await ui.readmeShot('tree');
  });
}

const ALWAYS = ['Open Report', 'Open Site in Browser', 'Copy URL', 'Change Privacy…', 'Re-run Analysis', 'Delete Report'];

/** Context menus of a private, a password-protected and a public report row. */
export async function contextMenuCheck(ui: Ui, signedIn: boolean): Promise<void> {
  const { page } = ui;
  const cases: { privacy: number; name: string; has: string; hasNot: string; shot?: string }[] = [
    { privacy: 1, name: 'private', has: 'Make Public', hasNot: 'Make Private', shot: 'context-menu-private' },
    { privacy: 2, name: 'password-protected', has: 'Make Public', hasNot: 'Make Private' },
    { privacy: 0, name: 'public', has: 'Make Private', hasNot: 'Make Public', shot: 'context-menu-public' },
  ];
  for (const c of cases) {
    await ui.check(`the context menu of a ${c.name} report offers "${c.has}", not "${c.hasNot}", and the report actions`, async () => {
      ui.needs('signing in', signedIn);
      const report = (await allReports(ui.service())).find((r) => Number(r.privacy) === c.privacy && /^https?:/.test(r.url));
      if (!report) throw new Error(`the service has no ${c.name} report with a web URL (seed too small?)`);
      const row = reportRow(page, report.url);
      await row.click({ button: 'right', timeout: 10_000 });
      const menu = contextMenu(page);
      await menu.waitFor({ state: 'visible', timeout: 10_000 });
      try {
        let items: string[] = [];
        // Items are added as the menu renders; wait until it holds the last group's entry.
        await poll(
          async () => (items = await menuItems(page)).includes('Delete Report'),
          5000,
          () => `menu items: ${items.join(' | ') || 'none'}`,
        );
        const missing = [...ALWAYS, c.has].filter((i) => !items.includes(i));
        if (missing.length) {
          throw new Error(`missing ${missing.map((m) => `"${m}"`).join(', ')} in ${report.url}'s menu: ${items.join(' | ')}`);
        }
        if (items.includes(c.hasNot)) throw new Error(`"${c.hasNot}" offered on a ${c.name} report: ${items.join(' | ')}`);
        if (c.shot) await ui.shot(c.shot);
      } finally {
        await page.keyboard.press('Escape');
        await menu.waitFor({ state: 'hidden', timeout: 5000 }).catch(() => undefined);
      }
    });
  }
}

const PRIVACY_LABELS = ['Public', 'Private', 'Password protected'];

/** Hovers the report's row; throws unless its tooltip has these lines exactly. */
async function expectTooltip(
  ui: Ui,
  report: { id: unknown; url: string; result: unknown; score?: unknown; privacy?: unknown; project?: unknown },
  shot: string,
): Promise<void> {
  const { page } = ui;
  const hover = await hoverOver(page, reportRow(page, report.url), String(report.project));
  try {
    const lines = (await hover.innerText())
      .replace(/\u00a0/g, ' ')
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    const expected = [
      report.url,
      `Result: ${GROUP_LABELS[ratingOf(report).band as Result]}`,
      `Score: ${roundedScore(ratingOf(report).score ?? NaN)}`,
      `Privacy: ${PRIVACY_LABELS[Number(report.privacy)]}`,
      `Project: ${String(report.project)}`,
      `Id: ${String(report.id)}`,
    ];
    const missing = expected.filter((e) => !lines.includes(e));
    await ui.shot(shot);
    if (missing.length) {
      throw new Error(`tooltip lacks the line(s) ${missing.map((m) => JSON.stringify(m)).join(', ')}; it reads ${JSON.stringify(lines)}`);
    }
  } finally {
    await leaveHover(page);
  }
}

/** The Markdown tooltip of a report row reads exactly like the report. */
export async function tooltipChecks(ui: Ui, signedIn: boolean): Promise<void> {
  const { page } = ui;
  await ui.check('hovering a report row shows a tooltip with its URL, result, score, privacy, project and id as they are', async () => {
    ui.needs('signing in', signedIn);
    const reports = await allReports(ui.service());
    const report = reports.find((r) => /[-_]/.test(r.url)) ?? reports[0];
    if (!report) throw new Error('the service has no reports');
    await expectTooltip(ui, report, 'tooltip');
  });

  await ui.check('the tooltip of a report whose URL has "_" and "(…)" (as on Wikipedia) shows that URL as it is', async () => {
    ui.needs('signing in', signedIn);
    const service = ui.service();
    const report = {
      id: 9002,
      url: 'https://en.wikipedia.org/wiki/Rust_(programming_language)',
      project: 'en.wikipedia.org',
      result: 'good',
      score: 91,
      privacy: 0,
      generated_at: new Date(Date.now() - 86_400_000).toISOString(),
      results: [],
    };
    try {
      await showCraftedReport(page, service, report);
      await expectTooltip(ui, report, 'tooltip-wikipedia');
    } finally {
      await restoreRealReports(page, service);
    }
  });
}
