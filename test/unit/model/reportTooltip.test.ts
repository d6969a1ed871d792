// The tree's report tooltip (Markdown, untrusted): every server value in a code span, hidden
// characters visible, any value accepted, and bounded whatever the record holds.
import { strict as assert } from 'node:assert';
import { reportTooltipMarkdown, TOOLTIP_MAX_CHARS } from '../../../core/list/reportTooltip';
import { Report } from '../../../core/client/types';

/** The Markdown outside code spans: what the renderer would read as markup. */
function outsideCode(markdown: string): string {
  return markdown.replace(/(`+)(?!`)[\s\S]*?[^`]\1(?!`)/g, '');
}

describe('model: the tree tooltip of a report', () => {
  it('shows the URL, result, score, privacy, project, generated time and id, each value in a code span', () => {
    const md = reportTooltipMarkdown({
      id: 7,
      url: 'https://a.test/',
      result: '73.6',
      privacy: 1,
      project: 'site',
      generated_at: '2026-01-01T00:00:00Z',
    });
    assert.match(md, /^`https:\/\/a\.test\/`\n\n/);
    assert.match(md, /Result: `Decent`/);
    assert.match(md, /Score: `74`/);
    assert.match(md, /Privacy: `Private`/);
    assert.match(md, /Project: `site`/);
    assert.match(md, /Id: `7`/);
  });

  it('lets no server value become markup, a link or an icon, and shows hidden characters', () => {
    const hostile = '[x](command:workbench.action.terminal.new) <img src=x> $(alert) `tick` https://evil.test \u202Egpj.exe';
    const md = reportTooltipMarkdown({ id: hostile, url: hostile, project: hostile, result: hostile });
    const outside = outsideCode(md);
    assert.ok(!outside.includes('command:') && !outside.includes('<') && !outside.includes('$('), outside);
    assert.doesNotMatch(md, /[\u202A-\u202E\u2066-\u2069]/);
    assert.match(md, /⟪U\+202E⟫gpj\.exe/);
  });

  it('takes any value (objects with toString: 1, symbols, bigints, throwing getters) without throwing', () => {
    for (const value of [{ toString: 1 }, Object.create(null), Symbol('s'), 10n, [1]]) {
      const md = reportTooltipMarkdown({
        id: 1,
        url: value,
        project: value,
        privacy: value,
        result: value,
        generated_at: value,
      } as unknown as Report);
      assert.match(md, /Id: `1`/);
    }
    const throwing = Object.defineProperty({ id: 2 }, 'url', {
      get: () => {
        throw new Error('getter ran');
      },
      enumerable: true,
    });
    assert.match(reportTooltipMarkdown(throwing as Report), /Report 2/);
  });

  it('stays within TOOLTIP_MAX_CHARS for 2 MB values', () => {
    const big = '`\u202E'.repeat(1_000_000);
    const md = reportTooltipMarkdown({ id: big, url: big, project: big, result: big });
    assert.ok(md.length <= TOOLTIP_MAX_CHARS, `${md.length} > ${TOOLTIP_MAX_CHARS}`);
  });
});
