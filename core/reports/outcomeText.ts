// The words of a change's outcome, shared by the commands and the report panel, so a re-run or a
// privacy change reads the same wherever it was started.
import * as l10n from '@vscode/l10n';
import type { Rating } from '../checks/rating';
import { describeRating } from '../checks/ratingWords';
import type { RunDiff } from '../history/diff';
import { changeSummary } from '../history/changeWords';

/** The phrases that name an action on one report, as the subject of "… failed". */
export const actionOn = {
  changePrivacy: (label: string): string =>
    l10n.t({ message: 'Changing the privacy of {0}', args: [label], comment: ['an action, as the subject of "… failed"'] }),
  rerun: (label: string): string =>
    l10n.t({ message: 'Re-running {0}', args: [label], comment: ['an action, as the subject of "… failed"'] }),
  delete: (label: string): string =>
    l10n.t({ message: 'Deleting {0}', args: [label], comment: ['an action, as the subject of "… failed"'] }),
};

/** "Website Reports: <label> is Good (was Bad)." after a re-run; the rating alone when it did not change. */
export function rerunOutcomeText(label: string, before: Rating, after: Rating): string {
  const was = describeRating(before);
  const now = describeRating(after);
  return was !== now
    ? l10n.t('Website Reports: {0} is {1} (was {2}).', label, now, was)
    : l10n.t('Website Reports: {0} is {1}.', label, now);
}

/** "Website Reports: <label>: 63 → 81 (+18): 3 checks fixed, 1 newly failing." after a re-run with an earlier run. */
export function rerunChangeText(label: string, diff: RunDiff): string {
  return l10n.t('Website Reports: {0}: {1}.', label, changeSummary(diff));
}
