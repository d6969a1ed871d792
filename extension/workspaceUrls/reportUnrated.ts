// Report All Unrated: the workspace's URLs known to have no report become reports (those that
// could not be checked are left out, and the user is told: they may have one) through the same
// persistent job as a site scan (extension/siteScans/siteJobs.ts): paced under the service's limit,
// never created twice, resumed after a restart. Asks once (unless `confirm` is false).
import * as vscode from 'vscode';
import { isPrivacy } from '../../core/client/validateInput';
import { CommandContext } from '../shared/context';
import { confirmCreates } from '../shared/confirmCreates';
import type { ScanSummary, SiteJobs } from '../siteScans/siteJobs';
import type { ReportUrlsOptions } from '../documentUrls/reportUrlsInFile';

const NOTHING: ScanSummary = { found: 0, created: 0, skipped: 0, failed: 0 };

export async function reportUnrated(
  ctx: CommandContext,
  jobs: SiteJobs,
  urls: readonly string[],
  options: ReportUrlsOptions,
  /** URLs whose lookup failed: left out, and said. */
  unchecked = 0,
): Promise<ScanSummary> {
  const leftOut =
    unchecked === 0
      ? undefined
      : unchecked === 1
        ? vscode.l10n.t('1 URL could not be checked and is left out; it is looked up again on Refresh.')
        : vscode.l10n.t('{0} URLs could not be checked and are left out; they are looked up again on Refresh.', unchecked);
  if (options.privacy !== undefined && !isPrivacy(options.privacy)) {
    void vscode.window.showErrorMessage(vscode.l10n.t('Website Reports: privacy must be 0 (public), 1 (private) or 2 (password).'));
    return NOTHING;
  }
  if (urls.length === 0) {
    void vscode.window.showInformationMessage(
      leftOut
        ? `${vscode.l10n.t('Website Reports: nothing to create.')} ${leftOut}`
        : vscode.l10n.t('Website Reports: every URL of this workspace already has a report.'),
    );
    return NOTHING;
  }
  const interactive = options.confirm !== false;
  const access = await confirmCreates(
    {
      question:
        urls.length === 1
          ? vscode.l10n.t('Website Reports: create a report for the URL of this workspace that has none?')
          : vscode.l10n.t('Website Reports: create reports for the {0} URLs of this workspace that have none?', urls.length),
      urls,
      detail: [vscode.l10n.t("They are created as a scan: paced under the service's rate limit, and resumed after a restart."), leftOut]
        .filter(Boolean)
        .join(' '),
    },
    options,
    interactive,
  );
  if (!access) return NOTHING;
  const { privacy, password } = access;
  ctx.log.info(
    `Report All Unrated: ${urls.length} URLs of the workspace${unchecked ? `; ${unchecked} could not be checked, left out` : ''}.`,
  );
  return jobs.start(vscode.l10n.t('the URLs of this workspace'), urls, privacy, password, {
    found: urls.length + unchecked,
    skipped: unchecked,
  });
}
