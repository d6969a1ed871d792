// Which API keys the service can be started with: only what a client can send back in an
// `Authorization: Bearer` header — the client's own rule (core/client/apiKey.ts), so the service
// never starts with a key the extension and the command line refuse to send. Any other key would
// start a service that answers 401 to everything. The words here are for the operator, in detail.
import { keyProblem } from '../core/client/apiKey';
import { codePointName } from '../core/text/invisibleText';

const VISIBLE_ASCII = /^[\x21-\x7e]$/;

/** What makes `key` unusable, in words for people; undefined when it is fine. */
export function apiKeyProblem(key: string): string | undefined {
  if (key === '') return 'it is empty';
  if (keyProblem(key) === undefined) return undefined;
  if (key.startsWith(' ') || key.endsWith(' ')) return 'it starts or ends with a space';
  const chars = [...key];
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i];
    if (VISIBLE_ASCII.test(c)) continue;
    const at = `at position ${i + 1}`;
    if (c === ' ') return `it has a space ${at}`;
    if (/[\p{C}\p{Z}]/u.test(c)) return `it has an invisible or control character ${codePointName(c)} ${at}`;
    return `it has a non-ASCII character "${c}" (${codePointName(c)}) ${at}`;
  }
  return 'it has characters a client cannot send';
}

/** The message for people when a key is refused at start. */
export function apiKeyRefusal(problem: string): string {
  return `The API key cannot be used: ${problem}. A client sends the key in an HTTP header, which carries only visible ASCII characters (letters, digits and punctuation, no spaces).`;
}
