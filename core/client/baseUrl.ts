// The service's base address: normalised once, and the only origin the key is ever sent to.
import * as l10n from '@vscode/l10n';
import { ApiError } from './errors';
import { isLoopbackHost } from '../urls/hostAddress';

export interface BaseUrl {
  /** Without trailing slash, e.g. "https://reports.example.com" or "http://127.0.0.1:8080/svc". */
  readonly href: string;
  readonly origin: string;
  /** http: to a non-loopback host: works, but the key travels in clear text. */
  readonly insecure: boolean;
}

const FIX_BASE_URL = { next: { kind: 'open-setting', setting: 'webReports.baseUrl' } } as const;

/**
 * The service's address, checked: an http(s) URL spelt with `//` and a host, without credentials,
 * a query or a fragment. The one rule for the setting, its input box, the config's `baseUrl` and
 * the command line's `--base-url` / WEBREPORTS_BASE_URL; throws ApiError 'not-configured'.
 */
export function parseBaseUrl(raw: string | undefined): BaseUrl {
  const text = (raw ?? '').trim();
  if (!text) {
    throw new ApiError(
      'not-configured',
      l10n.t('No report service is configured. Set "webReports.baseUrl" to the service\'s address.'),
      FIX_BASE_URL,
    );
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw notAUrl(text);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ApiError(
      'not-configured',
      l10n.t('"webReports.baseUrl" must be an http or https address, not {0}', url.protocol),
      FIX_BASE_URL,
    );
  }
  // `https:reports.example.com` parses too, but is no address anyone means to write.
  if (!/^https?:\/\/[^/?#\\]/i.test(text)) throw notAUrl(text);
  if (url.username || url.password || url.search || url.hash) {
    throw new ApiError('not-configured', l10n.t('"webReports.baseUrl" must not contain credentials, a query or a fragment.'), FIX_BASE_URL);
  }
  const href = `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  return { href, origin: url.origin, insecure: url.protocol === 'http:' && !isLoopbackHost(url.hostname) };
}

/** What is wrong with `raw` as the service's address (parseBaseUrl's words), or undefined. */
export function baseUrlProblem(raw: string): string | undefined {
  try {
    parseBaseUrl(raw);
    return undefined;
  } catch (error) {
    if (error instanceof ApiError) return error.message;
    throw error;
  }
}

function notAUrl(text: string): ApiError {
  return new ApiError(
    'not-configured',
    l10n.t('"webReports.baseUrl" is not a valid URL: "{0}". Use for example https://reports.example.com.', text),
    FIX_BASE_URL,
  );
}

/** The absolute URL of an API path such as "reports/12" under `{base}/api/v1/`. */
export function apiUrl(base: BaseUrl, path: string, params?: URLSearchParams): string {
  const query = params && [...params.keys()].length ? `?${params.toString()}` : '';
  return `${base.href}/api/v1/${path}${query}`;
}

/** Whether `link` may be requested with the key: same origin as the base URL. */
export function isSameOrigin(base: BaseUrl, link: string): boolean {
  try {
    return new URL(link).origin === base.origin;
  } catch {
    return false;
  }
}
