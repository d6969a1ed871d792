// Escaping helpers for the webview renderers. Pure: no 'vscode', no DOM.
//
// Every interpolation in the `html` tagged template is escaped unless it is a TrustedHtml value,
// which only the renderers themselves create (from other `html` templates). Server data must
// never be wrapped in a TrustedHtml.

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
};

/** Escapes text for use in HTML element content or a double/single-quoted attribute value. */
export function escapeHtml(value: unknown): string {
  if (value === undefined || value === null) {
    return '';
  }
  return String(value).replace(/[&<>"'`]/g, (c) => ESCAPES[c] ?? c);
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
