// What a mistyped command line is told, in the command's words rather than Node's parser's: an
// unknown option with the nearest option of the command ("unknown option --fromat; did you mean
// --format?"), an option without its value, a value given to an option that takes none.
import { oneLine } from '../core/text/oneLine';
import { CliFailure } from './usageError';

export const HELP_HINT = 'Run "website-reports --help" for the options.';

/** The usage failure for an error of util.parseArgs; `options` are the names the command takes (without --). */
export function parseFailure(error: unknown, options: readonly string[]): CliFailure {
  const code = (error as { code?: unknown } | null)?.code;
  const text = error instanceof Error ? error.message : String(error);
  const named = /'(-{1,2}[^' <]+)/.exec(text)?.[1];
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && named) {
    const near = nearest(named.replace(/^-+/, ''), options);
    const guess = near ? `; did you mean --${near}?` : '.';
    return new CliFailure('usage', `unknown option ${oneLine(named)}${guess}\n${HELP_HINT}`);
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && named) {
    if (/argument missing/.test(text)) {
      return new CliFailure('usage', `${named} needs a value, e.g. ${named} ${example(named)}.\n${HELP_HINT}`);
    }
    if (/does not take an argument/.test(text)) return new CliFailure('usage', `${named} takes no value.\n${HELP_HINT}`);
  }
  return new CliFailure('usage', `${oneLine(text)}\n${HELP_HINT}`);
}

/** The option whose name is nearest to `typed` (a typo: a letter missing, extra, wrong or two swapped), or a unique one it starts. */
export function nearest(typed: string, options: readonly string[]): string | undefined {
  const word = typed.toLowerCase().replace(/_/g, '-');
  if (!word) return undefined;
  // Long option names are short: a typed word past this is no typo of one (and is not compared).
  if (word.length > 40) return undefined;
  const allowed = word.length <= 4 ? 1 : 2;
  let best: string | undefined;
  let bestDistance = allowed + 1;
  for (const option of options) {
    const d = distance(word, option);
    if (d < bestDistance) [best, bestDistance] = [option, d];
  }
  if (best) return best;
  const started = options.filter((o) => o.startsWith(word));
  return started.length === 1 ? started[0] : undefined;
}

/** Edits from a to b: insert, delete, replace, or swap two neighbours (optimal string alignment). */
function distance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      rows[i][j] = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) rows[i][j] = Math.min(rows[i][j], rows[i - 2][j - 2] + 1);
    }
  }
  return rows[a.length][b.length];
}

const EXAMPLES: Record<string, string> = {
  '--format': 'json',
  '--output': 'report.txt',
  '--write': 'sarif=report.sarif',
  '--config': 'website-reports.json',
  '--base-url': 'https://reports.example.com',
  '--baseline': '.website-reports-baseline.json',
  '--rerun-older-than': '7d',
  '--local': '_site',
  '--shard': '2/4',
  '--include': "'/blog/**'",
  '--exclude': "'/tag/**'",
  '--sample': '5',
  '--max': '200',
  '--remap': 'https://www.example.com=https://staging.example.com',
  '--state': 'site.scan',
  '-o': 'report.txt',
};

function example(option: string): string {
  return EXAMPLES[option] ?? 'VALUE';
}
