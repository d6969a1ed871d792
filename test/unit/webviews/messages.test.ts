import * as assert from 'node:assert/strict';
import { isHostMessage, isWebviewAction, isWebviewMessage, MAX_COMPARE_INDEX, WEBVIEW_ACTIONS } from '../../../core/render/messages';

describe('webview message protocol', () => {
  it('accepts the messages a webview may send', () => {
    assert.ok(isWebviewMessage({ type: 'ready' }));
    for (const action of WEBVIEW_ACTIONS) {
      assert.ok(isWebviewMessage({ type: 'action', action }), action);
      assert.ok(isWebviewAction(action));
    }
    assert.deepEqual(
      [...WEBVIEW_ACTIONS],
      ['changePrivacy', 'rerun', 'delete', 'openSite', 'copyUrl', 'copyChanges', 'refresh', 'setApiKey', 'signOut'],
    );
    assert.ok(isWebviewMessage({ type: 'compare', index: 0 }));
    assert.ok(isWebviewMessage({ type: 'compare', index: MAX_COMPARE_INDEX - 1 }));
  });

  it('rejects anything else', () => {
    const bad: unknown[] = [
      null,
      undefined,
      'ready',
      1,
      [],
      [{ type: 'ready' }],
      {},
      { type: 'READY' },
      { type: 'action' },
      { type: 'action', action: 'toString' },
      { type: 'action', action: 'constructor' },
      { type: 'action', action: 'openExternal' },
      { type: 'action', action: ['delete'] },
      { type: 'busy', busy: true },
      { type: 'error', message: 'x' },
      { type: 'compare' },
      { type: 'compare', index: -1 },
      { type: 'compare', index: 1.5 },
      { type: 'compare', index: '1' },
      { type: 'compare', index: Number.NaN },
      { type: 'compare', index: MAX_COMPARE_INDEX },
    ];
    for (const m of bad) {
      assert.equal(isWebviewMessage(m), false, JSON.stringify(m));
    }
    assert.equal(isWebviewAction('__proto__'), false);
  });

  it('recognises host messages', () => {
    assert.ok(isHostMessage({ type: 'busy', busy: true }));
    assert.ok(isHostMessage({ type: 'busy', busy: false }));
    assert.ok(isHostMessage({ type: 'error', message: 'Oops' }));
    assert.ok(isHostMessage({ type: 'render', body: '<p>x</p>' }));
    for (const m of [
      { type: 'render' },
      { type: 'render', body: { html: 'x' } },
      { type: 'busy' },
      { type: 'busy', busy: 'yes' },
      { type: 'error' },
      { type: 'error', message: 1 },
      { type: 'ready' },
      null,
      'busy',
    ]) {
      assert.equal(isHostMessage(m), false, JSON.stringify(m));
    }
  });
});
