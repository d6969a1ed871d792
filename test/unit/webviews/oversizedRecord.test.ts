// A record the client kept as its facts only (too large to show): the model keeps the mark, and
// the tooltip and the report panel say so instead of rendering an analysis that is not there.
import { strict as assert } from 'node:assert';
import { OVERSIZED, Report } from '../../../core/client/types';
import { summaryOf } from '../../../core/list/reportSummary';
import { reportTooltipMarkdown } from '../../../core/list/reportTooltip';
import { renderReportBody } from '../../../core/render/reportView';

const facts = (reason: 'bytes' | 'depth' | 'cut'): Report => ({
  id: 7,
  url: 'https://big.example/',
  result: 62.5 as unknown as string, // the real service's score in percent
  privacy: 0,
  [OVERSIZED]: { bytes: 9 * 1024 * 1024, reason },
});

describe('a record too large to show', () => {
  it('keeps its mark in the model’s projection; a whole record has none', () => {
    assert.deepEqual(summaryOf(facts('bytes'))[OVERSIZED], { bytes: 9 * 1024 * 1024, reason: 'bytes' });
    assert.equal(summaryOf({ id: 8, url: 'https://small.example/' })[OVERSIZED], undefined);
  });

  it('the tooltip notes it', () => {
    assert.match(reportTooltipMarkdown(facts('bytes')), /too large to show/);
    assert.doesNotMatch(reportTooltipMarkdown({ id: 8, url: 'https://small.example/' }), /too large/);
  });

  it('the report panel says why only its facts are shown, with its size, and still shows its rating', () => {
    const body = renderReportBody(facts('bytes'));
    assert.match(body, /class="notice" role="note"/);
    assert.match(body, /Too large to show: the service sent 9 MB or more for this report/);
    assert.match(body, /Decent/);
    assert.match(renderReportBody(facts('depth')), /nested too deeply to read/);
  });

  it('a field named like the mark cannot set it: only the client’s symbol does', () => {
    const forged = { id: 9, url: 'https://forged.example/', oversized: { bytes: 1, reason: 'bytes' }, 'webReports.oversized': true };
    assert.doesNotMatch(renderReportBody(forged), /Too large to show/);
    assert.equal(summaryOf(forged as Report)[OVERSIZED], undefined);
  });
});
