// The options of `website-reports mcp`: the agent face, a Model Context Protocol server over stdio.
import type { Values } from '../optionTable';
import { CliFailure } from '../usageError';

export interface McpOptions {
  config?: string;
  baseUrl?: string;
  /** `--allow-writes`: offer create_report and rerun_report (else they are not listed). */
  allowWrites: boolean;
}

/** `mcp`'s options from the parsed arguments; it takes no paths. */
export function mcpOptions(values: Pick<Values, 'config' | 'base-url' | 'allow-writes'>, paths: readonly string[]): McpOptions {
  if (paths.length) throw new CliFailure('usage', `mcp takes no paths ("${paths[0]}"); it serves over stdin and stdout.`);
  return { config: values.config, baseUrl: values['base-url'], allowWrites: Boolean(values['allow-writes']) };
}
