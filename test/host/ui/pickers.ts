// What a person types into the extension's own pickers and dialogs: a report picker that searches
// the service as they type (so a report the tree never loaded is found), and the one confirmation
// before many creates, which asks who may view the reports first and then names the URLs.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { poll, sleep, type Ui } from './harness';
import { allReports } from './service';
import { clearNotifications, runFromPalette } from './workbench';

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A page for the picker checks</title></head><body><h1>Picker</h1></body></html>`;

async function withPageServer<T>(work: (origin: string) => Promise<T>): Promise<T> {
  const server = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    return await work(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

export async function pickerChecks(ui: Ui, signedIn: boolean): Promise<void> {
  const { page } = ui;
  const widget = page.locator('.quick-input-widget');
  const input = widget.locator('.quick-input-box input');
  // The picker's rows; the last ones read are kept for the failure message.
  let offered: string[] = [];
  const rows = async () => {
    offered = await widget
      .locator('.monaco-list-row .label-name')
      .allInnerTexts()
      .catch(() => [] as string[]);
    return offered;
  };

  await ui.check('Open Report from the palette finds, as you type, a report the tree never loaded', async () => {
    ui.needs('signing in', signedIn);
    const service = ui.service();
    await withPageServer(async (origin) => {
      // Made behind the tree's back (no refresh follows): only a search of the service can find it.
      const url = `${origin}/only-found-by-searching`;
      const res = await fetch(`${service.url}/api/v1/reports`, {
        method: 'POST',
        headers: { authorization: `Bearer ${service.apiKey}`, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ url, privacy: 0 }),
        signal: AbortSignal.timeout(20_000),
      });
      if (!res.ok) throw new Error(`the service did not create the report to search for (${res.status})`);
      await runFromPalette(page, 'Website Reports: Open Report', { opensPicker: true });
      const before = await rows();
      if (before.some((t) => t.includes('only-found-by-searching'))) throw new Error('the picker listed the report before any search');
      await input.pressSequentially('only-found', { delay: 30 });
      await poll(
        async () => (await rows()).some((t) => t.includes('only-found-by-searching')),
        10_000,
        () => `the picker never offered the report while "only-found" was typed (offers: ${offered.slice(0, 5).join(' | ')})`,
      );
      await ui.shot('picker-search');
      await page.keyboard.press('Escape');
    });
  });

  await ui.check('Report All URLs in File asks who may view the reports, then names the URLs and counts them on its button', async () => {
    ui.needs('signing in', signedIn);
    const service = ui.service();
    await withPageServer(async (origin) => {
      const urls = Array.from({ length: 7 }, (_, i) => `${origin}/confirm-${i + 1}`);
      await runFromPalette(page, 'File: New Untitled Text File');
      await page.locator('.monaco-editor .view-lines').first().click({ timeout: 10_000 });
      await page.keyboard.type(`${urls.join('\n')}\n`);
      await clearNotifications(page);
      await runFromPalette(page, 'Website Reports: Report All URLs in File', { opensPicker: true });
      // Who may view them comes first: the privacy pick, before anything is named or sent.
      await poll(
        async () => (await rows()).some((t) => /Public|Private/.test(t)),
        10_000,
        () => `no privacy pick before the confirmation (offers: ${offered.slice(0, 5).join(' | ')})`,
      );
      await page.keyboard.press('Enter');
      const dialog = page.locator('.monaco-dialog-box:visible').first();
      await dialog.waitFor({ state: 'visible', timeout: 15_000 }).catch(() => {
        throw new Error('no confirmation dialog after the privacy pick');
      });
      const text = await dialog.innerText();
      for (const url of urls.slice(0, 5)) {
        if (!text.includes(url)) throw new Error(`the confirmation does not name ${url}: ${text.slice(0, 400)}`);
      }
      if (!text.includes('… and 2 more')) throw new Error(`the confirmation does not count the URLs it leaves out: ${text.slice(0, 400)}`);
      if (!/Who can view them: (Public|Private|Password)/.test(text)) {
        throw new Error(`the confirmation does not say who may view them: ${JSON.stringify(text.slice(0, 400))}`);
      }
      const create = dialog.getByRole('button', { name: 'Create 7 Reports' });
      if (!(await create.isVisible())) throw new Error(`no "Create 7 Reports" button: ${text.slice(0, 400)}`);
      await ui.shot('confirm-creates');
      await dialog.getByRole('button', { name: 'Cancel' }).click({ timeout: 5_000 });
      await dialog.waitFor({ state: 'hidden', timeout: 5_000 });
      // Cancelled: nothing was created.
      await sleep(1_500);
      const made = (await allReports(service)).filter((r) => urls.includes(r.url));
      if (made.length > 0) throw new Error(`${made.length} report(s) were created although the confirmation was cancelled`);
      await runFromPalette(page, 'View: Revert and Close Editor');
    });
  });
}
