// The client against the local service when the answers are unusual or hostile, per shape: 403
// without a sign-out, every delete answer, ids that would leave the report path, and a key the
// service echoes back (it must appear nowhere, not even in part). Faults come from the service.
import { strict as assert } from 'node:assert';
import { RunningService } from '../../../service/server';
import { KEY, rejects, SHAPES, startTestService, useService } from './harness';

for (const shape of SHAPES) {
  describe(`api client: unusual and hostile answers (${shape} shape)`, function () {
    const h = useService(shape, 12);
    let other: RunningService;
    const messages: string[] = [];
    before(async () => {
      other = await startTestService({ apiKey: 'other-key', shape });
    });
    after(() => other.close());
    beforeEach(() => other.clearRequests());

    it("403 on a report: missing or not this account's, the user stays signed in, refresh helps", async () => {
      h.service.addFault({ method: 'PUT', status: 403, body: { message: 'This action is unauthorized.' }, times: 1 });
      const error = await rejects(h.client().updateReport(3, { privacy: 1 }), 'forbidden');
      assert.match(error.message, /missing or not this account's/);
      assert.match(error.message, /still signed in/);
      assert.equal(error.serviceMessage, 'This action is unauthorized.');
      assert.deepEqual(error.next, { kind: 'refresh' });
      messages.push(error.message);
    });

    it('403 on the account: the key lacks permission and is kept', async () => {
      h.service.addFault({ path: '/api/v1/account', status: 403, body: { message: 'This action is unauthorized.' }, times: 1 });
      const error = await rejects(h.client().getAccount(), 'forbidden');
      assert.match(error.message, /lacks permission/);
      assert.match(error.message, /kept/);
      assert.deepEqual(error.next, { kind: 'set-api-key' });
    });

    it('delete succeeds on 200 with a body, 202 and 204', async () => {
      const c = h.client();
      const answers = [
        { status: 200, body: { id: 1, object: 'report', deleted: true, status: 200 } },
        { status: 202, body: 'Accepted', contentType: 'text/plain' },
        { status: 204, body: null },
      ];
      for (const answer of answers) {
        h.service.addFault({ method: 'DELETE', times: 1, ...answer });
        await c.deleteReport(1);
      }
      await c.deleteReport(2); // and the service's own answer, whatever its shape
      await rejects(c.getReport(2), 'not-found');
    });

    it('refuses ids that are not a plain path segment, before sending', async () => {
      const c = h.client();
      for (const id of ['.', '..', ' .. ', 'a/b', '..%2f', '%2e%2e', 'a?b', 'a#b', 'a b', '', '\u2024\u2024', NaN, Infinity]) {
        await rejects(c.deleteReport(id), 'invalid-input');
        await rejects(c.getReport(id), 'invalid-input');
        await rejects(c.updateReport(id, { privacy: 0 }), 'invalid-input');
      }
      assert.deepEqual(h.service.requests(), [], 'no request went out');
      await c.getReport('5'); // a numeric string is fine
    });

    it('a key echoed across the cut of a long message is redacted whole, in messages and field errors', async () => {
      const filler = 'x'.repeat(290); // the 300-character cut falls inside the key
      h.service.addFault({ method: 'GET', status: 500, body: { message: `${filler}${KEY} tail` }, times: 0 });
      const server = await rejects(h.client({ retry: { retries: 0 } }).getAccount(), 'server');
      h.service.clearFaults();
      h.service.addFault({ method: 'PUT', status: 422, body: { message: { privacy: [`${filler}${KEY}`] }, status: 422 }, times: 1 });
      const field = await rejects(h.client().updateReport(1, { privacy: 1 }), 'validation');
      for (const error of [server, field]) {
        const shown = [error.message, error.serviceMessage ?? '', ...error.fieldMessages()].join('\n');
        assert.ok(!shown.includes(KEY.slice(0, 8)), `no part of the key in: ${shown.slice(280, 340)}`);
        messages.push(shown);
      }
    });

    it('a key echoed in a same-origin links.next is followed but logged redacted', async () => {
      const next = `${h.service.url}/api/v1/reports?page=2&api_key=${encodeURIComponent(KEY)}&raw=${KEY}`;
      h.service.addFault({
        method: 'GET',
        path: '/api/v1/reports',
        status: 200,
        body: {
          data: [{ id: 1, url: 'https://a.test' }],
          links: { next },
          meta: { current_page: 1, last_page: 2, per_page: 10, total: 11 },
        },
        times: 1,
      });
      const mark = h.logLines.length;
      const c = h.client();
      await c.nextPage(await c.listReports());
      const lines = h.logLines.slice(mark);
      assert.ok(
        lines.some((l) => l.includes('api_key=[redacted]') && l.includes('raw=[redacted]')),
        `the followed link is logged redacted: ${lines.join(' | ')}`,
      );
      assert.equal(h.service.requests().at(-1)?.query.page, '2');
    });

    it('a cross-origin links.next is not followed', async () => {
      const evil = `${other.url}/api/v1/reports?page=2`;
      h.service.addFault({
        method: 'GET',
        path: '/api/v1/reports',
        status: 200,
        body: {
          data: [{ id: 1, url: 'https://a.test' }],
          links: { next: evil },
          meta: { current_page: 1, last_page: 2, per_page: 10, total: 11 },
        },
        times: 1,
      });
      const c = h.client();
      const first = await c.listReports();
      assert.equal(first.nextLink, undefined);
      assert.equal(first.hasMore, true);
      const second = await c.nextPage(first);
      assert.equal(second.page, 2);
      assert.equal(other.requests().length, 0, 'nothing was sent to the other origin');
      assert.equal(h.service.requests().at(-1)?.query.page, '2');
      assert.ok(h.logLines.some((l) => l.includes('another origin')));
    });

    it('a redirect is not followed', async () => {
      h.service.addFault({ status: 302, headers: { Location: `${other.url}/api/v1/account` }, body: '', times: 1 });
      const error = await rejects(h.client().getAccount(), 'bad-response');
      assert.match(error.message, /redirect/);
      assert.equal(other.requests().length, 0);
    });

    it('a key echoed by the service is redacted from the error', async () => {
      h.service.addFault({ status: 422, body: { message: `Key ${KEY} is invalid`, errors: { key: [`bad ${KEY}`] } }, times: 1 });
      const error = await rejects(h.client().getAccount(), 'validation');
      assert.doesNotMatch(error.message, new RegExp(KEY));
      assert.doesNotMatch(error.fieldMessages().join(' '), new RegExp(KEY));
      messages.push(error.message, ...error.fieldMessages());
    });

    // Runs after the tests above, so it sees everything they produced.
    it('never puts the key, or a part of it, in an error message or a log line', () => {
      assert.ok(messages.length >= 4 && h.logLines.length > 10, 'the other tests produced messages and logs');
      for (const line of [...messages, ...h.logLines]) {
        assert.ok(!line.includes(KEY.slice(0, 8)) && !line.includes(encodeURIComponent(KEY)), `a key leaked in: ${line}`);
      }
    });
  });
}
