// `check --github-comment` and `--github-issue`: the run's results on GitHub, as GitHub Actions
// gives a job (githubEnv.ts), and in the job summary ($GITHUB_STEP_SUMMARY). What happens on
// GitHub's side is said (stderr and the summary) and never changes the exit code: a pull request
// from a fork gets a read-only token, and its job must not fail for the comment it cannot write.
import { appendFile } from 'node:fs/promises';
import { ApiError } from '../../core/client/errors';
import type { Baseline } from '../../core/config/baseline';
import type { GateReport } from '../../core/config/gateReport';
import type { CheckOptions } from '../args';
import type { CliIo } from '../cliIo';
import type { FormatOptions } from '../formats';
import { oneLine } from '../../core/text/oneLine';
import { pageChanges } from './changes';
import { commentBody, MARKER } from './commentBody';
import { GitHubApi } from './githubApi';
import { githubTarget, GitHubSetupProblem, pullRequestNumber, runLink } from './githubEnv';
import { findThread, upsertThread, type ThreadPlace } from './markedThread';
import { writerOf } from './writer';

/** The title of the one issue a scheduled run keeps. */
export const ISSUE_TITLE = 'Website Reports: pages regressed';

export interface RunResults {
  report: GateReport;
  formatOptions: FormatOptions;
  baseline: Baseline | undefined;
  current: Baseline;
}

export async function publishToGitHub(options: CheckOptions, io: CliIo, results: RunResults): Promise<void> {
  // The key's and the token's redactor (cli/delivery.ts): for the changes, the notes and GitHub's words.
  const clean = results.formatOptions.clean ?? ((t: string) => t);
  const ids = new Map(Array.from(results.report.urls, (u) => [u.url, u.reportId] as const));
  const changes = results.baseline ? pageChanges(results.baseline, results.current, ids) : undefined;
  const repository = io.env.GITHUB_REPOSITORY?.trim() ?? '';
  const run = runLink(io.env, repository);
  const body = commentBody({
    report: results.report,
    changes,
    reportLink: results.formatOptions.reportLink,
    clean,
    footer: run ? [`[The run](${run})`] : [],
  });
  const notes: string[] = [];
  if (options.githubComment) notes.push(await tryGitHub('pull-request comment', () => comment(io, body)));
  if (options.githubIssue) notes.push(await tryGitHub('issue', () => issue(io, body, results.report.summary.errors > 0)));
  // A note holds GitHub's words and addresses: one line each, so none can forge another.
  for (const note of notes) io.stderr(`website-reports: ${oneLine(clean(note))}\n`);
  const summary = io.env.GITHUB_STEP_SUMMARY?.trim();
  if (summary) {
    const text = body.replace(`${MARKER}\n`, '') + notes.map((n) => `\n> ${oneLine(clean(n))}\n`).join('');
    await appendFile(summary, text);
  }
}

/** What became of the comment or the issue, in one sentence; a failure is said, not thrown. */
async function tryGitHub(what: string, act: () => Promise<string>): Promise<string> {
  try {
    return await act();
  } catch (error) {
    if (error instanceof GitHubSetupProblem) return `No ${what}: ${error.message}`;
    if (error instanceof ApiError && (error.status === 403 || error.status === 404)) {
      return `No ${what}: the token may not write here (GitHub answered ${error.status}). A pull request from a fork gets a read-only token; the results are in the job summary.`;
    }
    const why = error instanceof ApiError ? error.message : String(error);
    return `No ${what}: GitHub failed (${why.replace(/\.$/, '')}). The results are in the job summary.`;
  }
}

async function withApi<T>(io: CliIo, act: (api: GitHubApi, repo: string) => Promise<T>): Promise<T> {
  const target = githubTarget(io.env);
  const api = new GitHubApi(target, `website-reports-cli/${io.version}`, io.env);
  try {
    return await act(api, `repos/${target.repository}`);
  } finally {
    await api.dispose();
  }
}

async function comment(io: CliIo, body: string): Promise<string> {
  const number = await pullRequestNumber(io.env);
  if (number === undefined) return 'No pull-request comment: this run is not for a pull request (its event names none).';
  return withApi(io, async (api, repo) => {
    const place: ThreadPlace = {
      list: `${repo}/issues/${number}/comments`,
      create: `${repo}/issues/${number}/comments`,
      edit: (id) => `${repo}/issues/comments/${id}`,
      keyField: 'id',
    };
    const { outcome, thread } = await upsertThread(api, place, await writerOf(api), { body });
    return `${outcome === 'created' ? 'Commented on' : 'Updated the comment on'} pull request #${number}${thread.url ? `: ${thread.url}` : '.'}`;
  });
}

async function issue(io: CliIo, body: string, regressed: boolean): Promise<string> {
  return withApi(io, async (api, repo) => {
    const place: ThreadPlace = {
      list: `${repo}/issues?state=open`,
      create: `${repo}/issues`,
      edit: (n) => `${repo}/issues/${n}`,
      keyField: 'number',
    };
    const writer = await writerOf(api);
    const open = await findThread(api, place, writer);
    if (!regressed) {
      if (!open) return 'No issue: nothing regressed, and no issue is open.';
      const closing = `${body}\n_All is well again: closed by this run._\n`;
      await api.send('PATCH', place.edit(open.key), { body: closing, state: 'closed', state_reason: 'completed' });
      return `Closed issue #${open.key}: all is well again.`;
    }
    const { outcome, thread } = await upsertThread(api, place, writer, { title: ISSUE_TITLE, body }, { title: ISSUE_TITLE, body }, open);
    return `${outcome === 'created' ? 'Opened' : 'Updated'} issue #${thread.key}${thread.url ? `: ${thread.url}` : '.'}`;
  });
}
