// The analysis must never fetch the report service itself (it would analyse, and so expose, its
// own answers, control endpoints included). Checked twice: on each URL before it is fetched (clear
// reason), and on each connected socket (a host name that resolves to the service is caught too).
import { isOwnTarget, type OwnAddress } from '../core/urls/hostAddress';

export { isLoopbackHost, isOwnTarget, type OwnAddress } from '../core/urls/hostAddress';
export { guardedConnector, notOwnAddress, OwnAddressError } from '../core/client/guardedConnector';

export function isOwnUrl(url: URL, own: OwnAddress): boolean {
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  return isOwnTarget(url.hostname, port, own);
}
