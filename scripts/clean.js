// `npm run clean`: removes everything the build writes (out/ with tsc's incremental state, dist/,
// media/dist/), so that the next build starts from nothing. `npm test` (and so CI) runs it first:
// a test result never depends on what an earlier build left behind (a deleted test's compiled
// file, a bundle of an old source).
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.join(__dirname, '..');

for (const dir of ['out', 'dist', path.join('media', 'dist')]) {
  fs.rmSync(path.join(ROOT, dir), { recursive: true, force: true });
}
