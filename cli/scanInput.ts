// The address given to `scan`, checked before anything is read: one written without its scheme
// (`localhost:4000`, `127.0.0.1:8080`, `www.example.com`) is said once, with the address it most
// likely means, rather than as a sitemap failure and again as the reason no URL was read.
import { isLoopbackHost } from '../core/urls/hostAddress';
import { oneLine } from '../core/text/oneLine';
import { CliFailure } from './usageError';

/** Throws a usage failure, with a suggestion, for an address without `scheme://`. */
export function checkScanInput(input: string): void {
  const text = input.trim();
  if (/^[a-z][a-z\d+.-]*:\/\//i.test(text)) return; // a scheme: the discovery says if it is not http(s)
  const suggestion = suggestedAddress(text);
  throw new CliFailure(
    'usage',
    `"${oneLine(text)}" is not a valid address: it needs http:// or https:// in front.` +
      (suggestion ? ` Did you mean "${oneLine(suggestion)}"?` : ' e.g. website-reports scan https://www.example.com/'),
  );
}

/** http:// for a host with a port or on this machine (a dev server), else https:// — when that makes an address. */
function suggestedAddress(text: string): string | undefined {
  if (!text || /\s/.test(text)) return undefined;
  try {
    const plain = new URL(`http://${text}`);
    if (plain.username || plain.password || !plain.hostname) return undefined;
    const local = plain.port !== '' || isLoopbackHost(plain.hostname);
    return local ? plain.href : new URL(`https://${text}`).href;
  } catch {
    return undefined;
  }
}
