// Child of localCheckRows.ts: the parse floor of `check --local`. Walks the build folder, reads each
// .html file with readFileSync and parses it with node-html-parser's `parse` (the analysis's parser,
// with the options htmlReading.ts gives it: PARSE_OPTIONS), in one thread; prints wall ms, CPU ms (all threads of
// the process) and the peak resident memory as JSON, as localCheckChild.ts does.
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { parse } from 'node-html-parser';
import { PARSE_OPTIONS } from '../../core/analysis/htmlReading';

function walk(dir: string, visit: (file: string) => void): void {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p, visit);
    else if (e.isFile() && /\.html?$/i.test(e.name)) visit(p);
  }
}

const started = process.hrtime.bigint();
const cpu0 = process.cpuUsage();
let pages = 0;
let nodes = 0;
walk(path.resolve(process.argv[2]), (file) => {
  nodes += parse(readFileSync(file, 'utf8'), PARSE_OPTIONS).childNodes.length;
  pages++;
});
const cpu = process.cpuUsage(cpu0);
const ms = Number(process.hrtime.bigint() - started) / 1e6;
process.stdout.write(
  JSON.stringify({ pages, nodes, ms, cpuMs: (cpu.user + cpu.system) / 1000, peakRssBytes: process.resourceUsage().maxRSS * 1024 }),
);
