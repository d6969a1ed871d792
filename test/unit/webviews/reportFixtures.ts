// The report fixtures of the report panel's tests (reportView.test.ts, reportViewFields.test.ts):
// a full report as the service sends it, the rendering options, and two readers of the markup.
import { renderReportBody } from '../../../core/render/reportView';
import { parseHtml } from './htmlAssertions';

export const OPTS = { now: new Date('2025-11-19T10:00:00Z'), timeZone: 'UTC', locale: 'en-US' };

export const FULL = {
  id: 42,
  url: 'https://example.com/page',
  project: 'marketing',
  result: 'decent',
  score: 87,
  privacy: 1,
  generated_at: '2025-11-16T10:00:00Z',
  created_at: '2025-11-16T09:30:00Z',
  updated_at: '2025-11-18T10:00:00.000Z',
  results: [
    { key: 'title', name: 'Title tag', category: 'seo', passed: true, value: 'Welcome', advice: 'Keep it short.' },
    { key: 'meta', name: 'Meta description', category: 'seo', passed: false, value: null, advice: 'Add a description.' },
    { key: 'status', name: 'HTTP status', category: 'availability', passed: true, value: 200, advice: '' },
    { key: 'https', name: 'HTTPS', category: 'security', passed: false, value: false, advice: 'Serve over HTTPS.' },
    { key: 'alt', name: 'Image alt text', category: 'accessibility', passed: true, value: '3 of 3', advice: '' },
    { key: 'ttfb', name: 'Time to first byte', category: 'performance', passed: true, value: 120, advice: '' },
    { key: 'canonical', name: 'Canonical link', category: 'seo', passed: false, value: '', advice: 'Add one.' },
  ],
  team: 'growth',
  tags: ['a', 'b'],
};

export function body(report: Record<string, unknown>, opts = OPTS): string {
  return renderReportBody(report, opts);
}

export function dtTexts(markup: string, selector = 'section.details > dl > div.field > dt'): string[] {
  return parseHtml(markup)
    .querySelectorAll(selector)
    .map((e) => e.text);
}
