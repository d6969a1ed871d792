// The "URLs in Workspace" index (core/urls/workspaceIndex.ts) on a generated workspace of 10,000
// files with 50,000 URL occurrences written to a temporary folder: reading and indexing every file
// (goal ≤ 10 s) with the growth of the heap and resident memory (goal ≤ 150 MB), then an edit of a
// 1,000-line file: the file indexed again, its URLs rated again and the groups it touched listed
// again, as the view does (goal ≤ 20 ms). Plain
// Node runs the same index the extension host runs; what this leaves out is VS Code's own file
// listing (findFiles) and its file-system API around each read.
import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { WorkspaceRatings } from '../../core/list/workspaceGroups';
import { WorkspaceUrlIndex } from '../../core/urls/workspaceIndex';
import { median, ms, type Row, type Settings } from './measure';

const URLS_PER_FILE = 5;

function fileText(f: number): string {
  const lines = [`---`, `title: Page ${f}`, `---`, '', `# Page ${f}`, ''];
  for (let u = 0; u < URLS_PER_FILE; u++) {
    lines.push(`Read [more](https://site-${(f + u) % 200}.example.com/docs/page-${(f * 7 + u) % 20_000}) and keep going.`, '');
  }
  return lines.join('\n');
}

function editedText(lines: number, round: number): string {
  const out: string[] = [];
  for (let i = 0; i < lines; i++) {
    out.push(i % 10 === 0 ? `See https://edit.example.com/${i}-${round % 3} for line ${i}.` : `Plain line ${i} of text.`);
  }
  return out.join('\n');
}

export async function workspaceRows(settings: Settings): Promise<Row[]> {
  const files = settings.quick ? 1000 : 10_000;
  const root = await fsp.mkdtemp(path.join(os.tmpdir(), 'bench-workspace-'));
  try {
    const names: string[] = [];
    for (let f = 0; f < files; f++) {
      const dir = path.join(root, `d${f % 100}`);
      if (f < 100) await fsp.mkdir(dir);
      const name = path.join(dir, `page-${f}.md`);
      await fsp.writeFile(name, fileText(f));
      names.push(name);
    }
    global.gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    const rssBefore = process.memoryUsage().rss;
    const index = new WorkspaceUrlIndex();
    const start = process.hrtime.bigint();
    const queue = [...names];
    // As the scanner does: 16 reads at once.
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        for (let name = queue.shift(); name; name = queue.shift()) index.setBytes(name, await fsp.readFile(name));
      }),
    );
    const indexed = Number(process.hrtime.bigint() - start) / 1e6;
    const occurrences = index.urls().reduce((n, u) => n + u.occurrences.length, 0);
    if (occurrences !== files * URLS_PER_FILE) throw new Error(`workspace bench: ${occurrences} occurrences indexed`);
    const heapGrowth = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;
    const rssGrowth = (process.memoryUsage().rss - rssBefore) / 1024 / 1024;

    // The view's ratings, built once as after the scan; then each edit updates only its URLs.
    const ratings = new WorkspaceRatings();
    ratings.update(
      index.takeChanged(),
      (key) => index.url(key),
      () => undefined,
    );
    const edits: number[] = [];
    const edited = path.join(root, 'edited.md');
    for (let round = 0; round < settings.rounds * 5; round++) {
      const text = editedText(1000, round);
      const t0 = process.hrtime.bigint();
      index.setText(edited, text);
      const touched = ratings.update(
        index.takeChanged(),
        (key) => index.url(key),
        () => undefined,
      );
      for (const rating of touched) ratings.children(rating);
      edits.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
    const edit = median(edits);
    const memory = Math.max(heapGrowth, rssGrowth);
    return [
      {
        name: `workspace URLs: index ${files} files (${occurrences} occurrences), read and indexed, vs 10 s`,
        value: ms(indexed),
        ratio: indexed / 10_000,
        goal: 1,
      },
      {
        name: `workspace URLs: memory for that index (heap +${heapGrowth.toFixed(0)} MB, resident +${rssGrowth.toFixed(0)} MB) vs 150 MB`,
        value: `${memory.toFixed(0)} MB`,
        ratio: memory / 150,
        goal: 1,
      },
      {
        name: `workspace URLs: an edit of a 1,000-line file among ${index.urlCount} URLs, indexed, rated and its groups listed, vs 20 ms`,
        value: ms(edit),
        ratio: edit / 20,
        goal: 1,
      },
    ];
  } finally {
    await fsp.rm(root, { recursive: true, force: true });
  }
}
