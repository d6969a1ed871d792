// Which service and which key: the base URL from --base-url, else WEBREPORTS_BASE_URL, else the
// config's baseUrl; the key from WEBREPORTS_API_KEY only. Plain http is allowed only to a
// loopback address (the key would travel in clear text). Messages name the source, never the key.
import { parseBaseUrl } from '../src/api/baseUrl';
import { ApiError } from '../src/api/errors';
import type { GateConfig } from '../src/gate/config';
import { CliFailure } from './usageError';

export interface ServiceChoice {
  baseUrl: string;
  apiKey: string;
}

export function chooseService(flag: string | undefined, env: NodeJS.ProcessEnv, config: GateConfig): ServiceChoice {
  const [raw, source] =
    flag !== undefined
      ? [flag, '--base-url']
      : env.WEBREPORTS_BASE_URL
        ? [env.WEBREPORTS_BASE_URL, 'WEBREPORTS_BASE_URL']
        : [config.baseUrl, config.file ? `"baseUrl" in ${config.file}` : '"baseUrl"'];
  if (!raw) {
    throw new CliFailure(
      'config',
      'No report service: pass --base-url URL, set WEBREPORTS_BASE_URL, or add "baseUrl" to website-reports.json.',
    );
  }
  let base;
  try {
    base = parseBaseUrl(raw);
  } catch (error) {
    const why = error instanceof ApiError ? 'it must be an http(s) address without credentials, query or fragment' : String(error);
    throw new CliFailure('config', `The report service address from ${source} is not usable: ${why}.`);
  }
  if (base.insecure) {
    throw new CliFailure(
      'config',
      `The report service address from ${source} uses plain http to another machine; use https (the key would travel in clear text).`,
    );
  }
  const apiKey = env.WEBREPORTS_API_KEY?.trim();
  if (!apiKey) throw new CliFailure('key', 'No API key: set the environment variable WEBREPORTS_API_KEY (in CI, from a secret).');
  return { baseUrl: raw, apiKey };
}
