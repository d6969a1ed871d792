import { strict as assert } from 'node:assert';
import { isSecretField, mask, maskSecrets, withoutSecrets } from '../../../core/render/secrets';
import { renderFields } from '../../../core/render/values';
import { renderAccountBody } from '../../../core/render/accountView';
import { renderReportBody } from '../../../core/render/reportView';
import { textOf } from './htmlAssertions';
import { redactorFor } from '../../../core/client/redact';

const KEY = 'wr_live_5f3a9c1e7d2b48a6';
const MASK = mask();

describe('webviews: secret-looking account fields are masked', () => {
  it('recognises key, token, secret and password names in any case style', () => {
    for (const name of ['api_key', 'apiKey', 'API-KEY', 'key', 'access_token', 'accessToken', 'client-secret', 'Password', 'passwd']) {
      assert.equal(isSecretField(name), true, name);
    }
    for (const name of [
      'monkey',
      'tokens_used',
      'keyboard',
      'email',
      'plan',
      'reports_count',
      'passwordless',
      'author',
      'key_expires_at',
    ]) {
      assert.equal(isSecretField(name), false, name);
    }
  });
  it('recognises the names a key was seen echoed under', () => {
    for (const name of [
      'authorization',
      'Authorization',
      'bearer',
      'credentials',
      'auth',
      'api_keys',
      'apiKeys',
      'x-auth-token',
      'authToken',
      'jwt',
    ]) {
      assert.equal(isSecretField(name), true, name);
    }
  });
  it('masks at any depth and keeps the rest', () => {
    const masked = withoutSecrets({ name: 'A', api_key: 'sk-123', nested: { token: 't', n: 1 }, list: [{ secret: 's' }], empty_key: '' });
    assert.deepEqual(masked, {
      name: 'A',
      api_key: MASK,
      nested: { token: MASK, n: 1 },
      list: [{ secret: MASK }],
      empty_key: '',
    });
  });
  it('masks any value equal to or containing the key, and a field named by it, whatever the names', () => {
    const masked = maskSecrets(
      {
        note: KEY,
        header: `Bearer ${KEY}`,
        link: `https://svc.test/api?k=${encodeURIComponent(KEY)}&x=1`,
        deep: { a: [{ b: { c: [`prefix ${KEY} suffix`] } }] },
        [KEY]: 'value',
        other: 'kept',
      },
      { key: KEY },
    );
    assert.equal(JSON.stringify(masked).includes(KEY), false);
    assert.equal(masked.other, 'kept');
    assert.equal(masked.note, MASK);
    assert.equal(masked.header, MASK);
    assert.equal(masked.link, MASK);
    assert.equal((masked as Record<string, unknown>)[MASK], 'value');
  });
  it('a short key is masked wherever it is echoed, like the log redactor does', () => {
    assert.deepEqual(maskSecrets({ a: 'ab', b: 'Bearer ab', c: 'kept' }, { key: 'ab' }), { a: MASK, b: MASK, c: 'kept' });
  });
  it('masks the key in every form the log redactor knows, form-encoded too', () => {
    const key = 'k3y~secret!';
    const echoed = { link: 'https://svc.test/next?key=k3y%7Esecret%21', form: 'key=k3y%7Esecret%21&page=2' };
    const redact = redactorFor(key);
    const masked = maskSecrets(echoed, { key });
    for (const field of ['link', 'form'] as const) {
      assert.notEqual(redact(echoed[field]), echoed[field], `the redactor hides ${field}`);
      assert.equal(masked[field], MASK, `the panel hides ${field}`);
    }
  });
});

describe('webviews: the key never reaches the screen', () => {
  const account = {
    name: `Ann ${KEY}`,
    email: 'ann@example.test',
    authorization: `Bearer ${KEY}`,
    bearer: 'anything',
    credentials: { user: 'ann', pass: 'x' },
    auth: 'x',
    api_keys: ['k1', 'k2'],
    apiKeys: ['k3'],
    echoed: { where: [{ deeper: KEY }] },
    plan: { name: 'Pro', note: `key=${KEY}` },
  };

  it('account panel: masked by name and by value, the rest shown', () => {
    const text = textOf(renderAccountBody({ account, keySource: 'secret-storage' }, { secret: KEY }));
    assert.equal(text.includes(KEY), false);
    for (const shown of ['ann@example.test', 'Pro']) assert.ok(text.includes(shown), shown);
    for (const hidden of ['anything', 'k1', 'k3', 'user']) assert.equal(text.includes(hidden), false, hidden);
  });

  it('report panel: a key echoed in a record is masked', () => {
    const text = textOf(
      renderReportBody({ id: 1, url: 'https://a.test/', project: KEY, results: { title: { passed: true, value: KEY } } }, { secret: KEY }),
    );
    assert.equal(text.includes(KEY), false);
    assert.ok(text.includes(MASK));
  });
});

describe('webviews: identifiers are shown as given', () => {
  it('does not group the digits of ids', () => {
    const out = renderFields({ id: 9001, project_id: 123456, count: 9001 }, undefined, { locale: 'en-US' }).value;
    assert.match(out, />9001</);
    assert.match(out, />123456</);
    assert.match(out, /9,001/, 'other numbers keep locale grouping');
  });
});
