// The model holds a small projection per report whatever the size of the service's records:
// measured on the V8 heap in a child Node with forced GC (see scripts/bench/footprint.ts for why a
// measurement and not a structural estimate). The control run holds the records themselves, so
// the test shows the measurement sees what is kept.
import { strict as assert } from 'node:assert';
import { measureBytesPerReport, recordJson } from '../../../scripts/bench/footprint';

describe('model: bytes per report held', function () {
  this.timeout(60_000);

  it('the records fed in are as big as asked', () => {
    const size = recordJson(1, 'decent', 20_000).length;
    assert.ok(size >= 19_000 && size <= 21_000, `${size} bytes`);
  });

  it('at 1,000 reports of 20 KB each the model keeps at most 1 KB per report', async () => {
    const [model, records] = await Promise.all([
      measureBytesPerReport({ reports: 1000, recordBytes: 20_000 }),
      measureBytesPerReport({ reports: 1000, recordBytes: 20_000, hold: 'records' }),
    ]);
    assert.ok(records.bytesPerReport >= 15_000, `the control holding whole records measures ${records.bytesPerReport} B per report`);
    assert.ok(model.bytesPerReport <= 1024, `the model keeps ${model.bytesPerReport} B per report`);
  });
});
