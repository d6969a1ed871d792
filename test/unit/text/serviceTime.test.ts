// One reader of the service's timestamps (core/text/serviceTime.ts): the tooltip, the report
// panel, the Outdated rule and the search for a lost create take the same forms, and a value that
// is not a string or a number is never converted (its toString never runs).
import { strict as assert } from 'node:assert';
import { ageDays, isOutdated } from '../../../core/checks/reportAge';
import { renderReportBody } from '../../../core/render/reportView';
import { isMadeBy } from '../../../core/reports/lostCreates';
import { parseTime } from '../../../core/text/serviceTime';
import { fullTime } from '../../../core/text/vocabulary';

const NOW = Date.parse('2026-01-01T00:00:00Z');

describe('text: the service timestamp, read once', () => {
  it('reads ISO 8601 and the service\'s "YYYY-MM-DD HH:MM:SS"', () => {
    assert.equal(parseTime('2025-11-16T10:00:00Z')?.toISOString(), '2025-11-16T10:00:00.000Z');
    assert.equal(parseTime('2025-11-16T10:00:00.123456Z')?.toISOString(), '2025-11-16T10:00:00.123Z');
    assert.equal(parseTime('2025-11-16T12:00:00+02:00')?.toISOString(), '2025-11-16T10:00:00.000Z');
    assert.equal(parseTime('2025-11-16T12:00:00+0200')?.toISOString(), '2025-11-16T10:00:00.000Z');
    assert.equal(parseTime('2025-11-16 10:00:00Z')?.toISOString(), '2025-11-16T10:00:00.000Z');
    assert.equal(parseTime('2025-11-16')?.toISOString(), '2025-11-16T00:00:00.000Z');
    // No zone: the host's local time, as Date reads it.
    assert.equal(parseTime(' 2025-11-16 10:00:00 ')?.getTime(), new Date(2025, 10, 16, 10, 0, 0).getTime());
    assert.equal(parseTime('0099-01-02T03:04:05Z')?.toISOString(), '0099-01-02T03:04:05.000Z');
  });

  it('reads a number as epoch milliseconds (as the tooltip always did)', () => {
    assert.equal(parseTime(1714557600000)?.toISOString(), '2024-05-01T10:00:00.000Z');
    assert.equal(parseTime(Number.NaN), undefined);
    assert.equal(parseTime(Number.MAX_VALUE), undefined);
  });

  it('takes nothing else: other spellings, numeric strings, impossible dates, objects', () => {
    const hostile = { toString: () => '2025-11-16T10:00:00Z' };
    for (const value of ['2024/05/01 10:00', 'May 1, 2024', '1714557600000', '16/11/2025', '2024-02-30', '2025-13-01']) {
      assert.equal(parseTime(value), undefined, value);
    }
    for (const value of ['2025-11-16T24:00:00Z', '2025-11-16T10:60:00Z', '2025-11-16T10:00:00+24:00', '', null, hostile, [1]]) {
      assert.equal(parseTime(value), undefined, String(value));
    }
  });

  it('"2024/05/01 10:00" is no date in the tooltip, the panel and the Outdated rule alike', () => {
    const report = { id: 1, url: 'https://a.test/', generated_at: '2024/05/01 10:00' };
    assert.equal(fullTime(report.generated_at), undefined);
    assert.equal(ageDays(report, NOW), undefined);
    assert.doesNotMatch(renderReportBody(report), /<time /);
  });

  it('a numeric generated_at is a date in the tooltip, the panel and the Outdated rule alike', () => {
    const report = { id: 1, url: 'https://a.test/', generated_at: 1714557600000 };
    assert.ok(fullTime(report.generated_at));
    assert.match(renderReportBody(report), /<time datetime="2024-05-01T10:00:00.000Z">/);
    assert.ok(isOutdated(report, 30, NOW));
  });

  it("the search for a lost create never runs a record's toString", () => {
    let called = 0;
    const created_at = { toString: () => (called++, '2026-11-22T10:00:05Z') };
    const attempt = { startedAt: Date.parse('2026-11-22T10:00:00Z'), knownIds: new Set<string>() };
    isMadeBy({ id: 9, url: 'https://example.com/a', created_at } as never, 'https://example.com/a', attempt);
    assert.equal(called, 0);
  });
});
