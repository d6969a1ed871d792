// Browser-side script shared by the report and account webviews (bundled by esbuild into
// media/dist/panel.js). It only posts typed messages and reflects 'busy'/'error'; the panel
// re-renders the whole document when the data changes. Message data is only ever put into
// the page with textContent, never as markup.

import { isHostMessage, isWebviewAction, type WebviewMessage } from '../../src/webviews/render/messages';

interface PanelState {
  scrollY?: number;
  /** The report shown, so VS Code can restore the panel after a reload (WebviewPanelSerializer). */
  id?: string;
}

interface VsCodeApi {
  postMessage(message: WebviewMessage): void;
  getState(): PanelState | undefined;
  setState(state: PanelState): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();

function actionButtons(): HTMLButtonElement[] {
  return Array.from(document.querySelectorAll<HTMLButtonElement>('button[data-action]'));
}

function setBusy(busy: boolean): void {
  const main = document.getElementById('content');
  if (busy) {
    main?.setAttribute('aria-busy', 'true');
  } else {
    main?.removeAttribute('aria-busy');
  }
  document.body.classList.toggle('busy', busy);
  for (const button of actionButtons()) {
    button.disabled = busy;
  }
}

function showError(message: string): void {
  const region = document.getElementById('error');
  if (region) {
    region.textContent = message;
  }
}

function restoreScroll(): void {
  const state = vscode.getState();
  const y = state?.scrollY;
  if (typeof y === 'number' && Number.isFinite(y) && y > 0) {
    window.scrollTo(0, y);
  }
}

let scrollPending = false;
function onScroll(): void {
  if (scrollPending) {
    return;
  }
  scrollPending = true;
  window.requestAnimationFrame(() => {
    scrollPending = false;
    vscode.setState({ ...(vscode.getState() ?? {}), scrollY: window.scrollY });
  });
}

function onClick(event: MouseEvent): void {
  // Duck-typed rather than `instanceof Element`: the bundle may only use the globals that the
  // lint configuration declares for media/ (window, document, acquireVsCodeApi).
  const target = event.target as Partial<Element> | null;
  if (!target || typeof target.closest !== 'function') {
    return;
  }
  const button = target.closest<HTMLButtonElement>('button[data-action]');
  if (!button || button.disabled) {
    return;
  }
  const action = button.dataset.action;
  if (isWebviewAction(action)) {
    showError('');
    vscode.postMessage({ type: 'action', action });
  }
}

function onMessage(event: MessageEvent): void {
  const message: unknown = event.data;
  if (!isHostMessage(message)) {
    return;
  }
  if (message.type === 'busy') {
    setBusy(message.busy);
  } else {
    showError(message.message);
  }
}

function start(): void {
  restoreScroll();
  const id = document.body.dataset.reportId;
  if (id) vscode.setState({ ...(vscode.getState() ?? {}), id });
  document.addEventListener('click', onClick);
  window.addEventListener('scroll', onScroll, { passive: true });
  window.addEventListener('message', onMessage);
  vscode.postMessage({ type: 'ready' });
}

if (document.readyState === 'loading') {
  document.addEventListener('DOMContentLoaded', start);
} else {
  start();
}
