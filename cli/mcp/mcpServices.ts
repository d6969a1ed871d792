// The agent tools' services for the MCP server: the service and key found as `check` finds them
// (--base-url, WEBREPORTS_BASE_URL, the config's baseUrl; WEBREPORTS_API_KEY), chosen when a tool
// first needs them, so a server without a service still checks pages and explains checks; the one
// client (its pacer), lookup and report actions; the history of runs on this machine; the analysis
// pool; files confined to the project; previews through the bounded preview reader.
import * as os from 'node:os';
import * as path from 'node:path';
import type { AgentServices, PageText } from '../../core/agent/agentServices';
import { AnalysisPool } from '../../core/analysis/analysisPool';
import type { ReportsClient } from '../../core/client/client';
import { ApiError } from '../../core/client/errors';
import type { GateConfig } from '../../core/config/configFile';
import { isWithin, readConfined } from '../../core/files/confinedRead';
import { isHtmlPath } from '../../core/files/htmlFiles';
import { nodeFiles } from '../../core/files/nodeFiles';
import { HistoryStore } from '../../core/history/historyStore';
import { RunHistory } from '../../core/history/runHistory';
import { ReportActions } from '../../core/reports/reportActions';
import { UrlLookup } from '../../core/reports/urlLookup';
import { fetchPreviewPage, MAX_PREVIEW_PAGE_BYTES } from '../../core/sources/previewFetch';
import type { McpOptions } from './mcpOptions';
import type { CliIo } from '../cliIo';
import { secretsRedactor } from '../secrets';
import { chooseService, openClient, serviceOriginOf } from '../service';
import { CliFailure } from '../usageError';
import { checkUrlsReadOnly } from './checkUrls';

/** Where the runs are kept when WEBREPORTS_HISTORY_DIR does not say: the user's state folder. */
export function defaultHistoryDir(env: NodeJS.ProcessEnv): string {
  if (process.platform === 'win32') {
    return path.join(env.LOCALAPPDATA ?? path.join(os.homedir(), 'AppData', 'Local'), 'website-reports', 'history');
  }
  if (process.platform === 'darwin') return path.join(os.homedir(), 'Library', 'Application Support', 'website-reports', 'history');
  return path.join(env.XDG_STATE_HOME || path.join(os.homedir(), '.local', 'state'), 'website-reports', 'history');
}

export interface McpServices {
  services: AgentServices;
  close(): Promise<void>;
}

export function mcpServices(options: McpOptions, io: CliIo, config: GateConfig): McpServices {
  const log = (message: string) => io.stderr(`website-reports mcp: ${message}\n`);
  const historyDir = io.env.WEBREPORTS_HISTORY_DIR?.trim() || defaultHistoryDir(io.env);
  const history = new RunHistory(
    () => new HistoryStore({ dir: historyDir, files: nodeFiles, log: (_level, message) => log(message) }),
    (_level, message) => log(message),
  );
  let client: ReportsClient | undefined;
  const clientOf = (): ReportsClient => {
    if (client) return client;
    try {
      const service = chooseService(options.baseUrl, io.env, config);
      // Every report read is a run of its page: the history report_changes compares.
      client = openClient(service, io.env, io.version, (origin, records) => void history.record(origin, records));
    } catch (error) {
      if (error instanceof CliFailure) throw new ApiError('not-configured', error.message);
      throw error;
    }
    return client;
  };
  const lookup = new UrlLookup({ source: () => clientOf() });
  const actions = new ReportActions(() => clientOf());
  let pool: AnalysisPool | undefined;
  const services: AgentServices = {
    client: clientOf,
    lookup,
    actions,
    history,
    historyPlace: historyDir,
    ...(config.reportLink ? { reportLink: config.reportLink } : {}),
    clean: secretsRedactor(io.env),
    analyse: (html, url) => {
      pool ??= new AnalysisPool({ owner: 'the MCP server' });
      return pool.analyseHtml(html, url === undefined ? {} : { url });
    },
    readFile: (file) => readProjectPage(file, io.cwd),
    readPreview: (url) =>
      fetchPreviewPage(url, {
        proxy: { env: io.env },
        serviceOrigin: serviceOrigin(options, io, config),
        userAgent: `website-reports-mcp/${io.version}`,
      }),
    checkUrls: (paths) => checkUrlsReadOnly(paths, io, config, clientOf, lookup),
    now: () => (io.now ?? Date.now)(),
  };
  return {
    services,
    close: async () => {
      lookup.dispose();
      await pool?.close();
      await client?.dispose();
    },
  };
}

/** The service's origin, never read as a preview; none when no service is configured. */
function serviceOrigin(options: McpOptions, io: CliIo, config: GateConfig): string | undefined {
  try {
    return serviceOriginOf(options.baseUrl, io.env, config);
  } catch {
    return undefined;
  }
}

/** An .html file of the project (the working directory), confined to it and bounded. */
async function readProjectPage(file: string, cwd: string): Promise<PageText> {
  const full = path.resolve(cwd, file);
  if (!isWithin(path.resolve(cwd), full)) throw new Error('It is outside the project (the working directory of the server).');
  if (!isHtmlPath(full)) throw new Error('It is not an .html or .htm file.');
  const html = await readConfined(full, { maxBytes: MAX_PREVIEW_PAGE_BYTES, cwd });
  return { html, name: JSON.stringify(path.relative(cwd, full).split(path.sep).join('/')) };
}
