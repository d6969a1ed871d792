// Which proxy a request to the service goes through. undici is bundled, so VS Code's own proxy
// support does not reach it: the extension passes `http.proxy` settings here, else the
// environment's HTTPS_PROXY/HTTP_PROXY/NO_PROXY apply.
import { isLoopbackHost } from '../urls/hostAddress';

export interface ProxySettings {
  /** VS Code's `http.proxy`. */
  proxy?: string;
  /** VS Code's `http.proxyStrictSSL` (default true). */
  strictSSL?: boolean;
  /** VS Code's `http.noProxy` entries. */
  noProxy?: string[];
  /** VS Code's `http.proxySupport`: "off" turns proxies off for extensions, the settings' and the environment's alike. */
  support?: string;
  env?: Record<string, string | undefined>;
}

export interface ProxyChoice {
  uri: string;
  strictSSL: boolean;
  source: 'settings' | 'environment';
}

function envValue(env: Record<string, string | undefined>, name: string): string | undefined {
  return env[name] ?? env[name.toLowerCase()] ?? undefined;
}

/** Whether `hostname` matches a NO_PROXY-style list ("*", "example.com", ".example.com", "host:port"). */
export function bypassesProxy(hostname: string, port: string, entries: string[]): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return entries.some((raw) => {
    const entry = raw.trim().toLowerCase();
    if (!entry) return false;
    if (entry === '*') return true;
    const [name, entryPort] = entry.split(/:(?=\d+$)/);
    if (entryPort && entryPort !== port) return false;
    const bare = name.replace(/^\*?\./, '');
    return host === bare || host.endsWith(`.${bare}`);
  });
}

export function chooseProxy(target: string, settings: ProxySettings): ProxyChoice | undefined {
  const url = new URL(target);
  if (isLoopbackHost(url.hostname) || settings.support === 'off') return undefined;
  const env = settings.env ?? {};
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const strictSSL = settings.strictSSL ?? true;
  if (settings.proxy?.trim()) {
    if (bypassesProxy(url.hostname, port, settings.noProxy ?? [])) return undefined;
    return { uri: settings.proxy.trim(), strictSSL, source: 'settings' };
  }
  const fromEnv = url.protocol === 'https:' ? (envValue(env, 'HTTPS_PROXY') ?? envValue(env, 'HTTP_PROXY')) : envValue(env, 'HTTP_PROXY');
  if (!fromEnv?.trim()) return undefined;
  const noProxy = (envValue(env, 'NO_PROXY') ?? '').split(',');
  if (bypassesProxy(url.hostname, port, noProxy)) return undefined;
  return { uri: fromEnv.trim(), strictSSL, source: 'environment' };
}
