// URLs in Workspace: every URL written in the workspace's files, rated, in a view of its own;
// filtering it, and "Report All Unrated" (on the site scans' persistent job).
import * as path from 'node:path';
import * as vscode from 'vscode';
import { defaultConfig } from '../../core/config/configFile';
import { coveredFiles } from '../../core/config/coveredFiles';
import { DEFAULT_MAX_AGE_DAYS } from '../../core/list/workspaceGroups';
import type { DocumentUrlsService } from '../documentUrls/documentUrlsService';
import type { ReportUrlsOptions } from '../documentUrls/reportUrlsInFile';
import { COMMAND } from '../ids';
import type { SiteJobs } from '../siteScans/siteJobs';
import type { CommandContext } from '../shared/context';
import type { GateConfigs } from '../shared/gateConfig';
import type { CommandTable, Feature } from '../shared/register';
import { reportUnrated } from './reportUnrated';
import { type FileScope, WorkspaceScanner } from './workspaceScanner';
import { WorkspaceUrlsView } from './workspaceUrlsView';

export function workspaceUrlsFeature(ctx: CommandContext, service: DocumentUrlsService, configs: GateConfigs, jobs: SiteJobs) {
  // Made now, built when the view is first shown or the command first runs.
  const rootConfig = () => configs.forWorkspace().catch(() => undefined);
  const workspace = new WorkspaceUrlsView(
    new WorkspaceScanner(ctx.log, fileScope(configs)),
    service,
    async () => (await rootConfig())?.config.maxAgeDays ?? DEFAULT_MAX_AGE_DAYS,
  );
  const disposables = [
    workspace,
    workspace.scanner,
    configs.onDidChange(() => {
      workspace.rateEverything();
      void workspace.scanner.rebuild();
    }),
  ];
  const commands = {
    [COMMAND.workspaceUrls]: () => workspace.results(),
    [COMMAND.filterWorkspaceUrls]: async (text) => {
      const filter =
        typeof text === 'string'
          ? text
          : await vscode.window.showInputBox({
              title: vscode.l10n.t('Website Reports: Filter the URLs in the workspace'),
              prompt: vscode.l10n.t('Only URLs that contain this text are shown; leave it empty to show all.'),
              value: workspace.currentFilter,
            });
      if (filter !== undefined) workspace.setFilter(filter);
    },
    [COMMAND.reportAllUnrated]: async (options) => {
      await workspace.results();
      const { urls, unchecked } = workspace.unrated();
      return reportUnrated(ctx, jobs, urls, (options ?? {}) as ReportUrlsOptions, unchecked);
    },
  } satisfies CommandTable;
  return { commands, disposables } satisfies Feature;
}

/** Without a config, what `check` does without one: the default include and exclude, no ignoreUrls. */
const coveredByDefault = coveredFiles(defaultConfig()).covers;

/** A file's config (the nearest, as for its Problems and as `check` run in that folder finds it) decides whether it counts and which of its URLs. */
function fileScope(configs: GateConfigs): FileScope {
  return async (uri) => {
    const loaded = await configs.forDocument(uri).catch(() => undefined);
    if (!loaded) {
      const folder = vscode.workspace.getWorkspaceFolder(uri);
      const relative = folder ? path.posix.relative(folder.uri.path, uri.path) : uri.path;
      return coveredByDefault(relative) ? { keepUrl: () => true } : undefined;
    }
    if (!loaded.covers(path.posix.relative(loaded.dir.path, uri.path))) return undefined;
    return { keepUrl: (url) => !loaded.rules.isIgnored(url) };
  };
}
