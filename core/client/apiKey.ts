// Which keys can be sent at all. The key travels in the Authorization header, whose value may hold
// visible ASCII only: a pasted check mark, a zero-width space or a line break would make the
// request fail before it leaves (and look like a network failure). Such a key is refused before
// sending, and in the Set API Key box, naming the kind of character, never the key.
import * as l10n from '@vscode/l10n';
import { ApiError } from './errors';

/** The environment variable a key may come from (docs/design.md). */
export const KEY_ENV_NAME = 'WEBREPORTS_API_KEY';

export type KeyProblem = 'space' | 'control' | 'non-ascii';

// Spaces and line breaks, visible or not (zero-width space, joiners, word joiner, byte-order mark).
const SPACE = /[\s\u180e\u200b-\u200d\u2060\ufeff]/;
// eslint-disable-next-line no-control-regex -- control characters are what this looks for
const CONTROL = /[\x00-\x1f\x7f-\x9f]/;
const SENDABLE = /^[\x21-\x7e]*$/;

/** The kind of character in `key` that cannot be sent, or undefined when every character can. */
export function keyProblem(key: string): KeyProblem | undefined {
  if (SENDABLE.test(key)) return undefined;
  if (SPACE.test(key)) return 'space';
  if (CONTROL.test(key)) return 'control';
  return 'non-ascii';
}

function describe(problem: KeyProblem): string {
  switch (problem) {
    case 'space':
      return l10n.t('a space or line break (perhaps an invisible one)');
    case 'control':
      return l10n.t('a control character');
    case 'non-ascii':
      return l10n.t('a non-ASCII character (such as a symbol or an accented letter)');
  }
}

/** Why the Set API Key box refuses `value` (trimmed as the command trims it), or undefined. */
export function keyInputProblem(value: string): string | undefined {
  const problem = keyProblem(value.trim());
  return (
    problem &&
    l10n.t('The key holds {0}, which cannot be sent to the service. Paste the key exactly as your account shows it.', describe(problem))
  );
}

/** Throws when `key` cannot be sent: a key that would fail in the header is no network failure. */
export function assertSendableKey(key: string): void {
  const problem = keyProblem(key);
  if (!problem) return;
  throw new ApiError(
    'not-configured',
    l10n.t(
      'The API key holds {0}, which cannot be sent to the service. Set it again with "Website Reports: Set API Key", or correct {1}.',
      describe(problem),
      KEY_ENV_NAME,
    ),
    { next: { kind: 'set-api-key' } },
  );
}
