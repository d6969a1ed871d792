import { strict as assert } from 'node:assert';
import { isSecretField, withoutSecrets } from '../../../src/webviews/render/secrets';
import { renderFields } from '../../../src/webviews/render/format';

describe('webviews: secret-looking account fields are masked', () => {
  it('recognises key, token, secret and password names in any case style', () => {
    for (const name of ['api_key', 'apiKey', 'API-KEY', 'key', 'access_token', 'accessToken', 'client-secret', 'Password', 'passwd'])
      assert.equal(isSecretField(name), true, name);
    for (const name of ['monkey', 'tokens_used', 'keyboard', 'email', 'plan', 'reports_count', 'passwordless'])
      assert.equal(isSecretField(name), false, name);
  });
  it('masks at any depth and keeps the rest', () => {
    const masked = withoutSecrets({ name: 'A', api_key: 'sk-123', nested: { token: 't', n: 1 }, list: [{ secret: 's' }], empty_key: '' });
    assert.deepEqual(masked, {
      name: 'A',
      api_key: '•••• (hidden)',
      nested: { token: '•••• (hidden)', n: 1 },
      list: [{ secret: '•••• (hidden)' }],
      empty_key: '',
    });
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
