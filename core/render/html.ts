// Escaping helpers for the webview renderers. Pure: no 'vscode', no DOM.
//
// Escaping stops markup but not bidi reordering: a U+202E inside escaped text still reverses
// what follows it. So every escaped value also has its hidden characters made visible
// (`revealInvisible`), in element content and in attributes alike.
//
// Every interpolation in the `html` tagged template is escaped unless it is a TrustedHtml value,
// which only the renderers themselves create (from other `html` templates). Server data must
// never be wrapped in a TrustedHtml.

import { revealInvisible } from '../text/invisibleText';
import { textOf } from '../text/safeText';

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
};

/**
 * Escapes text for use in HTML element content or a double/single-quoted attribute value, with
 * hidden characters made visible. Strings, numbers, bigints and booleans are text; any other
 * value (an object, a symbol…) is nothing, and none of its code is run.
 */
export function escapeHtml(value: unknown): string {
  return revealInvisible(textOf(value)).replace(/[&<>"'`]/g, (c) => ESCAPES[c] ?? c);
}

/** A fragment of markup made by the renderers; interpolated as is by `html`. */
export class TrustedHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

/** The empty fragment. */
export const EMPTY = new TrustedHtml('');

function interpolate(value: unknown): string {
  if (value instanceof TrustedHtml) {
    return value.value;
  }
  if (value === undefined || value === null || value === false) {
    // Lets templates use `${cond && html`...`}` without printing "undefined"/"false".
    return '';
  }
  if (Array.isArray(value)) {
    return value.map(interpolate).join('');
  }
  return escapeHtml(value);
}

/**
 * Tagged template: `html\`<p title="${t}">${body}</p>\`` escapes `t` and `body` unless they
 * are TrustedHtml (or arrays of them). `undefined`, `null` and `false` render as nothing.
 * Attribute values must always be quoted in the template.
 */
export function html(strings: TemplateStringsArray, ...values: unknown[]): TrustedHtml {
  let out = strings[0] ?? '';
  for (let i = 0; i < values.length; i++) {
    out += interpolate(values[i]) + (strings[i + 1] ?? '');
  }
  return new TrustedHtml(out);
}

/** Joins fragments (escaping any plain values) with an optional trusted separator. */
export function joinHtml(parts: readonly unknown[], separator: TrustedHtml | string = ''): TrustedHtml {
  const sep = separator instanceof TrustedHtml ? separator.value : escapeHtml(separator);
  return new TrustedHtml(parts.map(interpolate).join(sep));
}
