// Bytes the tree's model keeps per report it holds (scripts/bench/footprint.ts measures it in a child
// Node with forced GC), against the goal of 1 KiB, with whole records held as the control.
import { measureBytesPerReport } from './footprint';
import type { Row, Settings } from './measure';

export async function modelRows(settings: Settings): Promise<Row[]> {
  const reports = settings.quick ? 300 : 3000;
  const model = await measureBytesPerReport({ reports, recordBytes: 20_000 });
  const records = await measureBytesPerReport({ reports, recordBytes: 20_000, hold: 'records' });
  return [
    {
      name: `model bytes per report held vs 1 KiB (${reports} records of 20 KB)`,
      value: `${model.bytesPerReport} B (whole records: ${records.bytesPerReport} B)`,
      ratio: model.bytesPerReport / 1024,
      goal: 1,
    },
  ];
}
