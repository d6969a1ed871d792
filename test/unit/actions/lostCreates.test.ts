// "Is this the report my lost create made": decided from what was known when the first attempt
// started (the ids known for the URL then, and the start time), the URL compared as the service does.
import { strict as assert } from 'node:assert';
import { isMadeBy } from '../../../core/reports/lostCreates';

describe('lost creates: isMadeBy', () => {
  const startedAt = Date.parse('2026-11-22T10:00:00Z');
  const attempt = { startedAt, knownIds: new Set(['7']) };
  const at = (iso: string) => ({ created_at: iso });

  it('takes a report of the same page stored after the attempt started, whatever the host case or trailing slash', () => {
    assert.ok(isMadeBy({ id: 9, url: 'https://Example.com/a/', ...at('2026-11-22T10:00:05Z') }, 'https://example.com/a', attempt));
  });

  it('never takes a report known before the attempt, one much older, another page, or a non-web URL', () => {
    assert.ok(!isMadeBy({ id: 7, url: 'https://example.com/a', ...at('2026-11-22T10:00:05Z') }, 'https://example.com/a', attempt));
    assert.ok(!isMadeBy({ id: 9, url: 'https://example.com/a', ...at('2026-11-22T09:00:00Z') }, 'https://example.com/a', attempt));
    assert.ok(!isMadeBy({ id: 9, url: 'https://example.com/b', ...at('2026-11-22T10:00:05Z') }, 'https://example.com/a', attempt));
    assert.ok(!isMadeBy({ id: 9, url: 'javascript:alert(1)', ...at('2026-11-22T10:00:05Z') }, 'javascript:alert(1)', attempt));
  });
});
