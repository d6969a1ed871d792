import { strict as assert } from 'node:assert';
import { call, start } from './helpers';

describe('service: POST /__control/reset with a seed count', () => {
  it('reseeds with the given number of demo reports, then back to the start seed', async () => {
    const service = await start({ seed: 3 });
    try {
      assert.equal((await call(service, 'POST', '/__control/reset', { key: null, json: { seed: 60 } })).status, 204);
      assert.equal((await call(service, 'GET', '/api/v1/reports')).body.meta.total, 60);
      assert.equal((await call(service, 'POST', '/__control/reset', { key: null })).status, 204);
      assert.equal((await call(service, 'GET', '/api/v1/reports')).body.meta.total, 3);
      assert.equal((await call(service, 'POST', '/__control/reset', { key: null, json: { seed: -1 } })).status, 422);
      assert.equal(
        (await call(service, 'POST', '/__control/reset', { key: null, body: '{oops', headers: { 'content-type': 'application/json' } }))
          .status,
        400,
      );
    } finally {
      await service.close();
    }
  });
});
