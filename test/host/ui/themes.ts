// Both panels in a light and a dark colour theme: screenshots for people, plus a contrast check of
// the heading against the webview's background (readable, theme colours actually applied).
import * as path from 'node:path';
import type { Frame } from 'playwright-core';
import type { Ui } from './harness';
import { sleep } from './harness';
import { expectStyledAndIdle, webviewFrame, type WebviewKind } from './frames';
import { editorTab, setTheme, type ThemeKind } from './workbench';

/** WCAG contrast ratio of the h1's colour against the body background, and the background's luminance. */
async function headingContrast(frame: Frame): Promise<{ ratio: number; backgroundLuminance: number; fg: string; bg: string }> {
  const { fg, bg } = await frame.evaluate(() => ({
    fg: getComputedStyle(document.querySelector('h1') ?? document.body).color,
    bg: getComputedStyle(document.body).backgroundColor,
  }));
  const lum = (css: string) => {
    const [r, g, b] = (css.match(/[\d.]+/g) ?? ['0', '0', '0']).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [a, b] = [lum(fg), lum(bg)];
  return { ratio: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05), backgroundLuminance: b, fg, bg };
}

export interface ThemedPanel {
  kind: WebviewKind;
  tab: string;
  heading?: string;
}

export async function themeChecks(ui: Ui, panels: ThemedPanel[], ready: boolean): Promise<void> {
  const { page } = ui;
  for (const theme of ['light', 'dark'] as ThemeKind[]) {
    await ui.check(`in the ${theme} theme both panels are readable (ui-report-${theme}.png, ui-account-${theme}.png)`, async () => {
      ui.needs('the report and account panels', ready && panels.length === 2);
      await setTheme(page, theme);
      for (const panel of panels) {
        await editorTab(page, panel.tab).click({ timeout: 10_000 });
        const frame = await webviewFrame(page, panel.kind, { heading: panel.heading, theme });
        await expectStyledAndIdle(frame);
        const c = await headingContrast(frame);
        const wrongKind = theme === 'light' ? c.backgroundLuminance < 0.5 : c.backgroundLuminance > 0.2;
        if (wrongKind) throw new Error(`the ${panel.kind} webview background ${c.bg} does not look ${theme}`);
        if (c.ratio < 4.5) throw new Error(`the ${panel.kind} heading ${c.fg} on ${c.bg} has contrast ${c.ratio.toFixed(2)} (< 4.5)`);
        await sleep(300); // let the re-created webview paint its styles and fonts
        await page.screenshot({ path: path.join(ui.options.resultsDir, `ui-${panel.kind}-${theme}.png`), timeout: 10_000 });
      }
    });
  }
}
