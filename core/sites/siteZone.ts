// A site read from this machine never leads it into its own network. The first address a reading
// reaches is the one the user gave; when it is on the internet, every address after it (a sitemap
// its index lists, a robots.txt `Sitemap:` line, a redirect) must be on the internet too, so that a
// site cannot make this machine send requests to a router, a printer or a dev server. A site on the
// user's own network (a dev server, an intranet) is the user's own: its files may name any address.
// A sitemap file of the workspace reaches no address itself: the first sitemap it lists decides.
// Judged where a socket lands (after name resolution: no spelling, DNS answer or redirect gets
// past it), and through a proxy by the host as this machine resolves it (sitePools.ts).
import * as l10n from '@vscode/l10n';
import { hasErrorCode } from '../client/networkErrors';
import { isPublicAddress } from '../urls/hostAddress';

export const LOCAL_NETWORK_CODE = 'WR_LOCAL_NETWORK';

export class LocalNetworkError extends Error {
  readonly code = LOCAL_NETWORK_CODE;
  constructor(readonly address: string) {
    // l10n-exempt: an internal error, told apart by its code; people read the caller's words
    super(`a public site led to ${address}, on this machine's own network`);
  }
}

/** Whether an error (or one of its causes) is a LocalNetworkError. */
export function isLocalNetworkError(err: unknown): boolean {
  return hasErrorCode(err, LOCAL_NETWORK_CODE);
}

/** Whether a socket that reached `address`:`port` reached the internet. */
export type IsPublic = (address: string, port: number) => boolean;

/** The words for a file refused by the zone. */
export function localNetworkWords(file: string): string {
  return l10n.t('{0} was refused: it is on this machine or its local network, and the site that led to it is not.', file);
}

export class SiteZone {
  private zone: 'internet' | 'home' | undefined;

  /** @param isPublic tests, whose every address is loopback, say which of them stands for the internet */
  constructor(private readonly isPublic: IsPublic = (address) => isPublicAddress(address) !== false) {}

  /** A socket landed at `address`: the refusal, or undefined (the first address decides the zone). */
  admit(address: string, port: number): LocalNetworkError | undefined {
    return this.admitAll([address], port);
  }

  /** A request through a proxy would land at `addresses` (as this machine resolves the host): all or none. */
  admitAll(addresses: readonly string[], port: number): LocalNetworkError | undefined {
    const ips = addresses.filter((a) => isPublicAddress(a) !== undefined);
    if (!ips.length) {
      // A name only the proxy resolves is left to it, and is out there: not this machine's network.
      this.zone ??= 'internet';
      return undefined;
    }
    const outside = ips.every((a) => this.isPublic(a, port));
    if (this.zone === undefined) {
      this.zone = outside ? 'internet' : 'home';
      return undefined;
    }
    if (this.zone === 'home' || outside) return undefined;
    return new LocalNetworkError(ips.find((a) => !this.isPublic(a, port)) ?? ips[0]);
  }
}
