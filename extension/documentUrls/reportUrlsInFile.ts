// Website Reports: Report All URLs in File. Every http(s) URL of the document (editor, Explorer
// or argument), one per page; says how many are new and how many already have reports; asks once;
// creates the new ones (≤ 3 in flight, inside the request budget, 429-aware) with a cancellable
// progress; ends with a summary and "Retry Failed". Never creates twice: see actions/reportAll.ts.
import * as vscode from 'vscode';
import { ReportActions } from '../../core/reports/reportActions';
import { describeSummary, planReportAll, ReportAllPlan, ReportAllSummary, runReportAll } from '../../core/reports/reportAll';
import { isPrivacy } from '../../core/client/validateInput';
import { Privacy } from '../../core/client/types';
import { CommandContext } from '../shared/context';
import { reportFailure } from '../shared/feedback';
import { confirmCreates } from '../shared/confirmCreates';
import { distinctUrls, findUrls } from '../../core/urls/urlFinder';
import { plainText } from '../../core/text/plainText';
import { DocumentUrlsService } from './documentUrlsService';

export interface ReportUrlsOptions {
  skipReported?: boolean;
  privacy?: Privacy;
  password?: string;
  confirm?: boolean;
}

/** What the command returns (and shows): plain data, one entry per URL. */
export interface ReportUrlsResult {
  created: { url: string; id: string | number }[];
  skipped: { url: string; reason: string }[];
  failed: { url: string; reason: string }[];
}

const EMPTY: ReportUrlsResult = { created: [], skipped: [], failed: [] };

async function documentOf(uri: unknown): Promise<vscode.TextDocument | undefined> {
  if (uri instanceof vscode.Uri) return vscode.workspace.openTextDocument(uri);
  return vscode.window.activeTextEditor?.document;
}

export async function reportUrlsInFile(
  ctx: CommandContext,
  service: DocumentUrlsService,
  actions: ReportActions,
  uri?: unknown,
  options: ReportUrlsOptions = {},
): Promise<ReportUrlsResult> {
  const document = await documentOf(uri).catch(() => undefined);
  if (!document) {
    void vscode.window.showErrorMessage(vscode.l10n.t('Website Reports: open a file, or choose one in the Explorer, to report its URLs.'));
    return EMPTY;
  }
  if (options.privacy !== undefined && !isPrivacy(options.privacy)) {
    void vscode.window.showErrorMessage(vscode.l10n.t('Website Reports: privacy must be 0 (public), 1 (private) or 2 (password).'));
    return EMPTY;
  }
  const urls = distinctUrls(findUrls(document.getText()));
  if (!urls.length) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Website Reports: this file has no http(s) URLs.'));
    return EMPTY;
  }
  let plan: ReportAllPlan;
  try {
    ctx.connection.get();
    plan = await vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title:
          urls.length === 1
            ? vscode.l10n.t('Website Reports: checking 1 URL…')
            : vscode.l10n.t('Website Reports: checking {0} URLs…', urls.length),
      },
      () => planReportAll(urls, service.lookup, options.skipReported ?? true),
    );
  } catch (error) {
    await reportFailure(
      ctx,
      vscode.l10n.t({ message: 'Checking the URLs of the file', comment: ['an action, as the subject of "… failed"'] }),
      error,
    );
    return EMPTY;
  }
  const skipped = plan.reported.map(({ url, report }) => ({
    url,
    reason: vscode.l10n.t('already has report {0}', plainText(report.id, 40)),
  }));
  if (!plan.toCreate.length) {
    void vscode.window.showInformationMessage(
      plan.reported.length === 1
        ? vscode.l10n.t('Website Reports: the URL of this file already has a report.')
        : vscode.l10n.t('Website Reports: all {0} URLs of this file already have reports.', plan.reported.length),
    );
    return { ...EMPTY, skipped };
  }
  const interactive = options.confirm !== false;
  const newCount = plan.toCreate.length;
  const reported = plan.reported.length;
  const access = await confirmCreates(
    {
      question:
        newCount === 1
          ? vscode.l10n.t('Website Reports: create a report for the new URL of this file?')
          : vscode.l10n.t('Website Reports: create reports for the {0} new URLs of this file?', newCount),
      urls: plan.toCreate,
      detail: [
        reported === 0
          ? ''
          : reported === 1
            ? vscode.l10n.t('1 URL already has a report and is skipped.')
            : vscode.l10n.t('{0} URLs already have reports and are skipped.', reported),
        vscode.l10n.t('Each new URL is analysed by the report service (3 at a time).'),
      ]
        .filter(Boolean)
        .join(' '),
    },
    options,
    interactive,
  );
  if (!access) return { ...EMPTY, skipped };
  return createAll(ctx, service, actions, plan.toCreate, skipped, access.privacy, access.password);
}

async function createAll(
  ctx: CommandContext,
  service: DocumentUrlsService,
  actions: ReportActions,
  urls: string[],
  skippedBefore: ReportUrlsResult['skipped'],
  privacy: Privacy,
  password: string | undefined,
): Promise<ReportUrlsResult> {
  const summary: ReportAllSummary = await vscode.window.withProgress(
    {
      location: vscode.ProgressLocation.Notification,
      title:
        urls.length === 1
          ? vscode.l10n.t('Website Reports: creating 1 report')
          : vscode.l10n.t('Website Reports: creating {0} reports', urls.length),
      cancellable: true,
    },
    (progress, token) => {
      const controller = new AbortController();
      token.onCancellationRequested(() => controller.abort());
      return runReportAll(urls, actions, {
        privacy,
        password,
        signal: controller.signal,
        onProgress: (done, total, url) => progress.report({ increment: 100 / total, message: `${done}/${total}: ${plainText(url, 80)}` }),
      });
    },
  );
  const result: ReportUrlsResult = {
    created: summary.created.map(({ url, report }) => ({ url, id: report.id })),
    skipped: [...skippedBefore, ...summary.skipped],
    failed: summary.failed.map(({ url, reason }) => ({ url, reason })),
  };
  for (const f of result.failed) ctx.log.warn(`Report for ${f.url} not created: ${f.reason}`);
  for (const s of summary.skipped) ctx.log.info(`Report for ${s.url} skipped: ${s.reason}`);
  showSummary(ctx, service, actions, result, privacy, password);
  return result;
}

/** The summary notification (not awaited, so the command returns its result at once). */
function showSummary(
  ctx: CommandContext,
  service: DocumentUrlsService,
  actions: ReportActions,
  result: ReportUrlsResult,
  privacy: Privacy,
  password: string | undefined,
): void {
  const counts = describeSummary(result);
  const retry = vscode.l10n.t('Retry Failed');
  const details = vscode.l10n.t('Show Details');
  if (!result.failed.length) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Website Reports: {0}.', counts));
    return;
  }
  const reasons = result.failed
    .slice(0, 3)
    .map((f) => `${plainText(f.url, 80)}: ${plainText(f.reason, 160)}`)
    .join('; ');
  void vscode.window
    .showWarningMessage(
      vscode.l10n.t('Website Reports: {0}. {1}', counts, `${reasons}${result.failed.length > 3 ? '; …' : ''}`),
      retry,
      details,
    )
    .then((choice) => {
      if (choice === details) ctx.log.show(true);
      // The retry goes through the same duplicate-proof create: a lost create is looked for first.
      if (choice === retry) {
        void createAll(
          ctx,
          service,
          actions,
          result.failed.map((f) => f.url),
          [],
          privacy,
          password,
        );
      }
    });
}
