// A report whose every field carries a script payload, served by the service through injected
// faults, shown in the tree (hover: Markdown tooltip) and in its panel. Passes only when no payload
// runs (console, dialogs, titles, a loopback beacon, a global flag; no CSP refusals either, which
// would mean markup got through and only the CSP stopped it) AND the payloads are on screen as text.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ConsoleMessage, Dialog, Frame, Page } from 'playwright-core';
import type { Ui } from './harness';
import { poll, sleep } from './harness';
import { webviewFrame } from './frames';
import { restoreRealReports, showCraftedReport } from './crafted';
import { editorTab, hoverOver, leaveHover, reportRow } from './workbench';

const HOSTILE_ID = 9001;
const MARK = 'XSS-EXECUTED';

/** Records every side effect a payload could have, in the workbench and all its frames. */
class Monitor {
  readonly fired: string[] = [];
  readonly cspRefusals: string[] = [];
  private readonly seen = new Set<string>();
  private server?: http.Server;
  port = 0;
  private readonly onConsole = (m: ConsoleMessage) => {
    const text = m.text();
    this.seen.add(text);
    if (text.includes(MARK)) this.fired.push(`console: ${text}`);
    if (/Content Security Policy/i.test(text) && /Refused to (execute|load|run|evaluate)/i.test(text)) {
      this.cspRefusals.push(text.slice(0, 160));
    }
  };
  private readonly onDialog = (d: Dialog) => {
    this.fired.push(`${d.type()} dialog: ${d.message()}`);
    void d.dismiss().catch(() => undefined);
  };

  constructor(private readonly page: Page) {}

  async start(): Promise<void> {
    this.server = http.createServer((req, res) => {
      this.fired.push(`beacon: ${req.method} ${req.url}`);
      res.writeHead(204, { 'access-control-allow-origin': '*' }).end();
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    this.page.on('console', this.onConsole);
    this.page.on('dialog', this.onDialog);
  }

  /** Proves the console of `frame` reaches us (else "nothing fired" would prove nothing). */
  async probe(frame: Frame): Promise<void> {
    const token = `xss-probe-${Date.now()}`;
    await frame.evaluate((t) => console.log(t), token);
    await poll(
      () => this.seen.has(token),
      5000,
      () => 'the console of the webview frame is not observed (probe message never arrived)',
    );
  }

  /** Flags and titles that a payload would set, across the page and every frame. */
  async sweep(): Promise<void> {
    for (const frame of this.page.frames()) {
      const state = await Promise.race([
        frame.evaluate(() => ({ title: document.title, flag: (window as unknown as { __xss?: unknown }).__xss })).catch(() => undefined),
        sleep(2000).then(() => undefined),
      ]);
      if (state?.title === 'XSS') this.fired.push(`document.title set to XSS in ${frame.url().slice(0, 80)}`);
      if (state?.flag !== undefined) this.fired.push(`window.__xss = ${String(state.flag)} in ${frame.url().slice(0, 80)}`);
    }
  }

  verdict(): void {
    if (this.fired.length) throw new Error(`a payload ran: ${this.fired.join('; ')}`);
    if (this.cspRefusals.length) throw new Error(`markup was injected and only the CSP stopped it: ${this.cspRefusals.join('; ')}`);
  }

  async stop(): Promise<void> {
    this.page.off('console', this.onConsole);
    this.page.off('dialog', this.onDialog);
    this.server?.closeAllConnections();
    await new Promise((r) => (this.server ? this.server.close(r) : r(undefined)));
  }
}

/** The crafted record; each payload logs, beacons, retitles and flags when it runs. */
function hostileReport(port: number) {
  const js = (tag: string) =>
    `console.log('${MARK} ${tag}');fetch('http://127.0.0.1:${port}/hit/${tag}');document.title='XSS';window.top.__xss='${tag}'`;
  return {
    id: HOSTILE_ID,
    url: `https://x.test/<img src=x onerror="${js('url')}">`,
    project: `<script>${js('project')}</script>[run](command:webReports.signOut)`,
    result: 'bad',
    score: 12,
    privacy: 0,
    generated_at: '2026-01-01T00:00:00Z',
    results: [
      {
        key: 'named',
        name: `<img src=x onerror="${js('name')}">`,
        category: 'seo',
        passed: false,
        value: `"><script>${js('value')}</script>`,
        advice: `<iframe src="javascript:${js('advice')}"></iframe>`,
      },
      { key: `<svg onload="${js('key')}">`, category: `<style>body{display:none}</style>`, passed: false },
    ],
    [`<b onmouseover="${js('fieldkey')}">hover</b>`]: `<script>${js('field')}</script>`,
  };
}

type Hostile = ReturnType<typeof hostileReport>;

/**
 * Injected markup under `root`: on* attributes, javascript:/command: links, and (when `strict`, for
 * our own webview content) elements the renderers never make. Passed to evaluate: self-contained.
 */
function injectedIn(root: Element, strict: boolean): string[] {
  const found: string[] = [];
  const banned = strict
    ? ['script', 'iframe', 'img', 'object', 'embed', 'style', 'b', 'link', 'meta', 'base', 'form']
    : ['script', 'iframe', 'object', 'embed'];
  for (const el of Array.from(root.querySelectorAll('*'))) {
    const tag = el.tagName.toLowerCase();
    if (banned.includes(tag)) found.push(`<${tag}>`);
    if (strict && tag === 'svg' && !el.matches('svg.gauge, svg.bar-chart')) found.push('<svg>');
    if (tag === 'img' && el.getAttribute('src') === 'x') found.push('<img src=x>');
    for (const name of el.getAttributeNames()) {
      if (/^on/i.test(name)) found.push(`<${tag} ${name}>`);
      if (/^(href|src|data-href)$/i.test(name) && /^\s*(javascript|command):/i.test(el.getAttribute(name) ?? '')) {
        found.push(`<${tag} ${name}="${el.getAttribute(name)}">`);
      }
    }
  }
  return found;
}

export async function xssChecks(ui: Ui, signedIn: boolean): Promise<void> {
  const { page } = ui;
  let monitor: Monitor | undefined;
  let hostile: Hostile | undefined;
  let rowShown = false;
  try {
    rowShown = await ui.check('a report with script payloads in its fields appears in the tree as plain text', async () => {
      ui.needs('signing in', signedIn);
      const service = ui.service();
      monitor = new Monitor(page);
      await monitor.start();
      hostile = hostileReport(monitor.port);
      await showCraftedReport(page, service, hostile);
      const injected = await page.locator('.part.sidebar').evaluate(injectedIn, false);
      if (injected.length) throw new Error(`markup from the report in the side bar: ${injected.join(', ')}`);
      await sleep(500);
      await monitor.sweep();
      monitor.verdict();
    });

    await ui.check('hovering that row shows its Markdown tooltip with the payloads as text, nothing runs', async () => {
      ui.needs('the crafted report row', rowShown && !!hostile && !!monitor);
      const hover = await hoverOver(page, reportRow(page, hostile!.url), 'x.test');
      // Markdown escapes (`\_`, `\)`) may show inside autolinked text: the exact rendering of
      // ordinary values is the tree tooltip check's job; here the payloads must be text at all.
      const text = (await hover.innerText()).replace(/\u00a0/g, ' ').replace(/\\([!-/:-@[-`{-~])/g, '$1');
      for (const expected of [hostile!.url, hostile!.project]) {
        if (!text.includes(expected)) {
          throw new Error(`tooltip lacks the text ${JSON.stringify(expected.slice(0, 40))}…: ${JSON.stringify(text.slice(0, 200))}`);
        }
      }
      const injected = await hover.evaluate(injectedIn, false);
      await ui.shot('xss-tooltip');
      if (injected.length) throw new Error(`markup in the tooltip: ${injected.join(', ')}`);
      await sleep(1000);
      await monitor!.sweep();
      monitor!.verdict();
      await leaveHover(page);
    });

    await ui.check('its report panel shows every payload as text and none runs', async () => {
      ui.needs('the crafted report row', rowShown && !!hostile && !!monitor);
      const h = hostile!;
      await reportRow(page, h.url).click({ timeout: 10_000 });
      await editorTab(page, h.url)
        .waitFor({ state: 'visible', timeout: 15_000 })
        .catch(() => {
          throw new Error('no editor tab titled with the crafted URL');
        });
      const frame = await webviewFrame(page, 'report', { heading: h.url });
      await monitor!.probe(frame);
      // Pointer over everything an injected handler could sit on, then time for anything to fire.
      for (const selector of ['h1.report-url', '.summary', '.analysis', '.details']) {
        await frame
          .locator(selector)
          .first()
          .hover({ timeout: 3000 })
          .catch(() => undefined);
      }
      await sleep(2000);
      await frame.evaluate(() => window.scrollTo(0, 0));
      const injected = [
        ...(await frame.locator('main#content').evaluate(injectedIn, true)),
        ...(await frame.locator('body').evaluate(injectedIn, false)),
      ];
      await ui.shot('xss-report');
      if (injected.length) throw new Error(`markup from the report in the panel: ${injected.join(', ')}`);
      const shown = await frame.evaluate(() => {
        const text = (s: string) => Array.from(document.querySelectorAll(s)).map((e) => e.textContent ?? '');
        const field = (label: string) =>
          Array.from(document.querySelectorAll('.summary .field'))
            .find((f) => f.querySelector('dt')?.textContent === label)
            ?.querySelector('dd')?.textContent ?? '';
        return {
          heading: text('h1.report-url')[0] ?? '',
          project: field('Project'),
          names: text('.check-name'),
          values: text('.check-value'),
          advice: text('.check-advice'),
          categories: text('.check-category'),
          detailKeys: Array.from(document.querySelectorAll('.details dt')).map((e) => e.getAttribute('title') ?? ''),
          detailValues: text('.details dd'),
          visible: (document.querySelector('main') as HTMLElement | null)?.offsetHeight ?? 0,
        };
      });
      const problems: string[] = [];
      const want = (ok: boolean, what: string) => {
        if (!ok) problems.push(what);
      };
      const [first, second] = h.results;
      want(shown.heading === h.url, `heading is ${JSON.stringify(shown.heading.slice(0, 60))}`);
      want(shown.project === h.project, `project is ${JSON.stringify(shown.project.slice(0, 60))}`);
      want(shown.names.includes(first.name!) && shown.names.includes(second.key), `check names are ${JSON.stringify(shown.names)}`);
      want(
        shown.values.some((v) => v.includes(first.value!)),
        `check values are ${JSON.stringify(shown.values)}`,
      );
      want(shown.advice.includes(first.advice!), `advice is ${JSON.stringify(shown.advice)}`);
      want(
        shown.categories.some((g) => g.includes(second.category)),
        `check categories are ${JSON.stringify(shown.categories)}`,
      );
      const fieldKey = Object.keys(h).find((k) => k.startsWith('<b'))!;
      want(shown.detailKeys.includes(fieldKey), `details keys are ${JSON.stringify(shown.detailKeys)}`);
      want(
        shown.detailValues.some((v) => v === (h as Record<string, unknown>)[fieldKey]),
        `details values are ${JSON.stringify(shown.detailValues)}`,
      );
      want(shown.visible > 0, 'the panel content is not displayed');
      await monitor!.sweep();
      monitor!.verdict();
      if (problems.length) throw new Error(`payload text not shown as text: ${problems.join('; ')}`);
    });
  } finally {
    // Back to the real data for whatever runs next.
    ui.options.service?.clearFaults();
    await monitor?.stop();
    if (rowShown && ui.options.service) await restoreRealReports(page, ui.options.service).catch(() => undefined);
  }
}
