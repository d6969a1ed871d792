import { strict as assert } from 'node:assert';
import { MAX_RUNS_DRAWN, renderChanges } from '../../../core/render/changesView';
import type { RunSnapshot } from '../../../core/history/snapshot';

function run(day: number, score: number, checks: RunSnapshot['checks']): RunSnapshot {
  return {
    generatedAt: new Date(Date.UTC(2026, 0, day)).toISOString(),
    score,
    band: score > 79 ? 'good' : score >= 49 ? 'decent' : 'bad',
    checks,
  };
}

const runs = [
  run(1, 63, { title: { passed: false }, https: { passed: true, importance: 'high' }, robots: { passed: false } }),
  run(2, 70, { title: { passed: false }, https: { passed: true, importance: 'high' }, robots: { passed: false } }),
  run(3, 81, { title: { passed: true }, https: { passed: false, importance: 'high' }, robots: { passed: false } }),
];
const opts = { locale: 'en-US', timeZone: 'UTC' };

describe('render/changesView', () => {
  it('changes since the previous run: score, band, newly failing, fixed, still failing by readable name', () => {
    const out = renderChanges(runs, undefined, opts).value;
    assert.match(out, /Changes since Jan 2, 2026/);
    assert.match(out, /Score: 70 → 81 \(\+11\)/);
    assert.match(out, /Rating: Decent → Good/);
    assert.match(out, /<h3 class="newly-failing">Newly failing \(1\)<\/h3><ul class="newly-failing"><li>HTTPS<\/li><\/ul>/);
    assert.match(out, /<ul class="fixed"><li>Title<\/li><\/ul>/);
    assert.match(out, /<ul class="still-failing"><li>Robots<\/li><\/ul>/);
  });

  it('compares with a picked earlier run; the picker lists earlier runs by index, the picked one selected', () => {
    const out = renderChanges(runs, 0, opts).value;
    assert.match(out, /Score: 63 → 81 \(\+18\)/);
    assert.match(out, /<select data-action="compareWith"><option value="1">[^<]*<\/option><option value="0" selected>/);
    assert.equal(renderChanges(runs, 2, opts).value, renderChanges(runs, 1, opts).value, 'the newest itself is not a choice');
    assert.equal(renderChanges(runs, 1.5, opts).value, renderChanges(runs, 1, opts).value);
  });

  it('a sparkline of the score with role="img" and a text alternative', () => {
    const out = renderChanges(runs, undefined, opts).value;
    assert.match(out, /<svg class="sparkline" role="img" aria-label="Score over 3 runs: 63, 70, 81"/);
    assert.match(out, /<polyline [^>]*points="0\.0,11\.8 60\.0,9\.6 120\.0,6\.1"/);
  });

  it('escapes every value (check names, times, labels)', () => {
    const evil = '"><img src=x onerror=alert(1)>';
    const hostile = [
      { generatedAt: evil, score: 10, band: 'bad', checks: { [evil]: { passed: false } } },
      { generatedAt: evil, score: 20, band: evil, checks: { [evil]: { passed: true } } },
    ];
    const out = renderChanges(hostile, undefined, { ...opts, checkLabel: (k) => `${k}<script>` }).value;
    assert.ok(!out.includes('<img') && !out.includes('<script>'), out);
    assert.match(out, /&lt;img src=x onerror=alert\(1\)&gt;&lt;script&gt;/);
  });

  it('hostile runs never throw; at most MAX_RUNS_DRAWN runs are drawn', () => {
    const trap = new Proxy(
      {},
      {
        getOwnPropertyDescriptor: () => {
          throw new Error('trap');
        },
      },
    );
    for (const odd of [[], [null], [trap, trap], [1, 'x', undefined], [{ checks: trap }, { checks: 5, score: NaN }]]) {
      renderChanges(odd, undefined, opts);
    }
    renderChanges(null as unknown as unknown[], undefined, opts);
    const throwingArray = new Proxy([run(1, 1, {}), run(2, 2, {})], {
      get: (target, key) => {
        if (key === '0' || key === '1') throw new Error('trap');
        return Reflect.get(target, key) as unknown;
      },
    });
    assert.match(renderChanges(throwingArray, undefined, opts).value, /Changes since/);
    const throwingChecks = new Proxy(
      {},
      {
        ownKeys: () => {
          throw new Error('trap');
        },
      },
    );
    renderChanges([{ checks: throwingChecks }, { checks: throwingChecks }], undefined, opts);
    const many = Array.from({ length: 5000 }, (_, i) => run(1 + (i % 28), i % 100, {}));
    const out = renderChanges(many, 3, opts).value;
    assert.equal((out.match(/<option /g) ?? []).length, MAX_RUNS_DRAWN - 1);
    assert.match(out, new RegExp(`Score over ${MAX_RUNS_DRAWN} runs`));
  });

  it('says when there is no earlier run', () => {
    assert.match(renderChanges(runs.slice(0, 1), undefined, opts).value, /No earlier run to compare with yet\./);
  });
});
