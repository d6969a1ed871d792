// The agent tools in a real VS Code (code-server 1.100): registered as language-model tools where
// the host has `lm.registerTool`, listed in `vscode.lm.tools`, and answering `vscode.lm.invokeTool`
// without a chat session (no toolInvocationToken: allowed for tools that need no confirmation)
// against the local service. The create tool's confirmation is read through the same
// prepareInvocation the registration hands VS Code (invokeTool outside a chat shows none).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { LM_TOOLS } from '../../extension/ids';
import { createConfirmation } from '../../extension/agentTools/editorTools';
import { resetService, signIn } from './helpers';

interface LmHost {
  tools?: readonly { name: string; tags?: readonly string[] }[];
  invokeTool?(
    name: string,
    options: { input: object; toolInvocationToken: undefined },
    token?: vscode.CancellationToken,
  ): Thenable<{ content: unknown[] }>;
}

const lm = (): LmHost | undefined => (vscode as unknown as { lm?: LmHost }).lm;

function textOf(result: { content: unknown[] }): string {
  return result.content.map((part) => String((part as { value?: unknown }).value ?? '')).join('\n');
}

describe('Agent tools (language-model tools)', function () {
  this.timeout(60_000);

  before(async function () {
    if (typeof lm()?.invokeTool !== 'function') this.skip(); // a host without lm tools registers none
    await resetService();
    await signIn();
  });

  it('lists every tool in vscode.lm.tools', () => {
    const names = (lm()?.tools ?? []).map((t) => t.name);
    for (const name of Object.values(LM_TOOLS)) assert.ok(names.includes(name), `${name} in ${names.join(', ')}`);
  });

  it('invokeTool: find reports, then get one: the score, rating and failed checks', async () => {
    const found = textOf(
      await (lm() as Required<LmHost>).invokeTool(LM_TOOLS.findReports, { input: { result: 'bad' }, toolInvocationToken: undefined }),
    );
    assert.match(found, /^Reports rated bad, page 1/);
    const url = /· "(https?:\/\/[^"]+)"/.exec(found)?.[1];
    assert.ok(url, found);
    const report = textOf(
      await (lm() as Required<LmHost>).invokeTool(LM_TOOLS.getReport, { input: { url }, toolInvocationToken: undefined }),
    );
    assert.match(report, /Score \d+ \(bad\)/);
    assert.match(report, /Failed checks: \d+; passed: \d+/);
  });

  it('invokeTool: check a page (HTML text) answers with its local score', async () => {
    const html =
      '<!doctype html><html lang="en"><head><title>A page of a good length</title></head><body><h1>Hi</h1><img src="a.png"></body></html>';
    const answer = textOf(
      await (lm() as Required<LmHost>).invokeTool(LM_TOOLS.checkPage, { input: { html }, toolInvocationToken: undefined }),
    );
    assert.match(answer, /^Local checks of the HTML given: score \d+ \((good|decent|bad)\)/);
    assert.match(answer, /Image keywords \[image_keywords\]/);
  });

  it('a bad input is an error naming the field', async () => {
    await assert.rejects(
      Promise.resolve(
        (lm() as Required<LmHost>).invokeTool(LM_TOOLS.getReport, {
          input: { id: 1, url: 'https://a.example/' },
          toolInvocationToken: undefined,
        }),
      ),
      /either id or url, not both/,
    );
  });

  it('create asks first: the confirmation names the URL and who may view the report', () => {
    const words = (input: Record<string, unknown>) => {
      const message = createConfirmation(input).confirmationMessages?.message;
      return typeof message === 'string' ? message : (message?.value ?? '');
    };
    assert.match(words({ url: 'https://new.example/page', privacy: 1 }), /https:\/\/new\.example\/page.*private/s);
    assert.match(words({ url: 'https://new.example/page' }), /public/);
  });
});
