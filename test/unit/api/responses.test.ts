// Statuses and bodies to results and errors, as the real service (phpRank) and others send them:
// 422 field errors under `errors` or an object `message`, 403 that is not a bad key, delete
// answers, the next step each error names, and redaction before anything is shortened.
import { strict as assert } from 'node:assert';
import { ApiError, usualNextStep } from '../../../core/client/errors';
import { redactorFor } from '../../../core/client/redact';
import { interpret, ResponseContext } from '../../../core/client/responses';

const ctx: ResponseContext = { what: 'create the report' };
const raw = (status: number, body: unknown, headers: Record<string, string> = {}) => ({
  status,
  headers,
  body: Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)),
});

function failure(status: number, body: unknown, context: ResponseContext = ctx, headers: Record<string, string> = {}): ApiError {
  try {
    interpret(raw(status, body, headers), context);
  } catch (error) {
    assert.ok(error instanceof ApiError);
    return error;
  }
  throw new assert.AssertionError({ message: `HTTP ${status} did not fail` });
}

describe('api: statuses to errors', () => {
  it('maps each status family to its kind', () => {
    const kinds: Array<[number, unknown, string]> = [
      [401, { message: 'Unauthenticated.' }, 'auth'],
      [403, { message: 'This action is unauthorized.' }, 'forbidden'],
      [404, { message: 'Resource not found.', status: 404 }, 'not-found'],
      [422, { errors: { url: ['bad'] } }, 'validation'],
      [429, {}, 'rate-limited'],
      [502, '<html>bad gateway</html>', 'server'],
      [302, '', 'bad-response'],
      [418, {}, 'bad-response'],
    ];
    for (const [status, body, kind] of kinds) assert.equal(failure(status, body).kind, kind, `HTTP ${status}`);
    assert.equal(failure(200, '<html>').kind, 'bad-response');
    // The report API answers 404 in JSON, even for an unknown route: an HTML 404 is another site's.
    const page = failure(404, '<html><title>Nope</title></html>', { ...ctx, url: 'https://www.example.com/api/v1/reports' });
    assert.equal(page.kind, 'bad-response');
    assert.equal(page.notAService, 'HTTP 404 with an HTML page titled "Nope"');
    assert.match(page.message, /^https:\/\/www\.example\.com does not answer as a report service/);
    assert.match(
      failure(405, 'Method Not Allowed', ctx).message,
      /^The address does not answer as a report service: it gave HTTP 405 with no content type/,
    );
    assert.equal(interpret(raw(204, ''), ctx), undefined);
  });

  it('reads 422 field errors under an object message, as the real service sends them', () => {
    const error = failure(422, { message: { url: ['The url could not be reached.'] }, status: 422 });
    assert.deepEqual(error.fieldErrors, { url: ['The url could not be reached.'] });
    assert.equal(error.serviceMessage, undefined, 'an object message is not a message');
    assert.match(error.message, /url: The url could not be reached\./);
    assert.deepEqual(error.next, { kind: 'edit-input', field: 'url' });
  });

  it("reads Laravel's default { message, errors } too, with the string message kept", () => {
    const error = failure(422, { message: 'The given data was invalid.', errors: { privacy: ['Must be 0, 1 or 2.'] } });
    assert.deepEqual(error.fieldErrors, { privacy: ['Must be 0, 1 or 2.'] });
    assert.equal(error.serviceMessage, 'The given data was invalid.');
  });

  it('flattens strings, numbers and nested values, bounded, and keeps odd field names as plain keys', () => {
    // Written as text: a 10,000-deep array and a "__proto__" key cannot be built as literals.
    const fields = {
      url: 'one string',
      privacy: [['nested', ['deeper']], { inner: 'object value' }, 5, true, null],
      many: Array.from({ length: 500 }, (_, i) => `m${i}`),
      empty: [],
    };
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    const text = `{"message": ${JSON.stringify(fields).slice(0, -1)}, "deep": ${deep}, "__proto__": ["prototype?"]}}`;
    const error = failure(422, text);
    assert.deepEqual(error.fieldErrors?.url, ['one string']);
    assert.deepEqual(error.fieldErrors?.privacy, ['nested', 'deeper', 'object value', '5', 'true']);
    assert.equal(error.fieldErrors?.deep, undefined, 'nothing printable within the depth bound');
    assert.equal(error.fieldErrors?.many?.length, 10);
    assert.equal('empty' in (error.fieldErrors ?? {}), false);
    assert.equal(Object.getPrototypeOf(error.fieldErrors), Object.prototype);
    assert.deepEqual(Object.getOwnPropertyDescriptor(error.fieldErrors, '__proto__')?.value, ['prototype?']);
    assert.ok(error.message.length < 1000, `the message stays short (${error.message.length})`);
  });

  it('a message of another type is neither a service message nor field errors', () => {
    for (const message of [42, true, ['a list'], null]) {
      const error = failure(500, { message });
      assert.equal(error.serviceMessage, undefined, JSON.stringify(message));
      assert.equal(error.kind, 'server');
    }
  });

  it('a 403 says what it means where it happened, never that the key is bad', () => {
    const report = failure(
      403,
      { message: 'This action is unauthorized.' },
      {
        what: 'update report 5',
        forbidden: { message: "Report 5 is missing or not this account's", next: { kind: 'refresh' } },
      },
    );
    assert.equal(report.kind, 'forbidden');
    assert.match(report.message, /^Report 5 is missing or not this account's \(HTTP 403: This action is unauthorized\.\)\.$/);
    assert.deepEqual(report.next, { kind: 'refresh' });
    const plain = failure(403, {});
    assert.doesNotMatch(plain.message, /API Key|sign/i);
    assert.equal(plain.next, undefined);
  });

  it('delete: any 2xx is success when the body does not matter, JSON or not', () => {
    const del: ResponseContext = { what: 'delete report 5', ignoreBody: true };
    assert.equal(interpret(raw(200, { id: 5, object: 'report', deleted: true, status: 200 }), del), undefined);
    assert.equal(interpret(raw(202, 'Accepted'), del), undefined);
    assert.equal(interpret(raw(204, ''), del), undefined);
  });

  it('every error names its next step as data', () => {
    assert.deepEqual(failure(401, {}).next, { kind: 'set-api-key' });
    assert.deepEqual(failure(404, {}).next, { kind: 'refresh' });
    assert.deepEqual(failure(429, {}, ctx, { 'retry-after': '7' }).next, { kind: 'retry', afterMs: 7000 });
    assert.deepEqual(failure(503, {}).next, { kind: 'retry', afterMs: undefined });
    assert.deepEqual(failure(302, '', ctx, { location: 'https://elsewhere/' }).next, {
      kind: 'open-setting',
      setting: 'webReports.baseUrl',
    });
    assert.deepEqual(failure(200, '<html>').next, { kind: 'open-setting', setting: 'webReports.baseUrl' });
    assert.deepEqual(usualNextStep('timeout'), { kind: 'open-setting', setting: 'webReports.requestTimeoutSeconds' });
    assert.equal(usualNextStep('cancelled'), undefined);
  });

  it('redacts the key before shortening: a key across the cut leaves no part behind', () => {
    const key = 'sk_live_0123456789abcdefXYZ';
    const clean = redactorFor(key);
    const long = `${'x'.repeat(290)}${key}${'y'.repeat(50)}`;
    const errors = [
      failure(500, { message: long }, { ...ctx, clean }),
      failure(422, { message: { url: [long] } }, { ...ctx, clean }),
      failure(200, `<html>${'z'.repeat(70)}${key}`, { ...ctx, clean }),
      failure(302, '', { ...ctx, clean }, { location: `https://elsewhere/${'p'.repeat(100)}?k=${encodeURIComponent(key)}` }),
    ];
    for (const error of errors) {
      const shown = [error.message, error.serviceMessage ?? '', ...error.fieldMessages()].join('\n');
      assert.ok(!shown.includes(key.slice(0, 6)), `part of the key in: ${shown}`);
    }
    assert.ok(!failure(500, { message: long }, ctx).message.includes(key), 'without a redactor the cut alone hides the tail only');
  });
});
