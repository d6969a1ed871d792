// Child of localCheckRows.ts: the parse floor of `check --local`. Walks the build folder, reads each
// .html file with readFileSync and parses it with node-html-parser's `parse` (the analysis's parser,
// with the options htmlReading.ts gives it: PARSE_OPTIONS), in one thread; prints wall ms, CPU ms (all threads of
// the process) and the peak resident memory as JSON, as localCheckChild.ts does. With `--analyse`,
// the same loop analyses each page instead, as a worker of `check --local` does (its tree, its
// checks, its summary), in one thread: the analysis alone, without workers or the command around it.
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { parse } from 'node-html-parser';
import { PARSE_OPTIONS } from '../../core/analysis/htmlReading';
import { analyseHtml } from '../../core/analysis/localAnalysis';
import { pageSummary } from '../../core/analysis/pageSummary';

function walk(dir: string, visit: (file: string) => void): void {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p, visit);
    else if (e.isFile() && /\.html?$/i.test(e.name)) visit(p);
  }
}

const analyse = process.argv[3] === '--analyse';
const started = process.hrtime.bigint();
const cpu0 = process.cpuUsage();
let pages = 0;
let nodes = 0;
walk(path.resolve(process.argv[2]), (file) => {
  const html = readFileSync(file, 'utf8');
  if (analyse) nodes += pageSummary(analyseHtml(html), html).judged;
  else nodes += parse(html, PARSE_OPTIONS).childNodes.length;
  pages++;
});
const cpu = process.cpuUsage(cpu0);
const ms = Number(process.hrtime.bigint() - started) / 1e6;
process.stdout.write(
  JSON.stringify({ pages, nodes, ms, cpuMs: (cpu.user + cpu.system) / 1000, peakRssBytes: process.resourceUsage().maxRSS * 1024 }),
);
