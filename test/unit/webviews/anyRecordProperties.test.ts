// Properties over ARBITRARY records (fast-check): any JSON value, deeply nested, and hostile
// objects that no JSON parser makes ({toString: 1}, null prototypes, symbols, bigints, getters
// that throw) — entering as the client reads records (readList), then through every renderer
// (report panel body and page, account panel, hover, tree tooltip and label), plainText and the
// exporters. Whatever they hold: nothing throws, every output stays within its budget, no markup
// or link comes from data (only the renderers' own elements, no `command:` link, no `$(` icon),
// and no bidi control or invisible character is left in anything shown.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { readList } from '../../../core/client/envelope';
import { Report } from '../../../core/client/types';
import { boundedJson } from '../../../core/text/safeJson';
import { csvReport } from '../../../core/reports/csv';
import { plainText } from '../../../core/text/plainText';
import { reportTooltipMarkdown, TOOLTIP_MAX_CHARS } from '../../../core/list/reportTooltip';
import { HOVER_COMMANDS, HOVER_MAX_CHARS, hoverText } from '../../../extension/documentUrls/urlHoverText';
import { reportLabel } from '../../../core/text/vocabulary';
import { renderAccountBody } from '../../../core/render/accountView';
import { ACCOUNT_LIMITS, REPORT_LIMITS, SLACK_CHARS } from '../../../core/render/budget';
import { renderReportBody, renderReportPage } from '../../../core/render/reportView';
import { assertSafeMarkup } from './htmlAssertions';

const OPTS = { now: new Date('2025-11-19T10:00:00Z'), timeZone: 'UTC', locale: 'en-US' };
const FRAME = {
  cspSource: 'https://*.vscode-cdn.net',
  nonce: 'n0nceN0nceN0nce0',
  scriptUri: 'https://x.vscode-cdn.net/panel.js',
  styleUri: 'https://x.vscode-cdn.net/webview.css',
  title: 'Report',
};

/** Characters that reorder or hide text: none may be left in what is shown. */
const HIDDEN = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C\u200B-\u200D\uFEFF\u00AD]/u;

/** Text biased towards markup, links, icons and hidden characters. */
const text = fc.oneof(
  fc.string({ unit: 'binary' }),
  fc.constantFrom(
    '[x](command:workbench.action.terminal.new)',
    '$(alert) $(sync~spin)',
    '<img src=x onerror=alert(1)>',
    'https://bank.example/\u202Egpj.exe',
    'a\u2066b\u2069c\u200Bd\u200Fe\u061Cf\uFEFF',
    '`tick` ``two``',
    '',
  ),
);

/** Objects a JSON parser never makes, and that break `String()`, `Number()` or a property read. */
function hostileObjects(): unknown[] {
  const getter = Object.defineProperty({}, 'url', {
    get: () => {
      throw new Error('getter ran');
    },
    enumerable: true,
  });
  const proxy = new Proxy(
    {},
    {
      get: () => {
        throw new Error('trap ran');
      },
      ownKeys: () => {
        throw new Error('trap ran');
      },
    },
  );
  return [{ toString: 1 }, { valueOf: 1, toString: 1 }, Object.create(null), Symbol('s'), 10n ** 40n, () => 1, getter, proxy];
}
const hostile = fc.constantFrom(...hostileObjects());

/** Nesting as deep as a hostile service likes: up to 3,000 levels of arrays or records. */
const deep = fc.tuple(fc.nat({ max: 3000 }), fc.boolean(), text).map(([depth, arrays, leaf]) => {
  let value: unknown = leaf;
  for (let i = 0; i < depth; i++) value = arrays ? [value] : { next: value };
  return value;
});

const value = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 6 }) },
  { weight: 2, arbitrary: text },
  { weight: 1, arbitrary: deep },
  { weight: 1, arbitrary: hostile },
  {
    weight: 1,
    arbitrary: fc.anything({
      maxDepth: 4,
      withBigInt: true,
      withNullPrototype: true,
      withObjectString: true,
      withBoxedValues: true,
      withSparseArray: true,
    }),
  },
);

const FIELDS = ['id', 'url', 'result', 'score', 'privacy', 'project', 'generated_at', 'results'] as const;
/** A record: the known fields (any value each), some of any other names, results of either shape. */
const record = fc
  .tuple(
    fc.record(Object.fromEntries(FIELDS.map((f) => [f, value])) as Record<(typeof FIELDS)[number], fc.Arbitrary<unknown>>, {
      requiredKeys: [],
    }),
    fc.dictionary(text, value, { maxKeys: 5 }),
    fc.oneof(
      fc.array(fc.record({ name: value, passed: value, value, errors: value, advice: value }, { requiredKeys: [] }), { maxLength: 5 }),
      fc.dictionary(
        text,
        fc.record({ passed: value, importance: value, value, errors: fc.dictionary(text, value, { maxKeys: 3 }) }, { requiredKeys: [] }),
        { maxKeys: 5 },
      ),
      value,
    ),
    fc.oneof(fc.integer(), text),
  )
  .map(([known, other, results, id]) => ({ ...other, ...known, results, id: known.id ?? id }) as Record<string, unknown>);

/** The Markdown outside code spans: what the Markdown renderer would read as markup. */
function outsideCode(markdown: string): string {
  return markdown.replace(/(`+)(?!`)[\s\S]*?[^`]\1(?!`)/g, '');
}

/** The record as the client reads it from a list page, when it has a usable id; else as it is. */
function asRead(rec: Record<string, unknown>): Report {
  try {
    return readList({ data: [rec] }).items[0] ?? (rec as Report);
  } catch {
    return rec as Report;
  }
}

describe('properties: any record through every renderer, plainText and the exporters', () => {
  it('hover: no throw, within HOVER_MAX_CHARS, only the fixed command links, one icon (its own), nothing hidden', () => {
    fc.assert(
      fc.property(record, text, (rec, url) => {
        const report = asRead(rec);
        for (const hover of [hoverText(url, report), hoverText(url, undefined)]) {
          assert.ok(hover.markdown.length <= HOVER_MAX_CHARS);
          const targets = [...hover.markdown.matchAll(/\]\(([^)\s]*)/g)].map((m) => m[1]);
          assert.equal(targets.length, hover.commands.length);
          const allowed = Object.values(HOVER_COMMANDS) as string[];
          for (const t of targets) {
            assert.ok(
              allowed.some((c) => t.startsWith(`command:${c}?`)),
              t,
            );
          }
          assert.ok((outsideCode(hover.markdown).match(/\$\(/g) ?? []).length <= 1, 'no icon from data');
          assert.ok(!outsideCode(hover.markdown).includes('<'), 'no HTML outside code spans');
          assert.doesNotMatch(hover.markdown, HIDDEN);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('tree tooltip and label: no throw, within their bounds, no markup, link or icon from data, nothing hidden', () => {
    fc.assert(
      fc.property(record, (rec) => {
        const report = asRead(rec);
        const md = reportTooltipMarkdown(report);
        assert.ok(md.length <= TOOLTIP_MAX_CHARS);
        const outside = outsideCode(md);
        assert.ok(!outside.includes('<') && !outside.includes('command:') && !outside.includes('$(') && !outside.includes(']('), outside);
        assert.doesNotMatch(md, HIDDEN);
        const label = plainText(reportLabel(report));
        assert.ok(label.length <= 500);
        assert.doesNotMatch(label, HIDDEN);
        assert.doesNotMatch(label, /\[|\]|\$\((?!\u2060)/);
      }),
      { numRuns: 200 },
    );
  });

  it('plainText: any value, no throw, capped, no link or icon syntax, nothing hidden', () => {
    fc.assert(
      fc.property(fc.oneof(value, text), fc.integer({ min: 2, max: 600 }), (v, max) => {
        const out = plainText(v, max);
        assert.ok(out.length <= max);
        assert.doesNotMatch(out, /[[\]]/);
        assert.doesNotMatch(out, /\$\(/);
        assert.doesNotMatch(out, HIDDEN);
      }),
      { numRuns: 300 },
    );
  });

  it("report panel body and page: no throw, within the budget, only the renderers' elements, nothing hidden", () => {
    fc.assert(
      fc.property(record, (rec) => {
        const out = renderReportBody(rec, OPTS);
        assert.ok(out.length <= REPORT_LIMITS.chars + SLACK_CHARS);
        assertSafeMarkup(out);
        assert.doesNotMatch(out, HIDDEN);
        const page = renderReportPage(rec, FRAME, OPTS);
        assertSafeMarkup(page, { page: FRAME });
      }),
      { numRuns: 150 },
    );
  });

  it("account panel: no throw, within the budget, only the renderers' elements, nothing hidden", () => {
    fc.assert(
      fc.property(
        fc.dictionary(text, value, { maxKeys: 8 }),
        fc.dictionary(fc.constantFrom('good', 'decent', 'bad'), value),
        (account, totals) => {
          const out = renderAccountBody({ account, keySource: 'environment', totals: totals as never }, OPTS);
          assert.ok(out.length <= ACCOUNT_LIMITS.chars + SLACK_CHARS);
          assertSafeMarkup(out);
          assert.doesNotMatch(out, HIDDEN);
          assert.doesNotMatch(out, /width="(Infinity|-Infinity|NaN)"/);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('exporters: JSON and CSV of any record never throw; the JSON parses, and equals JSON.stringify for shallow plain data', () => {
    fc.assert(
      fc.property(record, fc.jsonValue({ maxDepth: 10 }), (rec, plain) => {
        const report = asRead(rec);
        JSON.parse(boundedJson(report));
        assert.equal(typeof csvReport(report), 'string');
        assert.equal(boundedJson(plain), JSON.stringify(plain));
      }),
      { numRuns: 200 },
    );
  });
});
