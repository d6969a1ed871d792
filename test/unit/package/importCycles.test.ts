// No circles among the sources: the real import lines of core/, cli/, service/ and extension/,
// read as a graph of files, hold no cycle, and core/text/ (the words every folder uses) is a leaf.
// Type-only imports count: a circle of types is still two files that cannot be read, moved or
// split one without the other, and the circles this test was written against were mostly types.
// Dynamic `import()` counts too: a lazily loaded verb that imports its caller back is a circle.
// (eslint-plugin-import's no-cycle would say the same, but it is not a dependency; this is.)
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

const ROOT = path.join(__dirname, '..', '..', '..', '..');
const FOLDERS = ['core', 'cli', 'service', 'extension'];

/** `import … from '…'`, `export … from '…'`, `import '…'` at a line's start, and `import('…')`. */
const IMPORT = /(?:^[ \t]*(?:import|export)\s+(?:[^'";]*?\sfrom\s+)?|\bimport\(\s*)['"](\.{1,2}\/[^'"]+)['"]/gm;

/** The relative specifiers a source imports. */
function importsOf(source: string): string[] {
  return [...source.matchAll(IMPORT)].map((m) => m[1]);
}

function sourceFiles(dir: string, into: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(full, into);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) into.push(full);
  }
  return into;
}

function resolve(from: string, spec: string): string | undefined {
  const base = path.resolve(path.dirname(from), spec);
  return [`${base}.ts`, path.join(base, 'index.ts')].find((f) => fs.existsSync(f));
}

/** file (relative to the root, with /) → the files it imports. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const name = (f: string) => path.relative(ROOT, f).split(path.sep).join('/');
  for (const file of FOLDERS.flatMap((f) => sourceFiles(path.join(ROOT, f)))) {
    const targets = importsOf(fs.readFileSync(file, 'utf8'))
      .map((spec) => resolve(file, spec))
      .filter((t): t is string => t !== undefined);
    graph.set(name(file), [...new Set(targets.map(name))]);
  }
  return graph;
}

/** Every cycle's files (Tarjan's strongly connected components of more than one file, or a self-import). */
function cyclesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  // Iterative, so a long chain of imports cannot overflow the stack.
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: Array<{ node: string; edge: number }> = [{ node: start, edge: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const top = work[work.length - 1];
      const edges = graph.get(top.node) ?? [];
      if (top.edge < edges.length) {
        const to = edges[top.edge++];
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, edge: 0 });
        } else if (onStack.has(to)) low.set(top.node, Math.min(low.get(top.node)!, index.get(to)!));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent)!, low.get(top.node)!));
      }
      if (low.get(top.node) !== index.get(top.node)) continue;
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== top.node);
      if (component.length > 1 || edges.includes(top.node)) cycles.push(component.sort());
    }
  }
  return cycles;
}

function listed(cycles: string[][], graph: ReadonlyMap<string, readonly string[]>): string {
  return cycles
    .map((c) => c.map((f) => `  ${f} → ${(graph.get(f) ?? []).filter((t) => c.includes(t)).join(', ')}`).join('\n'))
    .join('\n\n');
}

describe('import cycles: none among the sources', () => {
  const graph = importGraph();

  it('reads the real sources (hundreds of files and their imports)', () => {
    assert.ok(graph.size > 300, `only ${graph.size} files read`);
    assert.ok(graph.get('cli/check.ts')?.includes('cli/cliIo.ts'));
    assert.ok(graph.get('cli/check.ts')?.includes('cli/judge.ts'), 'a dynamic import() is read');
    assert.ok(graph.get('core/analysis/htmlReading.ts')?.includes('core/analysis/pageFacts.ts'), 'a type import is read');
  });

  it('has no cycle of files', () => {
    const cycles = cyclesOf(graph);
    assert.equal(cycles.length, 0, `import cycles:\n${listed(cycles, graph)}`);
  });

  it('keeps core/text/ a leaf: it imports only itself and the types of core/client/types.ts', () => {
    const outside = [...graph]
      .filter(([file]) => file.startsWith('core/text/'))
      .flatMap(([file, targets]) =>
        targets.filter((t) => !t.startsWith('core/text/') && t !== 'core/client/types.ts').map((t) => `${file} → ${t}`),
      );
    assert.deepEqual(outside, []);
    assert.deepEqual(graph.get('core/client/types.ts'), [], 'core/client/types.ts is itself a leaf');
  });

  it('finds the circles it is for: a type-only, a dynamic and a long one, and a self-import', () => {
    const lines = [
      "import type { CliIo } from './check';",
      "import {\n  type A,\n  b,\n} from '../a/b';",
      "export { c } from './c';",
      "  const { judge } = await import('./judge');",
      "import './side';",
      "import * as path from 'node:path';",
      "// import { x } from './comment';",
    ].join('\n');
    assert.deepEqual(importsOf(lines), ['./check', '../a/b', './c', './judge', './side']);
    const toy = new Map<string, string[]>([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['e']],
      ['f', ['d']],
    ]);
    assert.deepEqual(cyclesOf(toy), [['a', 'b', 'c'], ['e']]);
    const chain = new Map(Array.from({ length: 20_000 }, (_, i) => [`f${i}`, [`f${(i + 1) % 20_000}`]] as [string, string[]]));
    assert.equal(cyclesOf(chain)[0].length, 20_000);
  });
});
