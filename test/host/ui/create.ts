// Creating and deleting the way a person does: the Command Palette, an input box that validates
// as you type, the privacy pick, then the row's context menu and the modal confirmation.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { poll, type Ui } from './harness';
import { allReports } from './service';
import { clearNotifications, contextMenu, menuItems, runFromPalette, reportRow } from './workbench';

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>A page created from the palette</title><meta name="description" content="A loopback page that the UI checks rate through the Create Website Report command, long enough."><link rel="canonical" href="/"></head><body><h1>Palette</h1></body></html>`;

/** Returns the URL created, for the delete check. */
export async function createFromPaletteCheck(ui: Ui, signedIn: boolean): Promise<string | undefined> {
  const { page } = ui;
  const server = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/from-palette`;
  let created: string | undefined;
  try {
    await ui.check(
      '"Create Website Report" from the palette: the input box explains a bad URL, then the report is created and shown',
      async () => {
        ui.needs('signing in', signedIn);
        const widget = page.locator('.quick-input-widget');
        const input = widget.locator('.quick-input-box input');
        await runFromPalette(page, 'Website Reports: Create Website Report', { opensPicker: true });
        await input.fill('example.com/page');
        const message = widget.locator('.quick-input-message');
        await poll(
          async () => /no scheme/.test(await message.innerText().catch(() => '')),
          5000,
          () => 'no "has no scheme" message for example.com/page',
        );
        await ui.shot('create-validation');
        await page.keyboard.press('Enter'); // refused: the box stays open with what was typed
        if ((await input.inputValue()) !== 'example.com/page') throw new Error('the typed text was lost after Enter on a bad URL');
        await input.fill(url);
        await poll(
          async () => !/no scheme|not an absolute/.test(await message.innerText().catch(() => '')),
          5000,
          () => 'the message did not clear for a good URL',
        );
        await page.keyboard.press('Enter');
        // The privacy pick opens on Public; Enter takes it.
        await poll(
          async () =>
            (
              await widget
                .locator('.monaco-list-row .label-name')
                .allInnerTexts()
                .catch(() => [])
            ).some((t) => t.includes('Public')),
          5000,
          () => 'no privacy pick',
        );
        // The pick says which URL it is for.
        const title = (
          await widget
            .locator('.quick-input-title')
            .innerText({ timeout: 5000 })
            .catch(() => '')
        ).trim();
        if (!title.includes(url)) throw new Error(`the privacy pick's title does not name ${url}: "${title}"`);
        await page.keyboard.press('Enter');
        const service = ui.service();
        await poll(
          async () => (await allReports(service)).some((r) => r.url === url),
          20_000,
          () => `the service has no report for ${url}`,
        );
        await reportRow(page, url)
          .waitFor({ state: 'visible', timeout: 10_000 })
          .catch(() => {
            throw new Error(`no tree row for ${url} after creating it`);
          });
        await ui.shot('created');
        created = url;
      },
    );
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  return created;
}

export async function deleteWithConfirmationCheck(ui: Ui, url: string | undefined): Promise<void> {
  const { page } = ui;
  // Only the dialog on screen: VS Code may keep a closed one in the DOM.
  const dialog = page.locator('.monaco-dialog-box:visible').first();

  const openDelete = async (target: string) => {
    // A toast arriving (e.g. "report created") can close an open context menu: clear them first.
    await clearNotifications(page);
    for (let attempt = 1; ; attempt++) {
      // Right-click only: a left click would open the report panel, whose webview takes focus.
      await reportRow(page, target).click({ button: 'right', timeout: 10_000 });
      await contextMenu(page).waitFor({ state: 'visible', timeout: 10_000 });
      await poll(
        async () => (await menuItems(page)).includes('Delete Report'),
        5000,
        () => 'no "Delete Report" in the menu',
      );
      // The keyboard, as for any menu: ArrowUp from nothing focused lands on the last item.
      // (A mouse click right after the menu opens is ignored by VS Code's menu, by design.)
      await page.waitForTimeout(300);
      await page.keyboard.press('ArrowUp');
      const focused = (
        await contextMenu(page)
          .locator('.action-item.focused .action-label')
          .first()
          .innerText()
          .catch(() => '')
      ).trim();
      if (focused !== 'Delete Report') throw new Error(`the last menu item is "${focused}", not "Delete Report"`);
      await page.keyboard.press('Enter');
      const shown = await dialog.waitFor({ state: 'visible', timeout: 5000 }).then(
        () => true,
        () => false,
      );
      if (shown) break;
      const menuOpen = await contextMenu(page)
        .isVisible()
        .catch(() => false);
      await page.keyboard.press('Escape');
      if (attempt >= 3) throw new Error(`no confirmation dialog after "Delete Report" (menu still open: ${menuOpen})`);
    }
    const text = await dialog.innerText();
    if (!text.includes(target)) throw new Error(`the confirmation does not name ${target}: ${text.replace(/\s+/g, ' ')}`);
  };

  await ui.check('"Delete Report" asks in a modal naming the URL; Cancel keeps the report, Delete removes it', async () => {
    ui.needs('creating a report from the palette', url !== undefined);
    const target = url!;
    const service = ui.service();
    const dialogsOnScreen = () => page.locator('.monaco-dialog-box:visible').count();
    try {
      await openDelete(target);
      await ui.shot('delete-confirmation');
      await dialog.getByRole('button', { name: 'Cancel' }).click({ timeout: 5000 });
      await poll(
        async () => (await dialogsOnScreen()) === 0,
        5000,
        () => 'the dialog stayed open after Cancel',
      );
      if (!(await allReports(service)).some((r) => r.url === target)) throw new Error('Cancel deleted the report');
      await openDelete(target);
      await dialog.getByRole('button', { name: 'Delete' }).click({ timeout: 5000 });
      await poll(
        async () => !(await allReports(service)).some((r) => r.url === target),
        10_000,
        () => 'Delete did not delete the report',
      );
      await reportRow(page, target)
        .waitFor({ state: 'hidden', timeout: 10_000 })
        .catch(() => {
          throw new Error('the deleted report is still in the tree');
        });
    } finally {
      // Leave nothing open for the checks that follow.
      if (await dialog.isVisible().catch(() => false)) {
        await dialog
          .getByRole('button', { name: 'Cancel' })
          .click({ timeout: 2000 })
          .catch(() => undefined);
      }
      await page.keyboard.press('Escape');
    }
  });
}
