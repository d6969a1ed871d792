// Browser-side script shared by the report and account webviews (bundled by esbuild into
// media/dist/panel.js). It posts typed messages, reflects 'busy'/'error', and puts the content of
// a 'render' message into <main> keeping keyboard focus, scroll and open sections. That content
// is markup made by the extension's escaping renderers; error text only ever goes in with
// textContent. Type-checked for the browser by media/tsconfig.json (`npx tsc -p media`).

import { isHostMessage, isWebviewAction, type WebviewMessage } from '../../core/render/messages';
import { revealInvisible } from '../../core/text/invisibleText';

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

function showError(message: string): void {
  const region = document.getElementById('error');
  if (region) {
    // textContent stops markup but not bidi reordering: hidden characters are shown as markers.
    region.textContent = revealInvisible(message);
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

/** Where the keyboard is: a button by its action, else the n-th focusable element. */
interface FocusSpot {
  action?: string;
  index: number;
}

const FOCUSABLE = 'button, summary, [tabindex]'; // l10n-exempt: CSS selector

function focusSpot(main: HTMLElement): FocusSpot | undefined {
  const active = document.activeElement as HTMLElement | null;
  if (!active || !main.contains(active)) return undefined;
  return { action: active.dataset.action, index: Array.from(main.querySelectorAll(FOCUSABLE)).indexOf(active) };
}

function refocus(main: HTMLElement, spot: FocusSpot | undefined): void {
  if (!spot) return;
  const byAction = isWebviewAction(spot.action) ? main.querySelector<HTMLElement>(`button[data-action="${spot.action}"]`) : null;
  const target = byAction ?? main.querySelectorAll<HTMLElement>(FOCUSABLE)[spot.index];
  target?.focus({ preventScroll: true });
}

/** Where the keyboard was when the buttons were disabled (a disabled button loses focus). */
let busyFocus: FocusSpot | undefined;

function setBusy(busy: boolean): void {
  const main = document.getElementById('content');
  if (!main) return;
  if (busy) {
    busyFocus = focusSpot(main) ?? busyFocus;
    main.setAttribute('aria-busy', 'true');
  } else {
    main.removeAttribute('aria-busy');
  }
  document.body.classList.toggle('busy', busy);
  for (const button of actionButtons()) {
    button.disabled = busy;
  }
  if (!busy) {
    const active = document.activeElement;
    if (!active || active === document.body) refocus(main, busyFocus);
    busyFocus = undefined;
  }
}

let firstRender = true;

/** Elements the renderers never make: dropped should one ever arrive (the CSP would stop them too). */
const NEVER = 'script, iframe, object, embed, style, link, meta, base, form, frame, frameset'; // l10n-exempt: CSS selector

/**
 * The content of a render message as nodes: parsed in an inert document (nothing in it runs or
 * loads while parsing), then cleaned of what the renderers never make, before it joins the page.
 */
function contentNodes(body: string): Node[] {
  const parsed = new DOMParser().parseFromString(`<!DOCTYPE html><body>${body}`, 'text/html');
  for (const element of Array.from(parsed.body.querySelectorAll(NEVER))) element.remove();
  for (const element of Array.from(parsed.body.querySelectorAll('*'))) {
    for (const name of element.getAttributeNames()) {
      if (/^on/i.test(name) || name === 'style' || /^(href|src|action|formaction|xlink:href)$/i.test(name)) element.removeAttribute(name);
    }
  }
  return Array.from(parsed.body.childNodes);
}

/** New content for <main>; focus, scroll and which sections are open stay as they were. */
function render(body: string): void {
  const main = document.getElementById('content');
  if (!main) return;
  const spot = focusSpot(main) ?? busyFocus;
  // The first content after a (re)load goes back to where the reader was before the reload.
  const y = firstRender ? (vscode.getState()?.scrollY ?? 0) : window.scrollY;
  firstRender = false;
  const open = Array.from(main.querySelectorAll('details')).map((d) => d.open);
  main.replaceChildren(...contentNodes(body));
  const details = Array.from(main.querySelectorAll('details'));
  // The same number of sections: the same structure, so the same ones stay open.
  if (details.length === open.length) details.forEach((d, i) => (d.open = open[i]));
  refocus(main, spot);
  window.scrollTo(0, y);
  const id = document.body.dataset.reportId;
  if (id) vscode.setState({ ...(vscode.getState() ?? {}), id });
}

function onClick(event: MouseEvent): void {
  // A click may land on a text node or the document itself: only elements are looked at.
  const target = event.target;
  if (!(target instanceof Element)) {
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

/** The run to compare with, picked in the changes section's select. */
function onChange(event: Event): void {
  const target = event.target;
  if (!(target instanceof HTMLSelectElement) || target.dataset.action !== 'compareWith') {
    return;
  }
  const index = Number(target.value);
  if (Number.isInteger(index) && index >= 0) {
    showError('');
    vscode.postMessage({ type: 'compare', index });
  }
}

function onMessage(event: MessageEvent): void {
  const message: unknown = event.data;
  if (!isHostMessage(message)) {
    return;
  }
  if (message.type === 'busy') {
    setBusy(message.busy);
  } else if (message.type === 'render') {
    const busy = document.body.classList.contains('busy');
    render(message.body);
    if (busy) setBusy(true);
  } else {
    showError(message.message);
  }
}

function start(): void {
  restoreScroll();
  const id = document.body.dataset.reportId;
  if (id) vscode.setState({ ...(vscode.getState() ?? {}), id });
  document.addEventListener('click', onClick);
  document.addEventListener('change', onChange);
  window.addEventListener('scroll', onScroll, { passive: true });
  window.addEventListener('message', onMessage);
  vscode.postMessage({ type: 'ready' });
}

if (document.readyState === 'loading') {
  document.addEventListener('DOMContentLoaded', start);
} else {
  start();
}
