// `npm install` stays quiet: every dependency that runs an install script is approved by name in
// package.json's `allowScripts` (npm 11 lists any other as "not yet covered by allowScripts"), and
// no approval is left for a package that no longer has one. Read from the lock file npm installs by.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

const ROOT = path.join(__dirname, '..', '..', '..', '..');

describe('package: install scripts', () => {
  it('every installed dependency with an install script is approved in allowScripts, and nothing else is', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { allowScripts?: Record<string, boolean> };
    const lock = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { hasInstallScript?: boolean }>;
    };
    const withScripts = Object.entries(lock.packages)
      // An optional one (keytar, vsce's credential store, unused here) is named too: denied.
      .filter(([, entry]) => entry.hasInstallScript)
      .map(([where]) => where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length))
      .sort();
    assert.deepEqual(Object.keys(manifest.allowScripts ?? {}).sort(), withScripts);
  });
});
