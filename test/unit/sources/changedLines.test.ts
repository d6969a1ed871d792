// A published finding on a line edited since it was first placed: the title and description lines
// compared by their text wherever they moved, the first-line checks never, and the words.
import { strict as assert } from 'node:assert';
import { changedLineWords, checksOnChangedLines, lineOf } from '../../../core/sources/changedLines';
import { sourceFindings } from '../../../core/sources/sourceFindings';

const REPORT = {
  score: 60,
  results: { title: { passed: false, value: 'Post' }, meta_description: { passed: false }, headings: { passed: false } },
};
const BEFORE = '---\ntitle: Post\ndescription: \n---\n\nText.\n';

function changed(now: string): string[] {
  return [...checksOnChangedLines(sourceFindings(REPORT, now), now, sourceFindings(REPORT, BEFORE), BEFORE)].sort();
}

describe('page sources: published findings on lines changed since', () => {
  it('reads a line in any line ending', () => {
    assert.equal(lineOf('a\r\nb\rc\nd', 2), 'c');
    assert.equal(lineOf('a\nb', 1), 'b');
    assert.equal(lineOf('a\nb', 2), undefined);
  });

  it('marks the title when its line changed, wherever it moved; the others stay', () => {
    assert.deepEqual(changed(BEFORE), []);
    assert.deepEqual(changed('---\ntitle: A first post about our cups\ndescription: \n---\n\nText.\n'), ['title']);
    // A line added above: the same lines, moved; nothing changed on them.
    assert.deepEqual(changed('---\ndraft: false\ntitle: Post\ndescription: \n---\n\nText.\n'), []);
    assert.deepEqual(changed('---\ntitle: Post\ndescription: Cups made by hand\n---\n\nText.\n'), ['meta_description']);
    // The body changed: the checks without a line of their own (on the first line) are never marked.
    assert.deepEqual(changed('---\ntitle: Post\ndescription: \n---\n\n# Cups\n\nMore text.\n'), []);
  });

  it('says when the report was made, and what to do', () => {
    const now = new Date('2026-05-04T10:00:00Z');
    assert.equal(
      changedLineWords('Title: 4 characters', '2026-05-01T10:00:00Z', now),
      'Title: 4 characters — published 3 days ago; this line changed since: Re-run after the next deploy to confirm',
    );
    assert.equal(
      changedLineWords('Title: 4 characters', undefined, now),
      'Title: 4 characters — this line changed since the report: Re-run after the next deploy to confirm',
    );
  });
});
