// The extension's side of the webview protocol. A stand-in for vscode.Webview (only `html` and
// `postMessage`): a real webview exists only inside VS Code, where the in-editor suite and the
// UI checks drive the same channel end to end.
import * as assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import { WebviewChannel } from '../../../extension/shared/webviewChannel';
import type { HostMessage } from '../../../core/render/messages';

function webview() {
  const posted: HostMessage[] = [];
  let htmlSets = 0;
  let html = '';
  const fake = {
    get html() {
      return html;
    },
    set html(value: string) {
      htmlSets++;
      html = value;
    },
    postMessage: (message: HostMessage) => {
      posted.push(message);
      return Promise.resolve(true);
    },
  };
  return { fake: fake as unknown as vscode.Webview, posted, sets: () => htmlSets };
}

describe('WebviewChannel', () => {
  it('sets the shell once and posts each change as a render message after ready', () => {
    const w = webview();
    const channel = new WebviewChannel(w.fake);
    channel.setShell('<html>shell</html>');
    assert.equal(channel.show('<p>one</p>'), true);
    channel.post({ type: 'busy', busy: true });
    assert.deepEqual(w.posted, [], 'nothing before ready');
    channel.markReady();
    assert.deepEqual(w.posted, [
      { type: 'render', body: '<p>one</p>' },
      { type: 'busy', busy: true },
    ]);
    assert.equal(channel.show('<p>two</p>'), true);
    assert.deepEqual(w.posted.at(-1), { type: 'render', body: '<p>two</p>' });
    assert.equal(w.sets(), 1, 'the HTML is never replaced');
  });

  it('posts nothing when the content did not change', () => {
    const w = webview();
    const channel = new WebviewChannel(w.fake);
    channel.setShell('shell');
    channel.markReady();
    channel.show('<p>same</p>');
    assert.equal(channel.show('<p>same</p>'), false);
    assert.equal(w.posted.filter((m) => m.type === 'render').length, 1);
    assert.equal(channel.content(), '<p>same</p>');
  });

  it('posts the latest content again when a reloaded document says ready', () => {
    const w = webview();
    const channel = new WebviewChannel(w.fake);
    channel.setShell('shell');
    channel.markReady();
    channel.show('<p>a</p>');
    channel.suspend(); // hidden: the document is gone
    channel.show('<p>b</p>');
    channel.post({ type: 'error', message: 'x' });
    assert.equal(w.posted.length, 1, 'nothing posted to a hidden document');
    channel.markReady();
    assert.deepEqual(w.posted.slice(1), [
      { type: 'render', body: '<p>b</p>' },
      { type: 'error', message: 'x' },
    ]);
  });
});
