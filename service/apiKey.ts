// Which API keys the service can be started with: only what a client can send back in an
// `Authorization: Bearer` header, i.e. visible ASCII (0x21–0x7E). Any other key would start a
// service that answers 401 to everything.

const VISIBLE_ASCII = /^[\x21-\x7e]+$/;

function codePoint(c: string): string {
  return `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** What makes `key` unusable, in words for people; undefined when it is fine. */
export function apiKeyProblem(key: string): string | undefined {
  if (VISIBLE_ASCII.test(key)) return undefined;
  if (key === '') return 'it is empty';
  if (key.startsWith(' ') || key.endsWith(' ')) return 'it starts or ends with a space';
  const chars = [...key];
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i];
    if (VISIBLE_ASCII.test(c)) continue;
    const at = `at position ${i + 1}`;
    if (c === ' ') return `it has a space ${at}`;
    if (/[\p{C}\p{Z}]/u.test(c)) return `it has an invisible or control character ${codePoint(c)} ${at}`;
    return `it has a non-ASCII character "${c}" (${codePoint(c)}) ${at}`;
  }
  return 'it has characters a client cannot send';
}

/** The message for people when a key is refused at start. */
export function apiKeyRefusal(problem: string): string {
  return `The API key cannot be used: ${problem}. A client sends the key in an HTTP header, which carries only visible ASCII characters (letters, digits and punctuation, no spaces).`;
}
