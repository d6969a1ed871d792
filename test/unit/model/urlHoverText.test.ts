// The hover Markdown: the rating from the rating function, server values only as code spans, the
// only links the fixed command links (whatever a hostile record holds), and the failed checks
// count of both `results` shapes.
import { strict as assert } from 'node:assert';
import { failedChecks } from '../../../core/checks/checkResults';
import { badgeText, hoverText, HOVER_MAX_CHARS } from '../../../extension/documentUrls/urlHoverText';

const hostile = '[x](command:workbench.action.terminal.new) <img src=x onerror=alert(1)> $(alert) `tick` https://evil.test';

/** Every Markdown link target in `markdown`. */
function linkTargets(markdown: string): string[] {
  return [...markdown.matchAll(/\]\(([^)\s]*)/g)].map((m) => m[1]);
}

describe('model: hover text of a URL in a document', () => {
  it('shows the rating, score, privacy and project, with Open, Re-run and Copy links', () => {
    const text = hoverText('https://a.test/', {
      id: 7,
      url: 'https://a.test/',
      result: '73.6',
      privacy: 1,
      project: 'a.test',
      generated_at: '2026-01-01T00:00:00Z',
    });
    assert.match(text.markdown, /\*\*Decent\*\* · score 74/);
    assert.match(text.markdown, /Privacy: Private/);
    assert.match(text.markdown, /Project: `a\.test`/);
    assert.deepEqual(text.commands, ['webReports.openReport', 'webReports.rerunReport', 'webReports.copyReportUrl']);
    assert.deepEqual(
      linkTargets(text.markdown).map((t) => decodeURIComponent(t)),
      ['command:webReports.openReport?[7]', 'command:webReports.rerunReport?[7]', 'command:webReports.copyReportUrl?[7]'],
    );
  });

  it('offers "Create Report" for a URL without a report', () => {
    const text = hoverText('https://a.test/new', undefined);
    assert.match(text.markdown, /no report yet/);
    assert.deepEqual(text.commands, ['webReports.createReport']);
    assert.deepEqual(linkTargets(text.markdown).map(decodeURIComponent), ['command:webReports.createReport?["https://a.test/new"]']);
  });

  it('lets no server value become a link, HTML, icon or command', () => {
    const text = hoverText(hostile, {
      id: `1) ${hostile}`,
      url: hostile,
      result: hostile,
      privacy: 0,
      project: hostile,
      generated_at: hostile,
    });
    const targets = linkTargets(text.markdown);
    assert.equal(targets.length, 3);
    for (const t of targets) assert.match(t, /^command:webReports\.(openReport|rerunReport|copyReportUrl)\?[^()\s]*$/);
    const outsideCode = text.markdown.replace(/(`+)(?!`)[\s\S]*?[^`]\1(?!`)/g, '');
    assert.ok(!outsideCode.includes('<') && !outsideCode.includes('command:workbench'), 'server values only in code spans');
    assert.ok(!text.markdown.includes('$(alert)'), 'no icon syntax from data');
    const none = hoverText(hostile, undefined);
    assert.deepEqual(linkTargets(none.markdown).length, 1);
  });

  it('puts the rounded score, or the label, in the badge', () => {
    assert.equal(badgeText({ id: 1, result: '88.4' }), '● 88');
    assert.equal(badgeText({ id: 1, result: 'bad' }), '● Bad');
  });

  it('counts failed checks in an array or an object of checks', () => {
    assert.equal(failedChecks([{ passed: true }, { passed: false }, { passed: false }]), 2);
    assert.equal(failedChecks({ title: { passed: false }, h1: { passed: true, importance: 'high' } }), 1);
    assert.equal(failedChecks(undefined), undefined);
    assert.equal(failedChecks({ note: 'x' }), undefined);
  });
});

describe('model: hover text of any record, bounded', () => {
  const throwing = Object.defineProperty({ id: 3 }, 'project', {
    get: () => {
      throw new Error('getter ran');
    },
    enumerable: true,
  });
  const hostile: unknown[] = [{ toString: 1 }, Object.create(null), Symbol('s'), 10n, { valueOf: () => 1, toString: 1 }, [1]];

  it('takes a record whose project or privacy is any value (or a getter that throws) without throwing', () => {
    for (const value of hostile) {
      const text = hoverText('https://a.test/', { id: 7, url: 'https://a.test/', result: 'good', project: value, privacy: value } as never);
      assert.match(text.markdown, /Privacy: (Public|Unknown privacy)/);
      assert.equal(text.commands.length, 3);
    }
    assert.match(hoverText('https://a.test/', throwing as never).markdown, /Report `3`/);
    assert.match(hoverText('https://a.test/', { id: { toString: 1 } } as never).markdown, /Report/);
  });

  it('shows bidi controls and invisible characters as visible markers', () => {
    const text = hoverText('https://bank.example/\u202Egpj.exe', {
      id: 1,
      project: 'p\u200Bq\u2066',
      generated_at: '2026-01-01T00:00:00Z',
    });
    assert.doesNotMatch(text.markdown, /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C\u200B]/);
    assert.match(text.markdown, /p⟪U\+200B⟫q⟪U\+2066⟫/);
    assert.match(hoverText('https://bank.example/\u202Egpj.exe', undefined).markdown, /⟪U\+202E⟫gpj\.exe/);
  });

  it('stays within HOVER_MAX_CHARS for 2 MB values, and leaves out links whose argument is too long', () => {
    const big = `${'\u202E['.repeat(500_000)}x`;
    const reported = hoverText(big, { id: big, url: big, project: big, result: big, generated_at: big });
    assert.ok(reported.markdown.length <= HOVER_MAX_CHARS, `${reported.markdown.length}`);
    assert.deepEqual(reported.commands, [], 'an id too long for a link gets no links');
    const none = hoverText(big, undefined);
    assert.ok(none.markdown.length <= HOVER_MAX_CHARS);
    assert.deepEqual(none.commands, []);
    const longest = `https://a.test/${'é'.repeat(2000)}`;
    const ok = hoverText(longest, { id: 'x'.repeat(2000) });
    assert.ok(ok.markdown.length <= HOVER_MAX_CHARS, `${ok.markdown.length}`);
    assert.equal(ok.commands.length, 3);
    assert.ok(hoverText(longest, undefined).markdown.length <= HOVER_MAX_CHARS);
  });
});
