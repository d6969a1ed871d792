// One rule for the config's include/exclude: a file's whole path (as the editor's Problems and the
// URLs in Workspace view ask) is covered exactly when the walk of `check` reads it — excluded folders
// pruned whole, braces and `**` in the core's dialect.
import { strict as assert } from 'node:assert';
import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { coveredFiles } from '../../../core/config/coveredFiles';
import { SkipNote, walkFiles } from '../../../core/urls/fileWalk';

const FILES = [
  'a.md',
  'a.html',
  'a.txt',
  'page.old.md',
  'drafts/d.md',
  'private/p.md',
  'docs/x.md',
  'docs/wip/y.md',
  'docs/wip/deeper/z.md',
  'node_modules/p/r.md',
  'sub/node_modules/q.md',
];

const CONFIGS = [
  { include: ['**/*.{md,html}'], exclude: ['{drafts,private}/**', '**/*.old.md'] },
  // `docs/wip/*` names the folder with a trailing `/`: the walk never enters it, so its deeper files are out too.
  { include: ['**/*'], exclude: ['docs/wip/*', '**/node_modules/**'] },
  { include: ['{docs,drafts}/**'], exclude: [] },
  { include: ['**/*.md'], exclude: ['docs'] },
];

describe('gate: the files a config covers', () => {
  let dir: string;
  before(async () => {
    dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'webreports-covered-'));
    for (const name of FILES) {
      await fsp.mkdir(path.dirname(path.join(dir, name)), { recursive: true });
      await fsp.writeFile(path.join(dir, name), 'x');
    }
  });
  after(() => fsp.rm(dir, { recursive: true, force: true }));

  for (const config of CONFIGS) {
    it(`covers what the walk reads: ${JSON.stringify(config)}`, () => {
      const notes: SkipNote[] = [];
      const walked = [...walkFiles(['.'], { cwd: dir, ...config }, notes)].map((f) => f.file).sort();
      const covered = FILES.filter(coveredFiles(config).covers).sort();
      assert.deepEqual(covered, walked);
    });
  }

  it('a folder named with a trailing slash pattern leaves its deeper files out', () => {
    const { covers } = coveredFiles({ include: ['**/*'], exclude: ['docs/wip/*'] });
    assert.equal(covers('docs/wip/deeper/z.md'), false);
    assert.equal(covers('docs/x.md'), true);
  });
});
