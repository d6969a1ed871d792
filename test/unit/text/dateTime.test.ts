// One report's time reads the same on every surface: the hover, the tree's tooltip and the panel
// all format it with core/text/dateTime.
import * as assert from 'node:assert/strict';
import { formatDateTime } from '../../../core/text/dateTime';
import { reportTooltipMarkdown } from '../../../core/list/reportTooltip';
import { hoverText } from '../../../extension/documentUrls/urlHoverText';
import { renderReportBody } from '../../../core/render/reportView';
import { parseTime } from '../../../core/text/serviceTime';
import { textOf } from '../webviews/htmlAssertions';

describe('formatDateTime: the one format of a time', () => {
  it('says the date and the time to the minute, in the locale and zone asked', () => {
    const at = new Date(Date.UTC(2026, 10, 28, 7, 48, 10));
    assert.equal(formatDateTime(at, { locale: 'en-US', timeZone: 'UTC' }).replace(/\u202f/g, ' '), 'Nov 28, 2026, 7:48 AM');
    assert.equal(formatDateTime(at, { locale: 'de-DE', timeZone: 'UTC' }), '28.11.2026, 07:48');
  });

  it('falls back to the display language and the host zone for a locale or zone that does not exist', () => {
    const at = new Date(Date.UTC(2026, 10, 28, 7, 48, 10));
    assert.equal(formatDateTime(at, { locale: 'xx-not-a-locale-!!', timeZone: 'Nowhere/Else' }), formatDateTime(at));
  });

  it('is the format of the hover, the tree tooltip and the report panel alike', () => {
    const report = { id: 5, url: 'https://a.test/', result: 'good', score: 90, privacy: 0, generated_at: '2026-11-28 07:48:10' };
    const now = new Date(2026, 11, 1);
    const shown = formatDateTime(parseTime(report.generated_at)!);
    const hover = hoverText(report.url, report, now);
    const hoverMarkdown = hover.markdown;
    assert.ok(hoverMarkdown.includes(shown), `hover: ${hoverMarkdown}`);
    const tooltip = reportTooltipMarkdown(report, now);
    assert.ok(tooltip.includes(shown), `tooltip: ${tooltip}`);
    const panel = textOf(renderReportBody(report, { now }));
    assert.ok(panel.includes(shown), `panel: ${panel}`);
    assert.ok(!/\d:\d\d:\d\d/.test(hoverMarkdown + tooltip), 'no seconds: the panel shows none');
  });
});
