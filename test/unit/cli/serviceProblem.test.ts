// The one line a failed run says of the service: the address that did not answer, and why when the
// client knew (a refused connection, a proxy that said no); the words never come from the service.
import { strict as assert } from 'node:assert';
import { ApiError } from '../../../core/client/errors';
import { serviceProblem } from '../../../cli/service';

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
});
