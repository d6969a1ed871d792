// One place type and one way of counting places for URLs written in files, as VS Code counts them:
// a byte-order mark is no column, and `\r\n`, `\n` and a lone `\r` each end a line. The command
// line (file:line:column in every format) and the editor's URLs in Workspace (which opens the
// file at the place) read the same bytes and must name the same places.
import { strict as assert } from 'node:assert';
import { collectUrls, dumpUrls } from '../../../core/urls/occurrences';
import { MAX_URL_CHARS, MAX_URLS_PER_FILE, TextPositions, textOfBytes, urlsInFile } from '../../../core/urls/urlsInFiles';
import { WorkspaceUrlIndex } from '../../../core/urls/workspaceIndex';
import type { SkipNote } from '../../../core/urls/fileWalk';

/** What the command line reads from a file (its file walk's reader): UTF-8, or UTF-16 by its byte-order mark. */
const asCli = (bytes: Uint8Array) => textOfBytes(Buffer.from(bytes)) ?? '';

function placesBoth(bytes: Uint8Array): { cli: string[]; editor: string[] } {
  const places = collectUrls([{ file: 'f', text: asCli(bytes) }], () => false);
  const cli = [...places.values()].flatMap((p) => p.occurrences.map((o) => `${p.url} ${o.line}:${o.column}`));
  const index = new WorkspaceUrlIndex();
  assert.equal(index.setBytes('f', bytes), true);
  const editor = index.urls().flatMap((u) => u.occurrences.map((o) => `${u.url} ${o.line}:${o.column}`));
  return { cli: cli.sort(), editor: editor.sort() };
}

describe('urls: places of URLs written in files', () => {
  it('counts lines and columns as VS Code does: `\\n`, `\\r\\n` and a lone `\\r` end a line', () => {
    const text = 'a https://a.test/1\r\n  https://a.test/2\rhttps://a.test/3\n\r\n\rx https://a.test/4';
    assert.deepEqual(
      urlsInFile('f', text).found.map((f) => `${f.url} ${f.at.line}:${f.at.column}`),
      ['https://a.test/1 1:3', 'https://a.test/2 2:3', 'https://a.test/3 3:1', 'https://a.test/4 6:3'],
    );
  });

  it('a byte-order mark at the start is no column', () => {
    const positions = new TextPositions('\ufeffab\ncd');
    assert.deepEqual(positions.of(1), { line: 1, column: 1 });
    assert.deepEqual(positions.of(2), { line: 1, column: 2 });
    assert.deepEqual(positions.of(5), { line: 2, column: 2 });
    assert.deepEqual(new TextPositions('ab').of(1), { line: 1, column: 2 });
  });

  it('every offset of texts mixing \\n, \\r\\n and lone \\r gets the place a character-by-character count gives', () => {
    // The counter skips between line breaks natively; this is the count it must agree with.
    const naive = (text: string, offset: number) => {
      let line = 1;
      let start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
      for (let i = 0; i < offset; i++) {
        const c = text.charCodeAt(i);
        if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) {
          line++;
          start = i + 1;
        }
      }
      return { line, column: offset - start + 1 };
    };
    const pieces = ['a', 'bc', '\n', '\r', '\r\n', '\n\r', '\ufeff'];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
    for (let round = 0; round < 300; round++) {
      let text = '';
      for (let n = next() % 12; n > 0; n--) text += pieces[next() % pieces.length];
      const positions = new TextPositions(text);
      for (let offset = 0; offset <= text.length; offset += 1 + (next() % 3)) {
        assert.deepEqual(positions.of(offset), naive(text, offset), `${JSON.stringify(text)} at ${offset}`);
      }
    }
  });

  it('an old Mac file (CR only) with a byte-order mark: the command line and the editor name the same places', () => {
    const text = '\ufeffhttps://a.test/first\r  see https://a.test/second\r\rhttps://a.test/first';
    const { cli, editor } = placesBoth(new TextEncoder().encode(text));
    assert.deepEqual(cli, ['https://a.test/first 1:1', 'https://a.test/first 4:1', 'https://a.test/second 2:7']);
    assert.deepEqual(editor, cli);
    assert.equal(
      dumpUrls([{ file: 'f', text }]),
      'f:1:1\thttps://a.test/first\nf:2:7\thttps://a.test/second\nf:4:1\thttps://a.test/first\n',
    );
  });

  it('--dump shows a character that reorders or hides text as a marker, and a line separator in a file name as a space', () => {
    const listing = dumpUrls([{ file: 'docs/a\u2028b.md', text: 'see https://bank.example/\u202Egpj.exe here' }]);
    assert.equal(listing, 'docs/a b.md:1:5\thttps://bank.example/\u27EAU+202E\u27EBgpj.exe\n');
  });

  it('a UTF-16 file (either byte order, with its mark): the editor finds the URLs the command line finds, at the same places', () => {
    const text = 'intro\r\n- see https://a.test/x and\nhttps://b.test/ü';
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const be = Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()]);
    for (const bytes of [le, be]) {
      const { cli, editor } = placesBoth(bytes);
      assert.deepEqual(editor, ['https://a.test/x 2:7', 'https://b.test/ü 3:1']);
      assert.deepEqual(editor, cli);
    }
  });

  it('a UTF-16 column: characters outside the BMP count two, as editors count', () => {
    const { cli, editor } = placesBoth(new TextEncoder().encode('😀 é https://a.test/x'));
    assert.deepEqual(cli, ['https://a.test/x 1:6']);
    assert.deepEqual(editor, cli);
  });

  it(`keeps ${MAX_URLS_PER_FILE} URLs a file and none longer than ${MAX_URL_CHARS} characters; the command line says how many it left`, () => {
    const long = `https://long.test/${'a'.repeat(MAX_URL_CHARS)}`;
    const text = `${long}\n${Array.from({ length: MAX_URLS_PER_FILE + 7 }, (_, i) => `https://h.test/${i}`).join('\n')}`;
    const { found, dropped } = urlsInFile('f', text);
    assert.equal(found.length, MAX_URLS_PER_FILE);
    assert.equal(dropped, 8);
    assert.equal(found[0].url, 'https://h.test/0');
    assert.equal(found[0].at.line, 2);
    const notes: SkipNote[] = [];
    const places = collectUrls([{ file: 'big.txt', text }], () => false, undefined, notes);
    assert.equal(places.size, MAX_URLS_PER_FILE);
    assert.equal(notes.length, 1);
    assert.equal(notes[0].file, 'big.txt');
    assert.match(notes[0].message, /^8 URLs not read/);
    const index = new WorkspaceUrlIndex();
    index.setText('big.txt', text);
    assert.equal(index.urlCount, MAX_URLS_PER_FILE);
    assert.equal(index.notes.droppedOccurrences, 8);
  });
});
