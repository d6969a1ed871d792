// The maintainer's loop: `npm run build` (tsc -b over the project references, then esbuild.js)
// from nothing, then again with nothing changed (goal ≤ 0.1× the full build), then after a comment
// is added to one core file (goal ≤ 0.25×). Run in a copy of the sources in a temporary folder
// (node_modules linked), so the benchmark never touches the out/ it runs from; the copy is removed
// at the end. Full builds are long: one round in --quick, three otherwise.
import { execFileSync } from 'node:child_process';
import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { median, type Row, type Settings } from './measure';

const ROOT = path.join(__dirname, '..', '..', '..');
/** What the build reads; built folders (out/, dist/, media/dist/) are left behind. */
const SOURCES = ['core', 'cli', 'service', 'extension', 'scripts', 'test', 'media', 'l10n', 'package.json'];
const CONFIGS = ['tsconfig.json', 'tsconfig.base.json', 'esbuild.js'];
const CHANGED_FILE = path.join('core', 'productVersion.ts');

function seconds(value: number): string {
  return `${(value / 1000).toFixed(1)} s`;
}

async function copySources(dir: string): Promise<void> {
  for (const name of [...SOURCES, ...CONFIGS]) {
    await fsp.cp(path.join(ROOT, name), path.join(dir, name), {
      recursive: true,
      filter: (from) => path.basename(from) !== 'dist' && !from.includes(`${path.sep}.data`),
    });
  }
  await fsp.symlink(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
}

/** Milliseconds of one `npm run build` in `dir` (it throws when the build fails). */
function build(dir: string): number {
  const start = process.hrtime.bigint();
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  return Number(process.hrtime.bigint() - start) / 1e6;
}

export async function buildRows(settings: Settings): Promise<Row[]> {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'webreports-bench-build-'));
  try {
    await copySources(dir);
    const changed = path.join(dir, CHANGED_FILE);
    const original = await fsp.readFile(changed, 'utf8');
    const full: number[] = [];
    const again: number[] = [];
    const oneFile: number[] = [];
    for (let round = 0; round < (settings.quick ? 1 : 3); round++) {
      for (const built of ['out', 'dist', path.join('media', 'dist')]) {
        await fsp.rm(path.join(dir, built), { recursive: true, force: true });
      }
      await fsp.writeFile(changed, original);
      full.push(build(dir));
      again.push(build(dir));
      await fsp.writeFile(changed, `${original}// changed by the benchmark (round ${round})\n`);
      oneFile.push(build(dir));
    }
    const [f, a, o] = [median(full), median(again), median(oneFile)];
    return [
      {
        name: 'build: second build with nothing changed vs the full build',
        value: `${seconds(a)} / ${seconds(f)}`,
        ratio: a / f,
        goal: 0.1,
      },
      { name: 'build: one core file changed vs the full build', value: `${seconds(o)} / ${seconds(f)}`, ratio: o / f, goal: 0.25 },
    ];
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}
