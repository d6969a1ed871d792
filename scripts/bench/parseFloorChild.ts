// Child of localCheckRows.ts: the parse floor of `check --local`. Walks the build folder, reads each
// .html file with readFileSync and parses it with node-html-parser's `parse` (the analysis's parser,
// with the options htmlReading.ts gives it), in one thread; prints wall ms, CPU ms (all threads of
// the process) and the peak resident memory as JSON, as localCheckChild.ts does.
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { parse } from 'node-html-parser';
import { RAW_TEXT_ELEMENTS } from '../../core/analysis/rawText';

// As htmlReading.ts passes them (not exported there): raw-text elements kept as text, pre as written.
const OPTIONS = {
  comment: false,
  blockTextElements: {
    ...Object.fromEntries(RAW_TEXT_ELEMENTS.map((n) => [n, true])),
    script: false,
    style: false,
    noscript: false,
    pre: true,
  },
};

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
  nodes += parse(readFileSync(file, 'utf8'), OPTIONS).childNodes.length;
  pages++;
});
const cpu = process.cpuUsage(cpu0);
const ms = Number(process.hrtime.bigint() - started) / 1e6;
process.stdout.write(
  JSON.stringify({ pages, nodes, ms, cpuMs: (cpu.user + cpu.system) / 1000, peakRssBytes: process.resourceUsage().maxRSS * 1024 }),
);
