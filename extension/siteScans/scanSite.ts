// Website Reports: Scan Site from Sitemap. A site's address or a sitemap's URL (or a sitemap file
// open in the editor) → its page URLs → the selection (include, exclude, sample, remap, max) → a
// preview (found, new, skipped, the time at the service's rate limit) → one confirmation → a
// persistent job (extension/siteScans/siteJobs.ts) that creates the new reports under the rate limit.
import * as vscode from 'vscode';
import type { UrlLookup } from '../../core/reports/urlLookup';
import { isPrivacy } from '../../core/client/validateInput';
import type { Privacy } from '../../core/client/types';
import { discoverSitemapUrls, describePreview, previewScan, selectUrls, type ScanPreview, type SelectOptions } from '../../core/sites';
import { plainText } from '../../core/text/plainText';
import { COMMAND } from '../ids';
import type { CommandTable } from '../shared/register';
import { CommandContext } from '../shared/context';
import { reportFailure } from '../shared/feedback';
import { readProxySettings } from '../shared/settings';
import { confirmCreates } from '../shared/confirmCreates';
import type { ScanSummary, SiteJobs } from './siteJobs';

export interface ScanSiteOptions {
  sample?: number;
  include?: string | string[];
  exclude?: string | string[];
  remap?: string;
  max?: number;
  privacy?: Privacy;
  password?: string;
  /** false: no questions (the preview is logged, privacy private unless given). */
  confirm?: boolean;
}

const NOTHING: ScanSummary = { found: 0, created: 0, skipped: 0, failed: 0 };

const list = (value: string | string[] | undefined): string[] | undefined =>
  value === undefined ? undefined : Array.isArray(value) ? value.filter((v) => typeof v === 'string') : [value];

async function askSite(): Promise<string | undefined> {
  return vscode.window.showInputBox({
    title: vscode.l10n.t('Website Reports: Scan Site from Sitemap'),
    prompt: vscode.l10n.t("A site's address (its robots.txt and sitemap are read) or a sitemap's URL"),
    placeHolder: 'https://www.example.com/', // l10n-exempt: an example address
    ignoreFocusOut: true,
    validateInput: (value) => (/^https?:\/\/[^/\s]+/i.test(value.trim()) ? undefined : vscode.l10n.t('Enter an http or https address.')),
  });
}

export async function scanSite(
  ctx: CommandContext,
  jobs: SiteJobs,
  lookup: UrlLookup,
  target?: unknown,
  options: ScanSiteOptions = {},
): Promise<ScanSummary> {
  const interactive = options.confirm !== false;
  if (options.privacy !== undefined && !isPrivacy(options.privacy)) {
    void vscode.window.showErrorMessage(vscode.l10n.t('Website Reports: privacy must be 0 (public), 1 (private) or 2 (password).'));
    return NOTHING;
  }
  let input: string;
  let urls: string[];
  try {
    ctx.connection.get(); // signed out or no service: say so before anything is fetched
    // A sitemap file of the workspace (a document open, or a file): read first, the sitemaps it lists from the web.
    let localText: string | undefined;
    if (target instanceof vscode.Uri && target.scheme !== 'http' && target.scheme !== 'https') {
      input = vscode.workspace.asRelativePath(target);
      localText = (await vscode.workspace.openTextDocument(target)).getText();
    } else {
      const given = target instanceof vscode.Uri ? target.toString(true) : typeof target === 'string' ? target : await askSite();
      if (!given) return NOTHING;
      input = given.trim();
    }
    const found = await vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title: vscode.l10n.t('Website Reports: reading the sitemaps of {0}…', plainText(input, 80)),
        cancellable: true,
      },
      (_p, token) => {
        const controller = new AbortController();
        token.onCancellationRequested(() => controller.abort());
        return discoverSitemapUrls(input, {
          serviceOrigin: ctx.connection.origin(),
          signal: controller.signal,
          proxy: readProxySettings(),
          ...(localText === undefined ? {} : { localText }),
        });
      },
    );
    for (const failure of found.failures) ctx.log.warn(`Sitemap ${failure.file}: ${failure.message}`);
    if (found.urls.length === 0) {
      const why = found.failures[0]?.message ?? vscode.l10n.t('no page URLs were listed');
      void vscode.window.showErrorMessage(
        vscode.l10n.t('Website Reports: no pages found for {0}: {1}', plainText(input, 80), plainText(why, 300)),
      );
      return NOTHING;
    }
    if (found.failures.length > 0) {
      void vscode.window.showWarningMessage(
        vscode.l10n.t(
          'Website Reports: {0} sitemap files could not be read (see the log); the pages of the others are used.',
          found.failures.length,
        ),
      );
    }
    urls = found.urls;
  } catch (error) {
    await reportFailure(
      ctx,
      vscode.l10n.t({ message: 'Reading the sitemap', comment: ['an action, as the subject of "… failed"'] }),
      error,
    );
    return NOTHING;
  }

  const selectOptions: SelectOptions = {
    include: list(options.include),
    exclude: list(options.exclude),
    sample: options.sample,
    remap: options.remap,
    max: options.max,
  };
  const selection = selectUrls(urls, selectOptions);
  if (selection.problems.length > 0) {
    void vscode.window.showErrorMessage(vscode.l10n.t('Website Reports: {0}', plainText(selection.problems.join(' '), 400)));
    return NOTHING;
  }
  let preview: ScanPreview;
  try {
    preview = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Website Reports: checking which pages have reports…') },
      () => previewScan(urls.length, selection, { lookup, rateLimitPerMinute: ctx.connection.get().rateLimit() }),
    );
  } catch (error) {
    await reportFailure(ctx, vscode.l10n.t({ message: 'Checking the pages', comment: ['an action, as the subject of "… failed"'] }), error);
    return NOTHING;
  }
  const words = describePreview(preview);
  ctx.log.info(`Scan of ${input}: ${words}`);
  if (preview.toCreate.length === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Website Reports: {0}', words));
    return { found: preview.found, created: 0, skipped: preview.skipped, failed: 0 };
  }
  const access = await confirmCreates(
    { question: vscode.l10n.t('Website Reports: scan {0}?', plainText(input, 80)), urls: preview.toCreate, detail: words },
    options,
    interactive,
  );
  if (!access) return { found: preview.found, created: 0, skipped: preview.skipped, failed: 0 };
  const { privacy, password } = access;
  return jobs.start(input, preview.toCreate, privacy, password, { found: preview.found, skipped: preview.skipped });
}

/** This family's commands, for the composition root's table. */
export const siteCommands = (ctx: CommandContext, jobs: SiteJobs, lookup: UrlLookup) =>
  ({
    [COMMAND.scanSite]: (target, options) => scanSite(ctx, jobs, lookup, target, (options ?? {}) as ScanSiteOptions),
    [COMMAND.manageScan]: () => jobs.manage(),
  }) satisfies CommandTable;
