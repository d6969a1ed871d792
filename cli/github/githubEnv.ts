// Where the GitHub side of a run goes, from the variables GitHub Actions sets: the API's address
// (GITHUB_API_URL, else api.github.com), the repository (GITHUB_REPOSITORY), the pull request of the
// event (GITHUB_EVENT_PATH) and the token (GITHUB_TOKEN, from the environment only). The token is
// only ever sent to the API's origin, and plain http only to a loopback address.
import { parseBaseUrl, type BaseUrl } from '../../core/client/baseUrl';
import { readConfined, ReadProblem } from '../../core/files/confinedRead';

/** Bytes of the event file read (GitHub's own are a few KiB; a pull request's body is at most 64 KiB of it). */
export const MAX_EVENT_BYTES = 1024 * 1024;

export interface GitHubTarget {
  api: BaseUrl;
  /** "owner/name" */
  repository: string;
  token: string;
}

/** Why the GitHub side cannot run, in words for "No pull-request comment: …". */
export class GitHubSetupProblem extends Error {}

const REPOSITORY = /^[A-Za-z0-9_.-]{1,100}\/[A-Za-z0-9_.-]{1,100}$/;

export function githubTarget(env: NodeJS.ProcessEnv): GitHubTarget {
  const token = env.GITHUB_TOKEN?.trim();
  if (!token) throw new GitHubSetupProblem('GITHUB_TOKEN is not set (pass `github.token` to the step).');
  const repository = env.GITHUB_REPOSITORY?.trim() ?? '';
  if (!REPOSITORY.test(repository)) throw new GitHubSetupProblem('GITHUB_REPOSITORY is not set to "owner/name".');
  let api: BaseUrl;
  try {
    api = parseBaseUrl(env.GITHUB_API_URL?.trim() || 'https://api.github.com');
  } catch {
    throw new GitHubSetupProblem('GITHUB_API_URL is not an http(s) address without credentials, query or fragment.');
  }
  if (api.insecure) {
    throw new GitHubSetupProblem('GITHUB_API_URL uses plain http to another machine; the token would travel in clear text.');
  }
  return { api, repository, token };
}

/** The number of the pull request the run is for, or undefined when its event has none. */
export async function pullRequestNumber(env: NodeJS.ProcessEnv): Promise<number | undefined> {
  const file = env.GITHUB_EVENT_PATH?.trim();
  if (!file) return undefined;
  let event: unknown;
  try {
    event = JSON.parse(await readConfined(file, { maxBytes: MAX_EVENT_BYTES }));
  } catch (error) {
    const why = error instanceof ReadProblem ? error.message : 'it is not JSON';
    throw new GitHubSetupProblem(`the event file GITHUB_EVENT_PATH cannot be read (${why})`);
  }
  const e = event as { pull_request?: { number?: unknown }; issue?: { number?: unknown; pull_request?: unknown } } | null;
  const number = e?.pull_request?.number ?? (e?.issue?.pull_request ? e.issue.number : undefined);
  return typeof number === 'number' && Number.isSafeInteger(number) && number > 0 ? number : undefined;
}

/** The run's page ("…/actions/runs/N"), when GitHub says which; only an http(s) address and a number. */
export function runLink(env: NodeJS.ProcessEnv, repository: string): string | undefined {
  const server = env.GITHUB_SERVER_URL?.trim();
  const run = env.GITHUB_RUN_ID?.trim();
  if (!server || !run || !/^\d{1,20}$/.test(run)) return undefined;
  try {
    const base = parseBaseUrl(server);
    return `${base.href}/${repository}/actions/runs/${run}`;
  } catch {
    return undefined;
  }
}
