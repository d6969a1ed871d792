// Who the token writes as, so that only a comment or issue this token wrote is taken as the one to
// edit: anyone may post a comment or open an issue whose body starts with the marker — another
// app's bot (renovate[bot], dependabot[bot]) as much as a person — and the command must neither edit
// nor close it (nor be kept from posting by it). The identity is one login:
// - a person's token: the login GET /user answers;
// - an app installation's token (`ghs_…`, the workflow's GITHUB_TOKEN among them), or any token that
//   GET /user refuses: GitHub tells an installation token nothing of who it is (GET /user and GET
//   /app both refuse it), so it is taken for the workflow's, whose bot is `github-actions[bot]`. A
//   token of another app therefore never finds its own comment again and posts a new one each run:
//   never someone else's edited.
import { ApiError } from '../../core/client/errors';
import type { GitHubApi } from './githubApi';

/** The login the workflow's GITHUB_TOKEN writes as. */
export const WORKFLOW_BOT = 'github-actions[bot]';

export interface Writer {
  login: string;
}

/** The author of a listed item (GitHub's `user`), as far as it is an object. */
export interface Author {
  login?: unknown;
  type?: unknown;
}

export async function writerOf(api: GitHubApi): Promise<Writer> {
  if (api.target.token.startsWith('ghs_')) return { login: WORKFLOW_BOT };
  try {
    const me = (await api.send('GET', 'user')) as { login?: unknown } | undefined;
    if (typeof me?.login === 'string' && me.login) return { login: me.login };
  } catch (error) {
    if (!(error instanceof ApiError) || (error.status !== 403 && error.status !== 401)) throw error;
  }
  return { login: WORKFLOW_BOT };
}

/** Whether `author` is `writer` (logins compare as GitHub does: in any case); never by type alone. */
export function wroteBy(author: Author | null | undefined, writer: Writer): boolean {
  if (!author || typeof author !== 'object') return false;
  return typeof author.login === 'string' && author.login.toLowerCase() === writer.login.toLowerCase();
}
