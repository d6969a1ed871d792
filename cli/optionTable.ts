// The command line's options as node:util's parseArgs reads them, and the shapes they are read
// into: the table the parser (args.ts) and the checks of --local's options (localArgs.ts) share.
import type { parseArgs, ParseArgsConfig } from 'node:util';

export interface Shard {
  /** 1-based */
  index: number;
  count: number;
}

export const OPTIONS = {
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
  config: { type: 'string' },
  'base-url': { type: 'string' },
  format: { type: 'string' },
  output: { type: 'string', short: 'o' },
  dump: { type: 'boolean' },
  'create-missing': { type: 'boolean' },
  private: { type: 'boolean' },
  'rerun-older-than': { type: 'string' },
  baseline: { type: 'string' },
  'update-baseline': { type: 'boolean' },
  include: { type: 'string', multiple: true },
  exclude: { type: 'string', multiple: true },
  sample: { type: 'string' },
  remap: { type: 'string' },
  max: { type: 'string' },
  'dry-run': { type: 'boolean' },
  yes: { type: 'boolean', short: 'y' },
  state: { type: 'string' },
  write: { type: 'string', multiple: true },
  'github-comment': { type: 'boolean' },
  'github-issue': { type: 'boolean' },
  local: { type: 'string' },
  compare: { type: 'boolean' },
  shard: { type: 'string' },
  'allow-empty': { type: 'boolean' },
  'allow-writes': { type: 'boolean' },
} as const satisfies NonNullable<ParseArgsConfig['options']>;

export type Values = ReturnType<
  typeof parseArgs<{ options: typeof OPTIONS; tokens: true; allowPositionals: true; strict: true }>
>['values'];
