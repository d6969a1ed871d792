// Whole sites from their sitemaps: the scan command and the persistent job that creates the new
// reports under the rate limit (which the workspace's "Report All Unrated" shares).
import * as vscode from 'vscode';
import type { UrlLookup } from '../../core/reports/urlLookup';
import type { CommandContext } from '../shared/context';
import type { Feature } from '../shared/register';
import { siteCommands } from './scanSite';
import { SiteJobs } from './siteJobs';

/** How long after activation an unfinished site scan is offered again. */
const RESUME_OFFER_DELAY_MS = 10_000;

export function siteScansFeature(
  ctx: CommandContext,
  globalStorage: vscode.Uri,
  lookup: UrlLookup,
  /** A report was created or found by a job (the lookups and the tree hear of it). */
  onReport: () => void,
) {
  const jobs = new SiteJobs(ctx, globalStorage, onReport);
  // A scan that did not finish is offered again, once the window has settled (not during activation).
  const resumeLater = setTimeout(() => void jobs.offerResume(), RESUME_OFFER_DELAY_MS);
  return {
    commands: siteCommands(ctx, jobs, lookup),
    disposables: [jobs, { dispose: () => clearTimeout(resumeLater) }],
    jobs,
  } satisfies Feature;
}
