// The one question before many reports are created (Report All in File, Report All Unrated, a
// site scan): who may view them is asked first, then one modal names which URLs (the first few,
// "… and N more"), how they will be made, and a Create button that counts them. Without a person
// to ask (`interactive` false) the options' privacy (else private) is used and nothing is shown.
import * as vscode from 'vscode';
import { namedUrls } from '../../core/text/urlList';
import { privacyLabel, privacyName } from '../../core/text/vocabulary';
import { newReportsPrivacy } from './prompts';

export interface CreatesQuestion {
  /** The question's first line, e.g. "Create reports for the 3 new URLs of this file?". */
  question: string;
  urls: readonly string[];
  /** More to say under the list (what is skipped, how they are made). */
  detail?: string;
}

export async function confirmCreates(
  ask: CreatesQuestion,
  options: { privacy?: 0 | 1 | 2; password?: string },
  interactive: boolean,
): Promise<{ privacy: 0 | 1 | 2; password?: string } | undefined> {
  const access = await newReportsPrivacy(options, interactive);
  if (!access || !interactive) return access;
  const n = ask.urls.length;
  const create = n === 1 ? vscode.l10n.t('Create 1 Report') : vscode.l10n.t('Create {0} Reports', n);
  const who = vscode.l10n.t('Who can view them: {0}.', privacyLabel(privacyName(access.privacy)));
  const answer = await vscode.window.showInformationMessage(
    ask.question,
    { modal: true, detail: [namedUrls(ask.urls), who, ask.detail].filter(Boolean).join('\n\n') },
    create,
  );
  return answer === create ? access : undefined;
}
