// The two ends every judging run shares (`check`, `check --local`, `merge`): the baseline read
// before it judges, and after it the report delivered — in the asked format on stdout or
// --output, each --write, the GitHub comment or issue when asked, the baseline when
// --update-baseline asks — and the run's exit code. Every one of them passes here, so here the key
// and the token are taken out of every text, whatever the mode: a page of a build folder may be
// named after the key, a shard may hold it, a service may echo it.
import { type Baseline, BaselineError, loadBaseline, serializeBaseline } from '../core/config/baseline';
import { redactReport, type GateReport } from '../core/config/gateReport';
import { writeAtomically } from '../core/files/atomicWrite';
import type { CheckOptions, MergeOptions } from './args';
import { type CliIo, emit } from './cliIo';
import { formatReportPieces, type FormatOptions } from './formats';
import { oneLine } from '../core/text/oneLine';
import { hasSecrets, secretsRedactor } from './secrets';
import { CliFailure } from './usageError';

/**
 * The baseline of --baseline. One that does not exist yet is empty (every page judged by the rules
 * alone): a new project's first run, or a CI recipe copied before the file was written, must not fail
 * for it; a note says how to write it (--update-baseline, which is what it is for). One that exists
 * but cannot be read or is broken fails the run (exit 2).
 */
export async function readBaselineFile(file: string, updating: boolean, io: Pick<CliIo, 'cwd' | 'stderr'>): Promise<Baseline | undefined> {
  try {
    const baseline = await loadBaseline(file, { cwd: io.cwd, missingOk: true });
    if (!baseline && !updating) {
      io.stderr(
        `website-reports: the baseline ${oneLine(file)} does not exist yet, so every page is judged by the rules alone;` +
          ` to start one, run the same command with --update-baseline and commit the file.\n`,
      );
    }
    return baseline;
  } catch (error) {
    if (error instanceof BaselineError) throw new CliFailure('config', `Baseline error: ${error.message}`);
    throw error;
  }
}

/** Whether a run's baseline entries are read (`Judged.current`): a baseline, its update, GitHub's changes. */
export function wantsEntries(options: Pick<CheckOptions, 'baseline' | 'updateBaseline' | 'githubComment' | 'githubIssue'>): boolean {
  return Boolean(options.baseline || options.updateBaseline || options.githubComment || options.githubIssue);
}

/** What a run judged, to deliver. */
export interface Judged {
  report: GateReport;
  formatOptions: FormatOptions;
  /** The baseline read (--baseline), for GitHub's changes. */
  baseline: Baseline | undefined;
  /** This run's entries, for --update-baseline and GitHub's changes. */
  current: Baseline;
  /** What an entry of the baseline is, in the line that says it was written: "URL(s)", "page(s)". */
  entries: string;
}

/**
 * Writes the report where the options ask and returns the exit code: 0, or 1 when a finding is an
 * error (0 once the baseline was updated: the run then records, it does not judge). GitHub is asked
 * only with `github` (check's options); its failure is said and never changes the code.
 */
export async function deliverReport(
  options: Pick<MergeOptions, 'format' | 'output' | 'writes' | 'baseline' | 'updateBaseline'>,
  io: CliIo,
  judged: Judged,
  github?: CheckOptions,
): Promise<number> {
  const { current } = judged;
  const clean = secretsRedactor(io.env, judged.formatOptions.clean);
  // Redacted once here; the formats are given the clean report and nothing more to clean. With no
  // secret set and nothing of the run's own to clean, there is nothing to look for in every text.
  const report = hasSecrets(io.env) || judged.formatOptions.clean ? redactReport(judged.report, clean) : judged.report;
  const formatOptions: FormatOptions = { ...judged.formatOptions, clean: undefined };
  await emit(options, io, formatReportPieces(report, options.format, formatOptions));
  for (const also of options.writes) await emit({ output: also.file }, io, formatReportPieces(report, also.format, formatOptions));
  if (github && (github.githubComment || github.githubIssue)) {
    // Loaded only then.
    const { publishToGitHub } = await import('./github/publish');
    await publishToGitHub(github, io, { report, formatOptions: { ...formatOptions, clean }, baseline: judged.baseline, current });
  }
  if (options.updateBaseline && options.baseline) {
    await writeAtomically(options.baseline, serializeBaseline(current, clean));
    io.stderr(`website-reports: wrote the baseline ${options.baseline} (${current.size} ${judged.entries}).\n`);
    return 0;
  }
  return report.summary.errors > 0 ? 1 : 0;
}
