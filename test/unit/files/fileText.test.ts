// One way of reading the bytes of a file people write as text (core/files/fileText.ts): UTF-16 by
// its byte-order mark, else UTF-8, no mark kept, as the editor shows a document. The command line's
// walk, the confined reader (configs, sources, pages the editor checks while closed) and the
// editor's reads all give the same text, so a page says the same in the editor and in CI.
import { strict as assert } from 'node:assert';
import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { readConfined } from '../../../core/files/confinedRead';
import { decodeFileText, utf16MarkOf } from '../../../core/files/fileText';
import { checkLocations } from '../../../core/sources/checkLocations';
import { textOfBytes } from '../../../core/urls/urlsInFiles';

const TEXT = '---\ntitle: Über uns 😀\n---\n<p>https://a.test/x</p>\r\n';
const encodings: Record<string, Buffer> = {
  'UTF-8': Buffer.from(TEXT, 'utf8'),
  'UTF-8 with its mark': Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(TEXT, 'utf8')]),
  'UTF-16 LE': Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(TEXT, 'utf16le')]),
  'UTF-16 BE': Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(TEXT, 'utf16le').swap16()]),
};

describe('files: the text of a file, one way for the command line and the editor', () => {
  let dir: string;
  before(async () => {
    dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'wr-file-text-'));
  });
  after(async () => {
    await fsp.rm(dir, { recursive: true, force: true });
  });

  for (const [name, bytes] of Object.entries(encodings)) {
    it(`${name}: the same text from the walk's reader, the confined reader and the editor's, without a mark`, async () => {
      const file = path.join(dir, `${name.replace(/\W+/g, '-')}.md`);
      await fsp.writeFile(file, bytes);
      assert.equal(decodeFileText(bytes), TEXT);
      assert.equal(textOfBytes(bytes), TEXT);
      assert.equal(await readConfined(file, { maxBytes: 4096, cwd: dir }), TEXT);
      // The title check sits on the front matter's title line, as it does for the open document.
      const [title] = checkLocations(await readConfined(file, { maxBytes: 4096, cwd: dir }), ['title']);
      assert.equal(title.line, 1, `${name}: the title line (0-based 1), not the first`);
    });
  }

  it('the mark decides, not a guess: no mark is UTF-8; an odd last byte of UTF-16 is dropped; the caller’s bytes are left as they were', () => {
    assert.equal(utf16MarkOf(Buffer.from('ab')), undefined);
    assert.equal(utf16MarkOf(Buffer.from([0xff])), undefined);
    const be = Buffer.concat([encodings['UTF-16 BE'], Buffer.from([0x41])]);
    const copy = Buffer.from(be);
    assert.equal(decodeFileText(be), TEXT);
    assert.deepEqual(be, copy);
    // A view into a larger buffer reads only its own bytes.
    const inside = Buffer.concat([Buffer.from('xx'), encodings['UTF-16 LE'], Buffer.from('yy')]);
    assert.equal(decodeFileText(inside.subarray(2, 2 + encodings['UTF-16 LE'].length)), TEXT);
  });

  it('a binary file is no text for the walk (a NUL in UTF-8 bytes, or in UTF-16 text), whatever its mark', () => {
    assert.equal(textOfBytes(Buffer.from([0x89, 0x50, 0x00, 0x68])), undefined);
    assert.equal(textOfBytes(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('a\0b', 'utf16le')])), undefined);
  });
});
