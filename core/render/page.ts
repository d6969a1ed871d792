// The HTML document around a webview body: strict CSP with a nonce, stylesheet links, the
// deferred script and an (initially empty) alert region for errors. Pure: no 'vscode'.

import { randomBytes } from 'node:crypto';
import { displayLocale } from '../text/locale';
import { html, TrustedHtml } from './html';

export interface PageFrame {
  /** `webview.cspSource`. */
  cspSource: string;
  /** A fresh random nonce for this render (see `createNonce`). */
  nonce: string;
  /** `webview.asWebviewUri(...)` of the bundled script (media/dist/panel.js). */
  scriptUri: string;
  /** `webview.asWebviewUri(...)` of media/webview.css. */
  styleUri: string;
  /** `webview.asWebviewUri(...)` of codicon.css, when available. */
  codiconUri?: string;
  /** The document title. */
  title: string;
}

/** A random nonce suitable for `script-src 'nonce-…'`. */
export function createNonce(): string {
  return randomBytes(18).toString('base64');
}

/** The Content-Security-Policy for a frame (exactly what the meta element carries). */
export function contentSecurityPolicy(frame: Pick<PageFrame, 'cspSource' | 'nonce'>): string {
  if (!/^[A-Za-z0-9+/=_-]{8,}$/.test(frame.nonce)) {
    throw new Error('The webview nonce must be at least 8 base64 characters.'); // l10n-exempt: a programming error
  }
  // cspSource may hold several source expressions (code-server: `'self' https://*.…`), but
  // never a directive separator.
  if (/[;,"<>\r\n\0]/.test(frame.cspSource) || frame.cspSource.trim() === '') {
    throw new Error('The webview CSP source is not a valid source list.'); // l10n-exempt: a programming error
  }
  const src = frame.cspSource;
  // l10n-exempt: protocol value
  return `default-src 'none'; img-src ${src} data:; style-src ${src}; font-src ${src}; script-src 'nonce-${frame.nonce}';`;
}

/**
 * A complete document. `view` names the panel kind for the script and styles
 * (`<body data-view="report">`); `body` is the renderer-made content of `<main>`.
 */
export function renderPage(frame: PageFrame, view: 'report' | 'account', body: TrustedHtml, reportId?: string): string {
  const csp = contentSecurityPolicy(frame);
  // l10n-exempt: markup; the language is VS Code's display language, for screen readers and hyphenation
  return html`<!DOCTYPE html>
<html lang="${displayLocale()}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
${frame.codiconUri ? html`<link rel="stylesheet" href="${frame.codiconUri}">\n` : ''}<link rel="stylesheet" href="${frame.styleUri}">
<title>${frame.title}</title>
<script nonce="${frame.nonce}" src="${frame.scriptUri}" defer></script>
</head>
<body data-view="${view}"${reportId === undefined ? '' : html` data-report-id="${reportId}"`}>
<div id="error" class="error-banner" role="alert" aria-live="assertive"></div>
<main id="content">${body}</main>
</body>
</html>
`.value;
}
