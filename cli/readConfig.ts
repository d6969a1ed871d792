// The config of a run: the file named by --config, else the nearest website-reports.json, else the
// defaults; a bad config is the command line's `config` failure.
import { ConfigError, defaultConfig, findConfig, type GateConfig, loadConfig } from '../core/config/configFile';
import { CliFailure } from './usageError';

/** The config named by --config, else the nearest website-reports.json, else the defaults. */
export async function readConfig(configFile: string | undefined, cwd: string): Promise<GateConfig> {
  try {
    const file = configFile ?? (await findConfig(cwd));
    return file ? await loadConfig(file, cwd) : defaultConfig();
  } catch (error) {
    if (error instanceof ConfigError) throw new CliFailure('config', `Config error: ${error.message}`);
    throw error;
  }
}
