// Server text on VS Code's own surfaces: notifications turn `[label](command:…)`
// into a link that runs the command, quick picks turn `$(name)` into an icon. A crafted report
// and a crafted 500 reach both surfaces here; what the person sees must be text only.
import { poll, type Ui } from './harness';
import { restoreRealReports, showCraftedReport } from './crafted';
import { clearNotifications, runFromPalette, reportRow } from './workbench';

const ID = 9301;
const URL_TEXT = 'https://crafted.test/$(alert)[run](command:workbench.action.quit)';
const LINK_MESSAGE = '[Open a terminal](command:workbench.action.terminal.new) to repair';

export async function neutralisedChecks(ui: Ui, signedIn: boolean): Promise<void> {
  const { page } = ui;
  const widget = page.locator('.quick-input-widget');
  await ui.check('server text in a quick pick and in a failure notification shows as text: no icon, no command link', async () => {
    ui.needs('signing in', signedIn);
    const service = ui.service();
    try {
      // The tree shows the URL with its brackets as look-alikes (plainText), so no link can form.
      // A refresh still under way from the check before can replace the crafted list: then again.
      for (let attempt = 1; ; attempt++) {
        await showCraftedReport(page, service, { id: ID, url: URL_TEXT });
        await page.waitForTimeout(1500);
        if (await reportRow(page, URL_TEXT).isVisible()) break;
        if (attempt >= 3) throw new Error('the crafted report left the tree again after each refresh');
      }
      service.addFault({ method: 'PUT', path: `/api/v1/reports/${ID}`, status: 500, body: { message: LINK_MESSAGE }, times: 0 });
      await clearNotifications(page);
      const row = widget.locator('.monaco-list-row').filter({ hasText: 'crafted.test' }).first();
      // Under load the palette's list can still be drawn when the pick opens: then the pick is
      // narrowed to the crafted report (as a person would type), and at worst opened again.
      for (let attempt = 1; ; attempt++) {
        await runFromPalette(page, 'Website Reports: Re-run Analysis', { opensPicker: true });
        await widget.locator('.quick-input-box input').fill('crafted.test');
        const offered = await row
          .waitFor({ state: 'visible', timeout: 10_000 })
          .then(() => true)
          .catch(() => false);
        if (offered) break;
        await ui.shot('neutralised-no-row');
        if (attempt >= 2) {
          const texts = await widget
            .locator('.monaco-list-row')
            .allInnerTexts()
            .catch(() => []);
          throw new Error(`the pick does not offer the crafted report (offers: ${texts.slice(0, 4).join(' | ') || 'nothing'})`);
        }
        await page.keyboard.press('Escape');
      }
      if ((await row.locator('.codicon-alert').count()) > 0) throw new Error('the quick pick drew $(alert) from the report URL as an icon');
      await ui.shot('neutralised-pick');
      await row.click({ timeout: 5000 });
      const toast = page.locator('.notifications-toasts .notification-list-item').filter({ hasText: 'Open a terminal' }).first();
      await toast.waitFor({ state: 'visible', timeout: 20_000 }).catch(() => {
        throw new Error('no failure notification with the service message');
      });
      await ui.shot('neutralised-notification');
      const links = await toast.locator('.notification-list-item-message a').count();
      if (links > 0) throw new Error(`the notification made ${links} link(s) of the service's message`);
      await poll(
        async () => (await toast.innerText()).includes('Open a terminal'),
        2000,
        () => 'the message text is missing',
      );
    } finally {
      await page.keyboard.press('Escape');
      await clearNotifications(page).catch(() => undefined);
      await restoreRealReports(page, service);
    }
  });
}
