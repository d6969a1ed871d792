// Server records may carry credentials (the spec does not say what the account holds, and a
// broken service may echo the key anywhere). Before a record is rendered, fields whose name says
// it is a credential (account panel) and any value or field name equal to or containing the API
// key (both panels) are replaced by a mask. The key is an input here, never an output.

import * as l10n from '@vscode/l10n';
import { holdsKey, keyForms } from '../client/redact';

/** What is shown in place of a secret. Made when needed: the words follow the display language. */
export function mask(): string {
  return l10n.t({ message: '•••• (hidden)', comment: ['shown in place of a secret value, such as an API key'] });
}

/** Words that name a credential, after splitting the name into words (see isSecretField). */
const SECRET_WORDS = new Set([
  'key',
  'keys',
  'apikey',
  'apikeys',
  'token',
  'tokens',
  'authtoken',
  'accesstoken',
  'refreshtoken',
  'secret',
  'secrets',
  'clientsecret',
  'secretkey',
  'privatekey',
  'password',
  'passwords',
  'passwd',
  'auth',
  'oauth',
  'authorization',
  'bearer',
  'credential',
  'credentials',
  'jwt',
]);

/** Trailing words that make a secret-looking name a count or a date ("tokens_used", "key_expires_at"). */
const METADATA_WORDS = new Set(['used', 'count', 'limit', 'limits', 'remaining', 'total', 'max', 'min', 'at', 'expires', 'expiry']);

/** "api_key", "apiKeys", "x-auth-token", "Authorization", "credentials" — but not "monkey", "tokens_used", "author". */
export function isSecretField(name: string): boolean {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/api[_-]keys?/g, (m) => m.replace(/[_-]/, ''))
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');
  if (words.length === 0) return false;
  if (METADATA_WORDS.has(words[words.length - 1]) && words.length > 1) return false;
  return words.some((w) => SECRET_WORDS.has(w));
}

export interface MaskOptions {
  /** The API key of the connection. */
  key?: string;
  /** Also mask fields by their name (the account, whose fields are not documented). */
  byName?: boolean;
}

/** Deeper than this, values are dropped: the renderers show less than this anyway. */
const MASK_DEPTH = 12;

/** A copy with secrets masked, at any depth the renderers show; never the key itself. */
export function maskSecrets<T>(value: T, options: MaskOptions): T {
  const forms = keyForms(options.key);
  const hiddenText = mask();
  const walk = (v: unknown, depth: number): unknown => {
    if (typeof v === 'string') return holdsKey(v, forms) ? hiddenText : v;
    if (typeof v !== 'object' || v === null) return v;
    if (depth > MASK_DEPTH) return Array.isArray(v) ? [] : {};
    if (Array.isArray(v)) {
      try {
        return v.map((item) => walk(item, depth + 1));
      } catch {
        return [];
      }
    }
    const out: Record<string, unknown> = {};
    let hidden = 0;
    // Own data properties only: a getter is not run, and an object whose keys cannot be read
    // (a proxy that throws) is copied as far as it could be read. The copy is plain data.
    let keys: string[] = [];
    try {
      keys = Object.keys(v);
    } catch {
      // nothing readable
    }
    for (const k of keys) {
      let descriptor: PropertyDescriptor | undefined;
      try {
        descriptor = Object.getOwnPropertyDescriptor(v, k);
      } catch {
        continue;
      }
      if (descriptor === undefined || !('value' in descriptor)) continue;
      const item: unknown = descriptor.value;
      const name = holdsKey(k, forms) ? `${hiddenText}${hidden++ ? ` ${hidden}` : ''}` : k;
      const secretName = options.byName === true && isSecretField(k) && item !== null && item !== '' && item !== false;
      const copy = secretName ? hiddenText : walk(item, depth + 1);
      // defineProperty for "__proto__" only: a plain assignment would set the prototype and lose the field.
      if (name === '__proto__') Object.defineProperty(out, name, { value: copy, enumerable: true, writable: true, configurable: true });
      else out[name] = copy;
    }
    return out;
  };
  return walk(value, 0) as T;
}

/** A copy with secret-looking fields (at any depth) replaced by the mask. */
export function withoutSecrets<T>(value: T, key?: string): T {
  return maskSecrets(value, { key, byName: true });
}
