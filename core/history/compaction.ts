// What a history file keeps when it is rewritten: the last runs of each URL, then the file's
// newest within COMPACT_TO of its caps, each run after the line of its check names. Pure: the
// store reads the file's lines (core/files/journal.ts) and writes the result (through a temporary
// file renamed over it).
import { COMPACT_TO, type HistoryLimits } from './historyLimits';
import { isNamesLine, keyOfLine, namesLine, parseNamesLine } from './lineFormat';

/** The lines a compaction writes, from the whole lines of the file. */
export function compactedLines(lines: readonly string[], limits: HistoryLimits): string[] {
  const names = new Map<string, string[]>();
  const runs: { key: string; line: string }[] = [];
  for (const line of lines) {
    const key = keyOfLine(line);
    if (key !== undefined) runs.push({ key, line });
    else if (isNamesLine(line)) {
      const list = parseNamesLine(line);
      if (list) names.set(list.id, list.names);
    }
  }
  // The last maxRunsPerUrl runs of each URL, then the newest of the file within its caps.
  const perKey = new Map<string, number>();
  const keep: boolean[] = new Array<boolean>(runs.length).fill(false);
  for (let i = runs.length - 1; i >= 0; i--) {
    const seen = perKey.get(runs[i].key) ?? 0;
    perKey.set(runs[i].key, seen + 1);
    keep[i] = seen < limits.maxRunsPerUrl;
  }
  const maxRuns = Math.floor(limits.maxShardRuns * COMPACT_TO);
  const maxBytes = Math.floor(limits.maxShardBytes * COMPACT_TO);
  let count = 0;
  let bytes = 0;
  for (let i = runs.length - 1; i >= 0; i--) {
    if (!keep[i]) continue;
    const size = Buffer.byteLength(runs[i].line) + 1;
    if (count + 1 > maxRuns || bytes + size > maxBytes) keep[i] = false;
    else {
      count++;
      bytes += size;
    }
  }
  const written = new Set<string>();
  const out: string[] = [];
  for (let i = 0; i < runs.length; i++) {
    if (!keep[i]) continue;
    const id = /"n":"([^"]*)","c":"[^"]*"\}$/.exec(runs[i].line)?.[1];
    const list = id === undefined ? undefined : names.get(id);
    if (id === undefined || list === undefined) continue; // a run whose check names are lost cannot be read
    if (!written.has(id)) {
      written.add(id);
      out.push(namesLine(list));
    }
    out.push(runs[i].line);
  }
  return out;
}
