// The two names of a file written aside: an atomic write's, which the history's compaction removes
// as a crash's leftover (isTempOf), and an exclusive create's (a lock), which must never look like
// one: a lock is made beside the history file while another process compacts it (the cross-process
// store test lost a run that way, now and then, while both used one name).
import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import { exclusiveTempNameFor, isTempOf, tempNameFor } from '../../../core/files/tempName';

describe('files: temporary names', () => {
  const dir = path.join('/tmp', 'history');
  const file = path.join(dir, 'runs.jsonl');

  it("an atomic write's name is a temporary file of its file, hidden, unique", () => {
    const a = tempNameFor(file);
    assert.equal(path.dirname(a), dir);
    assert.ok(isTempOf(path.basename(a), file));
    assert.ok(path.basename(a).startsWith('.'));
    assert.notEqual(a, tempNameFor(file));
  });

  it("an exclusive create's name (a lock beside the file, the file itself) is never taken for a leftover of any file", () => {
    for (const created of [`${file}.lock`, file, path.join(dir, 'runs.jsonl.lock.lock')]) {
      const name = path.basename(exclusiveTempNameFor(created));
      assert.equal(path.dirname(exclusiveTempNameFor(created)), dir);
      for (const sibling of [file, `${file}.lock`, created]) assert.ok(!isTempOf(name, sibling), `${name} vs ${sibling}`);
    }
  });
});
