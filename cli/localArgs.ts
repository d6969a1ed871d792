// The options of check --local (--compare, --shard): what goes with what.
import type { Shard, Values } from './optionTable';
import { CliFailure } from './usageError';

/** The options that only --local takes, and those it cannot take. */
export function checkLocalOptions(values: Values): void {
  if (values.local === undefined) {
    if (values.compare || values.shard !== undefined) throw new CliFailure('usage', '--compare and --shard go with --local DIR|ORIGIN.');
    return;
  }
  if (!values.local.trim()) throw new CliFailure('usage', '--local needs a build folder or a preview origin (http://…).');
  const writing = values.dump || values['create-missing'] || values['rerun-older-than'] !== undefined || values.private;
  if (writing) {
    throw new CliFailure(
      'usage',
      '--local rates pages here: it cannot be combined with --dump, --create-missing, --rerun-older-than or --private.',
    );
  }
  if (values['github-issue']) {
    throw new CliFailure('usage', '--local cannot be combined with --github-issue (the issue is of the published pages).');
  }
}

/** `I/N`: 1 ≤ I ≤ N ≤ MAX_SHARDS. */
export function parseShard(text: string): Shard {
  const m = /^(\d{1,4})\/(\d{1,4})$/.exec(text.trim());
  const index = m ? Number(m[1]) : NaN;
  const count = m ? Number(m[2]) : NaN;
  if (!(index >= 1 && count >= index && count <= MAX_SHARDS)) {
    throw new CliFailure('usage', `--shard: "${text}" is not I/N with 1 ≤ I ≤ N ≤ ${MAX_SHARDS} (e.g. 2/4).`);
  }
  return { index, count };
}

/** Shards a site may be split into. */
export const MAX_SHARDS = 256;
