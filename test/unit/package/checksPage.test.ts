// The shipped page each page-source Problem's code links to (media/checks.md): a section for every
// check of the real service, so no link lands on nothing; and it ships in the .vsix.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { checkNames } from '../../../core/checks/checkNames';

const ROOT = path.join(__dirname, '..', '..', '..', '..');

describe('package: the page on each check', () => {
  it('has a section (## key) for every check the service names, and .vscodeignore ships it', () => {
    const page = fs.readFileSync(path.join(ROOT, 'media', 'checks.md'), 'utf8');
    const sections = new Set([...page.matchAll(/^## (\S+)$/gm)].map((m) => m[1]));
    const missing = Object.keys(checkNames()).filter((key) => !sections.has(key));
    assert.deepEqual(missing, []);
    assert.match(fs.readFileSync(path.join(ROOT, '.vscodeignore'), 'utf8'), /^!media\/checks\.md$/m);
  });
});
