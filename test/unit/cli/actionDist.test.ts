// The action's prebuilt command line (action/dist/) is what its sources build: the same esbuild run
// (scripts/packageAction.js) into a temporary folder gives the same files, byte for byte. A
// change to cli/ or core/ (or to a bundled dependency) without `npm run package:action` fails here.
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..', '..', '..');

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the plain CommonJS packaging script
const { bundleAction, ACTION_DIST, ACTION_FILES } = require(path.join(ROOT, 'scripts', 'packageAction.js')) as {
  bundleAction(dir: string): Promise<string[]>;
  ACTION_DIST: string;
  ACTION_FILES: string[];
};

describe('action: the prebuilt command line in action/dist/', function () {
  this.timeout(60_000);
  let fresh: string;

  before(async () => {
    fresh = fs.mkdtempSync(path.join(os.tmpdir(), 'webreports-action-dist-'));
    await bundleAction(fresh);
  });
  after(() => fs.rmSync(fresh, { recursive: true, force: true }));

  it('is what its sources build now (else: npm run package:action, and commit action/dist/)', () => {
    assert.deepEqual(fs.readdirSync(ACTION_DIST).sort(), [...ACTION_FILES].sort(), 'the files of action/dist/');
    for (const file of ACTION_FILES) {
      const committed = fs.readFileSync(path.join(ACTION_DIST, file));
      const built = fs.readFileSync(path.join(fresh, file));
      assert.ok(committed.equals(built), `action/dist/${file} is stale: run npm run package:action and commit action/dist/`);
    }
  });

  it('runs with Node alone: the version of package.json, no native module, nothing outside Node required', () => {
    const version = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version;
    // From a folder with no node_modules anywhere above it, as on a runner.
    const alone = fs.mkdtempSync(path.join(os.tmpdir(), 'webreports-action-alone-'));
    try {
      for (const file of ACTION_FILES) fs.copyFileSync(path.join(fresh, file), path.join(alone, file));
      const out = execFileSync(process.execPath, [path.join(alone, 'website-reports.js'), '--version'], { cwd: alone, encoding: 'utf8' });
      assert.equal(out, `${version}\n`);
    } finally {
      fs.rmSync(alone, { recursive: true, force: true });
    }
    for (const file of ACTION_FILES) {
      const code = fs.readFileSync(path.join(fresh, file), 'utf8');
      // ajv's code generator keeps `require("ajv/dist/runtime/…")` as text (`x.code='require(…)'`, a
      // template `_\`require(…)\``) for standalone code it never writes here: text, not a require that runs.
      const required = [...code.matchAll(/(?<!\.code='|`)\brequire\("([^"]+)"\)/g)].map((m) => m[1]);
      const beside = ACTION_FILES.map((f) => `./${f}`);
      const outside = required.filter(
        (name) => !name.startsWith('node:') && !['fs', 'fs/promises', 'stream'].includes(name) && !beside.includes(name),
      );
      assert.deepEqual(outside, [], `${file} requires only Node's own modules and the other files of action/dist/`);
      assert.doesNotMatch(code, /\.node["']/, `${file} loads no native module`);
    }
  });
});
