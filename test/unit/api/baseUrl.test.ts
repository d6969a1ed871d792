// The base URL (normalised, loopback or not, same origin) and the choice of proxy.
import { strict as assert } from 'node:assert';
import { apiUrl, baseUrlProblem, isSameOrigin, parseBaseUrl } from '../../../core/client/baseUrl';
import { ConfigError, parseConfig } from '../../../core/config/configFile';
import { isLoopbackHost } from '../../../core/urls/hostAddress';
import { ApiError } from '../../../core/client/errors';
import { bypassesProxy, chooseProxy } from '../../../core/client/proxy';

describe('api: base URL and proxy', () => {
  it('normalises the base URL and flags clear-text keys', () => {
    const base = parseBaseUrl('https://r.example.com/svc/');
    assert.equal(apiUrl(base, 'reports'), 'https://r.example.com/svc/api/v1/reports');
    assert.equal(parseBaseUrl('http://127.0.0.1:9/').insecure, false);
    assert.equal(parseBaseUrl('http://localhost:9').insecure, false);
    assert.equal(parseBaseUrl('http://r.example.com').insecure, true);
    assert.throws(
      () => parseBaseUrl(''),
      (e: unknown) => (e as ApiError).kind === 'not-configured',
    );
    assert.throws(() => parseBaseUrl('ftp://x'), /http or https/);
    assert.throws(() => parseBaseUrl('https://u:p@x'), /credentials/);
    assert.equal(isSameOrigin(base, 'https://r.example.com/other?page=2'), true);
    assert.equal(isSameOrigin(base, 'https://evil.example.com/svc/api/v1/reports'), false);
    assert.equal(isSameOrigin(base, 'http://r.example.com/svc'), false);
  });
  it('chooses the settings proxy, then the environment, and never for loopback', () => {
    assert.equal(chooseProxy('http://127.0.0.1:3000', { proxy: 'http://proxy:8080' }), undefined);
    assert.equal(chooseProxy('https://r.example.com', { proxy: 'http://proxy:8080', strictSSL: false })?.strictSSL, false);
    assert.equal(chooseProxy('https://r.example.com', { proxy: 'http://proxy:8080', noProxy: ['.example.com'] }), undefined);
    assert.equal(chooseProxy('https://r.example.com', { env: { HTTPS_PROXY: 'http://p:1' } })?.source, 'environment');
    // VS Code's http.proxySupport "off": no proxy for extensions, from the settings or the environment.
    assert.equal(chooseProxy('https://r.example.com', { proxy: 'http://proxy:8080', support: 'off' }), undefined);
    assert.equal(chooseProxy('https://r.example.com', { env: { HTTPS_PROXY: 'http://p:1' }, support: 'off' }), undefined);
    assert.equal(chooseProxy('https://r.example.com', { proxy: 'http://proxy:8080', support: 'override' })?.source, 'settings');
    assert.equal(chooseProxy('https://r.example.com', { env: { https_proxy: 'http://p:1', NO_PROXY: 'r.example.com' } }), undefined);
    assert.equal(chooseProxy('https://r.example.com', { env: {} }), undefined);
    assert.equal(bypassesProxy('a.b.com', '443', ['b.com:443']), true);
    assert.equal(bypassesProxy('a.b.com', '80', ['b.com:443']), false);
    assert.equal(bypassesProxy('ab.com', '80', ['b.com']), false);
  });

  it('counts only localhost itself and loopback IP literals as loopback, not *.localhost', () => {
    for (const host of ['localhost', 'LOCALHOST', '127.0.0.1', '127.255.0.9', '[::1]', '::1', '[::ffff:7f00:1]', '::ffff:127.0.0.1']) {
      assert.equal(isLoopbackHost(host), true, host);
    }
    for (const host of [
      'evil.localhost',
      'a.b.localhost',
      'localhost.evil.com',
      '127.0.0.1.evil.com',
      '127.0.0.256',
      '128.0.0.1',
      '::2',
      '[::ffff:a00:1]',
      '::ffff:127.0.0.256',
      '',
    ]) {
      assert.equal(isLoopbackHost(host), false, host);
    }
    assert.equal(parseBaseUrl('http://evil.localhost:8080').insecure, true, 'plain http to it is warned about');
    assert.equal(
      chooseProxy('http://evil.localhost', { proxy: 'http://proxy:8080' })?.uri,
      'http://proxy:8080',
      'and it goes through the proxy',
    );
    // The IPv4-mapped spelling of 127.0.0.1 is this machine: plain http is fine and no proxy is asked.
    const mapped = 'http://[::ffff:127.0.0.1]:8080';
    assert.equal(new URL(mapped).hostname, '[::ffff:7f00:1]');
    assert.equal(parseBaseUrl(mapped).insecure, false);
    assert.equal(chooseProxy(mapped, { env: { HTTP_PROXY: 'http://proxy:8080' } }), undefined);
  });

  it('points every base-URL problem at the setting', () => {
    for (const raw of ['', 'not a url', 'ftp://x', 'https://u:p@x']) {
      assert.throws(
        () => parseBaseUrl(raw),
        (e: unknown) => e instanceof ApiError && e.next?.kind === 'open-setting' && e.next.setting === 'webReports.baseUrl',
      );
    }
  });

  it('one rule for the service address: the setting, its input box and the config accept and refuse the same', () => {
    const refusedByConfig = (raw: string) => {
      try {
        parseConfig(JSON.stringify({ baseUrl: raw }), 'c.json');
        return false;
      } catch (error) {
        assert.ok(error instanceof ConfigError && error.field === 'baseUrl', String(error));
        return true;
      }
    };
    for (const raw of [
      'https://user:pw@reports.example.com/',
      'https://svc/?x',
      'https://svc/#top',
      'https:svc',
      'http:/svc',
      'ftp://svc',
    ]) {
      assert.throws(() => parseBaseUrl(raw), ApiError, raw);
      assert.ok(baseUrlProblem(raw), raw);
      assert.ok(refusedByConfig(raw), raw);
    }
    for (const raw of ['https://reports.example.com', 'http://127.0.0.1:8080/svc/', ' https://svc ']) {
      assert.equal(baseUrlProblem(raw), undefined, raw);
      assert.ok(!refusedByConfig(raw), raw);
    }
    assert.match(baseUrlProblem('https://svc/?x') ?? '', /must not contain credentials, a query or a fragment/);
  });
});
