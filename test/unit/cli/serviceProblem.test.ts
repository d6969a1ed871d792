// The one line a failed run says of the service: the address that did not answer, and why when the
// client knew (a refused connection, a proxy that said no); the words never come from the service.
import { strict as assert } from 'node:assert';
import { ApiError } from '../../../core/client/errors';
import { chooseService, serviceOriginOf, serviceProblem } from '../../../cli/service';
import { CliFailure } from '../../../cli/usageError';
import { defaultConfig } from '../../../core/config/configFile';

describe('cli: what a failed run says of the service', () => {
  it('names the address that did not answer, and the reason the client gave', () => {
    const plain = new ApiError('network', 'Could not reach …');
    assert.equal(serviceProblem(plain, 'https://r.example/api/v1'), 'it could not be reached at https://r.example/api/v1');
    const proxied = new ApiError('network', 'Could not reach …', { reason: 'the proxy refused to connect to it (HTTP 403)' });
    assert.equal(
      serviceProblem(proxied, 'https://r.example/api/v1'),
      'it could not be reached at https://r.example/api/v1: the proxy refused to connect to it (HTTP 403)',
    );
  });

  it("the service address that check --local guards is chosen by chooseService's rule", () => {
    const config = { ...defaultConfig(), baseUrl: 'https://from-config.example/svc' };
    const empty = { WEBREPORTS_BASE_URL: '' };
    for (const choose of [
      () => serviceOriginOf(undefined, empty, config),
      () => chooseService(undefined, { ...empty, WEBREPORTS_API_KEY: 'k' }, config),
    ]) {
      assert.throws(
        choose,
        (e: unknown) => e instanceof CliFailure && e.kind === 'config' && /WEBREPORTS_BASE_URL is set but empty/.test(e.message),
      );
    }
    assert.equal(serviceOriginOf(undefined, {}, config), 'https://from-config.example');
    assert.equal(serviceOriginOf('http://127.0.0.1:9/', { WEBREPORTS_BASE_URL: 'https://env.example' }, config), 'http://127.0.0.1:9');
    assert.equal(serviceOriginOf(undefined, { WEBREPORTS_BASE_URL: 'https://env.example/' }, config), 'https://env.example');
    assert.equal(serviceOriginOf(undefined, {}, defaultConfig()), undefined);
    assert.throws(
      () => serviceOriginOf('https://svc/?x', {}, config),
      (e: unknown) => e instanceof CliFailure && /--base-url is not usable/.test(e.message),
    );
  });
});
