// Which files are HTML pages, decided once: the command line's build-folder walk and the editor's
// glob (VS Code's globs compare with case on Linux) take the same files, `.Html` and `.HTM` too.
import { strict as assert } from 'node:assert';
import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import picomatch from 'picomatch';
import { folderPages } from '../../../cli/local/folderPages';
import { HTML_FILES_GLOB, isHtmlPath } from '../../../core/files/htmlFiles';
import { PagesOfConfig } from '../../../core/sources/pageOfFile';
import type { SkipNote } from '../../../core/urls/fileWalk';

const NAMES = [
  'index.html',
  'a/Page.Html',
  'b/OLD.HTM',
  'c.htm',
  'x/y/z.hTmL',
  'style.css',
  'd.htmx',
  'e.xhtml',
  'f.html.bak',
  'g.html/readme.txt',
];
const PAGES = ['index.html', 'a/Page.Html', 'b/OLD.HTM', 'c.htm', 'x/y/z.hTmL'];

describe('files: which files are HTML pages', () => {
  it('by the extension, in any case', () => {
    assert.deepEqual(NAMES.filter(isHtmlPath), PAGES);
  });

  it('the editor’s glob takes the same files, with case compared as on Linux', () => {
    const glob = picomatch(HTML_FILES_GLOB, { dot: true, nocase: false });
    assert.deepEqual(
      NAMES.filter((name) => glob(name)),
      PAGES,
    );
  });

  it('check --local reads every page of a build folder, whatever the case of its extension', async () => {
    const cwd = await fsp.mkdtemp(path.join(os.tmpdir(), 'wr-htmlfiles-'));
    try {
      for (const name of NAMES) {
        await fsp.mkdir(path.dirname(path.join(cwd, '_site', name)), { recursive: true });
        await fsp.writeFile(path.join(cwd, '_site', name), '<html></html>');
      }
      const notes: SkipNote[] = [];
      const files = [...folderPages('_site', cwd, new PagesOfConfig({}, cwd), undefined, () => true, notes)].map((page) => page.file);
      assert.deepEqual(files.sort(), PAGES.map((name) => `_site/${name}`).sort());
      assert.deepEqual(notes, []);
    } finally {
      await fsp.rm(cwd, { recursive: true, force: true });
    }
  });
});
