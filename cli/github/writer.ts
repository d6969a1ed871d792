// Who the token writes as, so that only a comment or issue this token could have written is taken
// as the one to edit: anyone may post a comment or open an issue whose body starts with the
// marker, and the command must neither edit nor close it (nor be kept from posting by it).
// GitHub's tokens say their kind in their prefix: an app installation's (`ghs_`, the GITHUB_TOKEN
// of a workflow) writes as a bot, whose user type is "Bot"; any other token writes as a person,
// whose login GET /user tells. A token of an unknown kind that GET /user refuses is an app's.
import { ApiError } from '../../core/client/errors';
import type { GitHubApi } from './githubApi';

export type Writer = { kind: 'bot' } | { kind: 'person'; login: string };

/** The author of a listed item (GitHub's `user`), as far as it is an object. */
export interface Author {
  login?: unknown;
  type?: unknown;
}

export async function writerOf(api: GitHubApi): Promise<Writer> {
  if (api.target.token.startsWith('ghs_')) return { kind: 'bot' };
  try {
    const me = (await api.send('GET', 'user')) as { login?: unknown } | undefined;
    if (typeof me?.login === 'string' && me.login) return { kind: 'person', login: me.login };
  } catch (error) {
    if (!(error instanceof ApiError) || (error.status !== 403 && error.status !== 401)) throw error;
  }
  return { kind: 'bot' };
}

/** Whether `author` is who `writer` writes as (logins compare as GitHub does: in any case). */
export function wroteBy(author: Author | null | undefined, writer: Writer): boolean {
  if (!author || typeof author !== 'object') return false;
  if (writer.kind === 'bot') return author.type === 'Bot';
  return typeof author.login === 'string' && author.login.toLowerCase() === writer.login.toLowerCase();
}
