// `website-reports merge <json…>`: the JSON outputs of `check --local --shard I/N` joined into one
// report and judged once, on the whole (the config's rules, --baseline, the exit code), in any
// format. The inputs are files a CI job downloaded: each is read within a budget and checked —
// valid JSON, the same version of the command line, every shard once, no page twice — and what
// is taken of it is only the pages' analyses (LocalPage), checked field by field.
import * as path from 'node:path';
import type { Baseline } from '../../core/config/baseline';
import { summarize, type LocalPage, type PageComparison, type UrlResult } from '../../core/config/gateReport';
import { RuleSet } from '../../core/config/rules';
import { readConfined, ReadProblem } from '../../core/files/confinedRead';
import { textNestsDeeperThan } from '../../core/client/jsonDepth';
import type { SkipNote } from '../../core/urls/fileWalk';
import type { MergeOptions } from '../args';
import { MAX_SHARDS } from '../localArgs';
import type { CliIo } from '../cliIo';
import { readConfig } from '../readConfig';
import { deliverReport, readBaselineFile } from '../delivery';
import { oneLine } from '../../core/text/oneLine';
import { CliFailure } from '../usageError';
import { outputsOf, refuseMissingFolders } from '../outputFolders';
import { requireSomething } from '../emptyRun';
import { judgePage } from './judgePage';
import { checkedComparison, checkedLocal, checkedNotes } from './mergeInput';

/** Bytes of one shard's JSON read; a larger one is refused. */
export const MAX_MERGE_INPUT_BYTES = 256 * 1024 * 1024;
/** Levels of nesting of a shard's output (check --local's JSON has under ten). */
export const MAX_MERGE_INPUT_DEPTH = 64;
/** Input files of one merge. */
export const MAX_MERGE_INPUTS = 256;

interface Shard {
  file: string;
  shard?: { index: number; count: number };
  pages: { url: string; local: LocalPage; compare?: PageComparison }[];
  notes: SkipNote[];
}

export async function runMerge(options: MergeOptions, io: CliIo): Promise<number> {
  if (options.files.length > MAX_MERGE_INPUTS) throw failure(`merge takes at most ${MAX_MERGE_INPUTS} files.`);
  const config = await readConfig(options.config, io.cwd);
  await refuseMissingFolders(outputsOf(options), io.cwd);
  const rules = new RuleSet(config);
  const baseline = options.baseline ? await readBaselineFile(options.baseline, options.updateBaseline, io) : undefined;
  const shards: Shard[] = [];
  for (const file of options.files) shards.push(await readShard(file, io));
  checkShards(shards);
  const seen = new Map<string, string>();
  const notes = new Map<string, SkipNote>();
  const results: UrlResult[] = [];
  const current: Baseline = new Map();
  const now = (io.now ?? Date.now)();
  const pages = shards.flatMap((s) => s.pages.map((p) => ({ ...p, file: s.file })));
  // The shards of one split hold the site's pages between them: none at all is a site where nothing
  // was checked, which fails here as `check --local` fails on it (each shard allowed it to go on).
  requireSomething(
    pages.length,
    options.allowEmpty,
    'the shards hold no page (each was written from a build folder or preview that gave none)',
    shards.flatMap((s) => s.notes),
  );
  pages.sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
  for (const page of pages) {
    const earlier = seen.get(page.url);
    if (earlier !== undefined) {
      throw failure(`merge: the page ${page.url} is in both ${earlier} and ${page.file}; each page must be in one shard.`);
    }
    seen.set(page.url, page.file);
    const judged = judgePage(rules, page.url, page.local, baseline, now);
    if (!judged) continue;
    if (page.compare) {
      judged.result.compare = page.compare;
      if (page.compare.reportId !== undefined) judged.result.reportId = page.compare.reportId;
      judged.result.findings.push({ level: 'note', rule: 'compare', message: page.compare.words });
    }
    results.push(judged.result);
    current.set(page.url, judged.entry);
  }
  // Every shard walked the same folder: the files it skipped are said once.
  for (const s of shards) for (const n of s.notes) notes.set(`${n.reason}\u0000${n.file}\u0000${n.message}`, n);
  const report = summarize(results, { created: 0, rerun: 0, notChecked: [], skippedFiles: [...notes.values()] });
  const formatOptions = { version: io.version, reportLink: config.reportLink };
  return deliverReport(options, io, { report, formatOptions, baseline, current, entries: 'page(s)' });
}

async function readShard(file: string, io: CliIo): Promise<Shard> {
  const name = path.relative(io.cwd, path.resolve(io.cwd, file)) || file;
  let text: string;
  try {
    text = await readConfined(file, { maxBytes: MAX_MERGE_INPUT_BYTES, cwd: io.cwd });
  } catch (error) {
    if (error instanceof ReadProblem) throw failure(`merge: ${name}: ${error.message}`);
    throw error;
  }
  // A shard's output nests a few levels; a deeper one is refused before it is parsed.
  if (textNestsDeeperThan(text, MAX_MERGE_INPUT_DEPTH)) {
    throw failure(
      `merge: ${name} nests deeper than ${MAX_MERGE_INPUT_DEPTH} levels: it is not the JSON output of website-reports check --local.`,
    );
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw failure(`merge: ${name} is not valid JSON (${(error as Error).message}).`);
  }
  const bad = (why: string) => failure(`merge: ${name} ${why}`);
  if (typeof raw !== 'object' || raw === null || !Array.isArray((raw as { urls?: unknown }).urls)) {
    throw bad('is not the JSON output of website-reports check --local (--format json).');
  }
  const { version, urls, summary } = raw as { version?: unknown; urls: unknown[]; summary?: unknown };
  if (version !== io.version) {
    throw bad(
      `was written by website-reports ${typeof version === 'string' ? version.slice(0, 40) : '(no version)'}, not ${io.version}: run every shard and the merge with the same version.`,
    );
  }
  const s = (summary ?? {}) as { shard?: unknown; skippedFiles?: unknown };
  const shard = s.shard === undefined ? undefined : checkedShard(s.shard);
  if (s.shard !== undefined && !shard) {
    throw bad(`has a "summary.shard" that is not {index, count} with 1 ≤ index ≤ count ≤ ${MAX_SHARDS} (--shard's own limit).`);
  }
  const pages = urls.map((entry, i) => {
    const e = entry as { url?: unknown; local?: unknown; compare?: unknown } | null;
    const local = e && typeof e.url === 'string' ? checkedLocal(e.local) : undefined;
    if (!e || typeof e.url !== 'string' || !local) throw bad(`has an entry (${i + 1}) that is not a page of check --local.`);
    const compare = e.compare === undefined ? undefined : checkedComparison(e.compare);
    return { url: e.url, local, ...(compare ? { compare } : {}) };
  });
  return { file: name, ...(shard ? { shard } : {}), pages, notes: checkedNotes(s.skippedFiles) };
}

function checkedShard(value: unknown): { index: number; count: number } | undefined {
  const v = value as { index?: unknown; count?: unknown } | null;
  // Bounded as --shard is: the count says how many shards to look for (a list that long is made).
  const ok =
    v &&
    Number.isInteger(v.index) &&
    Number.isInteger(v.count) &&
    (v.index as number) >= 1 &&
    (v.index as number) <= (v.count as number) &&
    (v.count as number) <= MAX_SHARDS;
  return ok ? { index: v.index as number, count: v.count as number } : undefined;
}

/** Shards of one split, each once, none missing (a whole site is judged, or nothing). */
function checkShards(shards: Shard[]): void {
  const split = shards.filter((s) => s.shard);
  if (!split.length) return;
  if (split.length !== shards.length) throw failure('merge: some inputs are shards (--shard) and some are not.');
  const count = split[0].shard!.count;
  const byIndex = new Map<number, string>();
  for (const s of split) {
    if (s.shard!.count !== count) {
      throw failure(`merge: ${s.file} is a shard of ${s.shard!.count}, ${split[0].file} of ${count}.`);
    }
    const other = byIndex.get(s.shard!.index);
    if (other !== undefined) throw failure(`merge: ${other} and ${s.file} are both shard ${s.shard!.index}/${count}.`);
    byIndex.set(s.shard!.index, s.file);
  }
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((i) => !byIndex.has(i));
  if (missing.length) {
    throw failure(`merge: shard(s) ${missing.map((i) => `${i}/${count}`).join(', ')} missing: the site is judged whole, or not at all.`);
  }
}

/** A refusal on one line: file names, URLs, versions and JSON.parse's quote of a shard are the shard's own text. */
function failure(text: string): CliFailure {
  return new CliFailure('usage', oneLine(text));
}
