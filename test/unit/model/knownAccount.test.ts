import * as assert from 'node:assert/strict';
import { KnownAccount } from '../../../extension/shared/knownAccount';

describe('the account name kept for the status bar', () => {
  it('keeps the name (else the email) read from a service, for that service only', () => {
    const known = new KnownAccount();
    let changes = 0;
    known.onDidChange(() => changes++);
    assert.equal(known.nameFor('https://a.example'), undefined);
    known.note('https://a.example', { name: 'Demo User', email: 'demo@example.test' });
    assert.equal(known.nameFor('https://a.example'), 'Demo User');
    assert.equal(known.nameFor('https://b.example'), undefined);
    assert.equal(known.nameFor(undefined), undefined);
    known.note('https://b.example', { name: '  ', email: 'b@example.test' });
    assert.equal(known.nameFor('https://b.example'), 'b@example.test');
    assert.equal(known.nameFor('https://a.example'), undefined, 'only the last account read');
    known.note('https://b.example', { name: 42 });
    assert.equal(known.nameFor('https://b.example'), undefined, 'no string, no name');
    assert.equal(changes, 3);
  });
});
