// The message protocol between a webview panel (extension side) and its script (media/src).
// Pure and dependency-free: the webview script bundles it too.

/** Actions a webview button can ask the panel to perform. */
export const WEBVIEW_ACTIONS = [
  'changePrivacy',
  'rerun',
  'delete',
  'openSite',
  'copyUrl',
  'copyChanges',
  'refresh',
  'setApiKey',
  'signOut',
] as const;

/** Runs a panel compares at most (the index of the run picked is below this). */
export const MAX_COMPARE_INDEX = 10_000;

export type WebviewAction = (typeof WEBVIEW_ACTIONS)[number];

/** Messages posted by the webview script to the extension. */
export type WebviewMessage =
  | { type: 'ready' }
  | { type: 'action'; action: WebviewAction }
  /** The earlier run picked to compare the newest with: its index, oldest first. */
  | { type: 'compare'; index: number };

/**
 * Messages posted by the extension to the webview script. `render` carries the new content of
 * `<main>`: markup made by the escaping renderers on the extension side (never server text as is).
 */
export type HostMessage = { type: 'busy'; busy: boolean } | { type: 'error'; message: string } | RenderMessage;

export interface RenderMessage {
  type: 'render';
  body: string;
}

function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

export function isWebviewAction(x: unknown): x is WebviewAction {
  return typeof x === 'string' && (WEBVIEW_ACTIONS as readonly string[]).includes(x);
}

/** Type guard for anything received from a webview (untrusted input: check before use). */
export function isWebviewMessage(x: unknown): x is WebviewMessage {
  if (!isObject(x)) {
    return false;
  }
  if (x.type === 'ready') {
    return true;
  }
  if (x.type === 'compare') {
    return typeof x.index === 'number' && Number.isInteger(x.index) && x.index >= 0 && x.index < MAX_COMPARE_INDEX;
  }
  return x.type === 'action' && isWebviewAction(x.action);
}

/** Type guard for messages the webview script receives from the extension. */
export function isHostMessage(x: unknown): x is HostMessage {
  if (!isObject(x)) {
    return false;
  }
  if (x.type === 'busy') {
    return typeof x.busy === 'boolean';
  }
  if (x.type === 'render') {
    return typeof x.body === 'string';
  }
  return x.type === 'error' && typeof x.message === 'string';
}
