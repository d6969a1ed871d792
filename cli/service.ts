// Which service and which key: the base URL from --base-url, else WEBREPORTS_BASE_URL, else the
// config's baseUrl; the key from WEBREPORTS_API_KEY only. Plain http is allowed only to a
// loopback address (the key would travel in clear text). Messages name the source, never the key.
// A variable that is set but empty is an error naming it, never a fall-back: a workflow gives an
// empty value when the secret it names is missing, and the config's baseUrl is what a pull
// request wrote — the key must not go there.
import { parseBaseUrl, type BaseUrl } from '../core/client/baseUrl';
import { ReportsClient, type ClientOptions } from '../core/client/client';
import { ApiError } from '../core/client/errors';
import { CLIENT_REQUESTS_PER_MINUTE } from '../core/client/pacing';
import type { GateConfig } from '../core/config/configFile';
import { endsWriteRun } from '../core/reports/writeQueue';
import { CliFailure } from './usageError';

export interface ServiceChoice {
  baseUrl: string;
  apiKey: string;
  /** Where the address came from, for messages: "--base-url", "WEBREPORTS_BASE_URL", '"baseUrl" in …'. */
  source: string;
}

export function chooseService(flag: string | undefined, env: NodeJS.ProcessEnv, config: GateConfig): ServiceChoice {
  const { raw, source } = serviceAddress(flag, env, config);
  setButEmpty(env, 'WEBREPORTS_API_KEY', 'key');
  if (!raw) {
    throw new CliFailure(
      'config',
      'No report service: pass --base-url URL, set WEBREPORTS_BASE_URL, or add "baseUrl" to website-reports.json.',
    );
  }
  const base = usableBase(raw, source);
  if (base.insecure) {
    throw new CliFailure(
      'config',
      `The report service address from ${source} uses plain http to another machine; use https (the key would travel in clear text).`,
    );
  }
  const apiKey = env.WEBREPORTS_API_KEY?.trim();
  if (!apiKey) throw new CliFailure('key', 'No API key: set the environment variable WEBREPORTS_API_KEY (in CI, from a secret).');
  return { baseUrl: raw, apiKey, source };
}

/**
 * The origin of the service's address when one is given (--base-url, WEBREPORTS_BASE_URL, the
 * config), by chooseService's rule: a variable set but empty, or an unusable address, fails.
 */
export function serviceOriginOf(flag: string | undefined, env: NodeJS.ProcessEnv, config: GateConfig): string | undefined {
  const { raw, source } = serviceAddress(flag, env, config);
  return raw === undefined ? undefined : usableBase(raw, source).origin;
}

/** The address as given and where it came from: --base-url, else WEBREPORTS_BASE_URL, else the config. */
function serviceAddress(flag: string | undefined, env: NodeJS.ProcessEnv, config: GateConfig): { raw?: string; source: string } {
  setButEmpty(env, 'WEBREPORTS_BASE_URL', 'config');
  if (flag !== undefined) return { raw: flag, source: '--base-url' };
  if (env.WEBREPORTS_BASE_URL !== undefined) return { raw: env.WEBREPORTS_BASE_URL, source: 'WEBREPORTS_BASE_URL' };
  return { raw: config.baseUrl, source: config.file ? `"baseUrl" in ${config.file}` : '"baseUrl"' };
}

function usableBase(raw: string, source: string): BaseUrl {
  try {
    return parseBaseUrl(raw);
  } catch (error) {
    const why = error instanceof ApiError ? 'it must be an http(s) address without credentials, query or fragment' : String(error);
    throw new CliFailure('config', `The report service address from ${source} is not usable: ${why}.`);
  }
}

function setButEmpty(env: NodeJS.ProcessEnv, name: string, kind: 'config' | 'key'): void {
  if (env[name] !== undefined && !env[name]?.trim()) {
    throw new CliFailure(
      kind,
      `The environment variable ${name} is set but empty (in CI: is the secret or variable it is set from missing?). Set it, or unset it.`,
    );
  }
}

/** The client of the chosen service; the key is only ever sent to its origin. */
export function openClient(
  service: ServiceChoice,
  env: NodeJS.ProcessEnv,
  version: string,
  onRecords?: ClientOptions['onRecords'],
): ReportsClient {
  return new ReportsClient({
    ...(onRecords ? { onRecords } : {}),
    baseUrl: service.baseUrl,
    apiKey: () => service.apiKey,
    proxy: { env },
    userAgent: `website-reports-cli/${version}`,
    pacing: { ownLimit: CLIENT_REQUESTS_PER_MINUTE },
  });
}

/** What to say of a service failure, by the client's error kind. */
const SERVICE_PROBLEMS: Partial<Record<string, string>> = {
  network: 'it could not be reached',
  timeout: 'it did not answer in time',
  server: 'it answered with a server error',
  'rate-limited': 'it kept asking to slow down (429)',
  'bad-response': 'its answer could not be read',
  validation: 'it refused a request',
  'not-found': 'an address was not found on it',
};

/** "it could not be reached at https://…": the service's failure, in words for the end of a sentence. */
export function serviceProblem(error: ApiError, address?: string): string {
  const problem = SERVICE_PROBLEMS[error.kind] ?? `it failed (${error.kind})`;
  // Which address failed to answer is what the reader needs to check (a wrong variable, a typo),
  // and why when it is known (a refused connection, a proxy that said no).
  if (address === undefined || (error.kind !== 'network' && error.kind !== 'timeout')) return problem;
  const why = error.kind === 'network' ? error.reason : undefined;
  return why ? `${problem} at ${address}: ${why}` : `${problem} at ${address}`;
}

/**
 * The failure that ends a run at once, in the command line's words and exit code: the write
 * queue's rule (endsWriteRun: a refused key, no key or address, a service that asks to wait longer
 * than the client waits), input the client refused before sending, and an address that is not a
 * report service (every request would get the same page); undefined for the others.
 */
export function stoppingFailure(error: ApiError, service?: { address: string; source?: string }): CliFailure | undefined {
  if (error.kind === 'invalid-input') return new CliFailure('config', error.message);
  if (error.notAService !== undefined) {
    const where = service ? `${service.address}${service.source ? ` (from ${service.source})` : ''}` : 'The report service address';
    return new CliFailure(
      'config',
      `${where} does not answer as a report service: it gave ${error.notAService} where JSON was expected. ` +
        `Check ${service?.source ?? '--base-url, WEBREPORTS_BASE_URL or "baseUrl"'}: it should be the report service's own address, ` +
        'the one whose /api/v1/ answers (e.g. https://reports.example.com), not a web site it rates.',
    );
  }
  if (!endsWriteRun(error)) return undefined;
  if (error.kind === 'rate-limited') {
    // The client waits out a 429 itself; one that reaches here will not pass by waiting.
    const when =
      error.retryAfterMs === undefined
        ? error.message.replace(/\.$/, '')
        : `it asks to wait ${Math.ceil(error.retryAfterMs / 1000)} s, until ${new Date(Date.now() + error.retryAfterMs).toISOString()}`;
    return new CliFailure('service', `The report service is limiting requests (429): ${when}. Nothing more was sent; run again then.`);
  }
  if (error.kind === 'auth') return new CliFailure('key', 'The report service refused the API key (401): check WEBREPORTS_API_KEY.');
  if (error.kind === 'forbidden') {
    return new CliFailure('key', 'The report service refused access with this API key (403): check WEBREPORTS_API_KEY and its account.');
  }
  return new CliFailure('config', error.message); // not configured
}
