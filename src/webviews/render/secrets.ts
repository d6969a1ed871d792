// The account record may carry credentials (the spec does not say what it holds): fields whose
// name says key, token, secret or password are shown masked, never in clear.

const SECRET_WORD = /(^|[^a-z])(apikey|key|token|secret|password|passwd)([^a-z]|$)/;

/** "api_key", "apiKey", "access-token", "Password" — but not "monkey" or "tokens_used". */
export function isSecretField(name: string): boolean {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/api[_-]key/g, 'apikey');
  return SECRET_WORD.test(words);
}

/** A copy with secret-looking fields (at any depth) replaced by "•••• (hidden)". */
export function withoutSecrets<T>(value: T, depth = 0): T {
  if (depth > 6 || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((v) => withoutSecrets(v, depth + 1)) as T;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value))
    out[k] = isSecretField(k) && v !== null && v !== '' ? '•••• (hidden)' : withoutSecrets(v, depth + 1);
  return out as T;
}
