// The secrets a run may hold in its environment (the service's key, GitHub's token), taken out of
// what it writes: its reports (delivery.ts), and every line on stderr, a failure's too (main.ts,
// processIo.ts), where a key put in an address or echoed by a service would otherwise be shown.
import { redactorFor } from '../core/client/redact';

/**
 * `clean` (the run's own, if any) and then the key of WEBREPORTS_API_KEY and the token of
 * GITHUB_TOKEN, each in every form, replaced by "[redacted]": set as the action sets them, they are
 * secrets whatever the mode reads, even one (`check --local`, `merge`) that sends neither.
 */
export function secretsRedactor(env: Record<string, string | undefined>, clean?: (text: string) => string): (text: string) => string {
  const key = redactorFor(env.WEBREPORTS_API_KEY?.trim());
  const token = redactorFor(env.GITHUB_TOKEN?.trim());
  return clean ? (text) => token(key(clean(text))) : (text) => token(key(text));
}

/** Whether the environment holds a secret that secretsRedactor takes out (WEBREPORTS_API_KEY, GITHUB_TOKEN). */
export function hasSecrets(env: Record<string, string | undefined>): boolean {
  return Boolean(env.WEBREPORTS_API_KEY?.trim() || env.GITHUB_TOKEN?.trim());
}
