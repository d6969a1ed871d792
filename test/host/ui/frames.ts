// Webview documents inside VS Code's iframes (outer `iframe.webview` → inner `#active-frame`, but
// the nesting is VS Code's business): found by walking all frames for `<body data-view="…">`.
import type { Frame, Page } from 'playwright-core';
import { poll } from './harness';

export type WebviewKind = 'report' | 'account';

interface FrameFacts {
  view: string | null;
  heading: string;
  themeClass: string;
  visible: boolean;
}

async function facts(frame: Frame): Promise<FrameFacts | undefined> {
  if (frame.isDetached()) return undefined;
  return Promise.race([
    frame
      .evaluate(() => {
        const body = document.body;
        return {
          view: body?.getAttribute('data-view') ?? null,
          heading: (document.querySelector('h1')?.textContent ?? '').trim(),
          themeClass: ['vscode-light', 'vscode-dark', 'vscode-high-contrast'].find((c) => body?.classList.contains(c)) ?? '',
          visible: document.visibilityState === 'visible' && window.innerWidth > 0 && window.innerHeight > 0,
        };
      })
      .catch(() => undefined),
    new Promise<undefined>((r) => setTimeout(() => r(undefined), 2000)),
  ]);
}

export interface WebviewQuery {
  /** The document's `<h1>` text must be exactly this. */
  heading?: string;
  /** The webview's body class must show this theme kind (VS Code sets vscode-light / vscode-dark). */
  theme?: 'light' | 'dark';
  timeoutMs?: number;
}

/** The frame showing a webview of `kind` (and heading/theme when given); throws with what was seen. */
export async function webviewFrame(page: Page, kind: WebviewKind, query: WebviewQuery = {}): Promise<Frame> {
  let seen: string[] = [];
  return poll(
    async () => {
      seen = [];
      for (const frame of page.frames()) {
        const f = await facts(frame);
        if (!f?.view) continue;
        seen.push(`${f.view} "${f.heading}" ${f.themeClass}${f.visible ? '' : ' (hidden)'}`);
        if (f.view !== kind || !f.visible) continue;
        if (query.heading !== undefined && f.heading !== query.heading) continue;
        if (query.theme && f.themeClass !== `vscode-${query.theme}`) continue;
        return frame;
      }
      return undefined;
    },
    query.timeoutMs ?? 15_000,
    (_last, error) =>
      `no visible ${kind} webview${query.heading !== undefined ? ` with heading "${query.heading}"` : ''}${query.theme ? ` in the ${query.theme} theme` : ''}` +
      ` (webview documents seen: ${seen.length ? seen.join('; ') : 'none'})${error ? `; ${String(error)}` : ''}`,
    200,
  );
}

/** Throws unless the webview's stylesheet is applied (the toolbar is a flex row) and nothing is busy. */
export async function expectStyledAndIdle(frame: Frame): Promise<void> {
  await poll(
    () => frame.evaluate(() => !document.querySelector('main#content[aria-busy="true"]')),
    10_000,
    () => 'the webview stayed busy (main#content aria-busy) for 10 s',
  );
  // The stylesheet loads after the document: give it a moment before calling it missing.
  let display = '';
  await poll(
    async () => {
      display = await frame.evaluate(() => {
        const toolbar = document.querySelector('.toolbar');
        return toolbar ? getComputedStyle(toolbar).display : 'no .toolbar';
      });
      return display === 'flex';
    },
    10_000,
    () => `media/webview.css is not applied in the webview after 10 s (.toolbar display: ${display})`,
  );
  const error = (await frame.locator('#error').textContent())?.trim();
  if (error) throw new Error(`the webview shows an error: ${error}`);
}
