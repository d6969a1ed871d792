// The world of the `check` tests (check, checkOutputs, checkWrites .test.ts): the real local service over
// loopback with reports loaded from a data file (a good, a decent, a bad and a worse page; one URL
// with no report), its analysis a constant for the reports the tests create or re-run.
import { startService, type RunningService } from '../../../service/server';
import { writeDataFile } from '../actions/reportRecords';
import { removeProjects } from './runCli';

export const KEY = 'cli-test-key-5521-secret';
export const GOOD = 'https://good.example.com/page';
export const DECENT = 'https://decent.example.com/page';
export const BAD = 'https://bad.example.com/page';
export const NONE = 'https://none.example.com/page';
/** Left alone by the tests that write (re-run, create). */
export const WORSE = 'https://worse.example.com/page';

// Set by the hooks useCheckWorld registers; the tests read them as they read their own variables.
export let service: RunningService;
export let env: Record<string, string>;

/** Registers, in the describe it is called in, the hooks that start, clear and stop the service. */
export function useCheckWorld(): void {
  before(async () => {
    const dataFile = await writeDataFile([
      { url: GOOD, score: 90 },
      { url: DECENT, score: 60, failed: 1 },
      { url: BAD, score: 30, failed: 2 },
      { url: WORSE, score: 20, failed: 3 },
    ]);
    service = await startService({
      apiKey: KEY,
      control: true,
      dataFile,
      analyze: async () => ({
        score: 95,
        result: 'good',
        results: { title: { passed: true, importance: 'high', value: 'Title' }, h1: { passed: true, importance: 'high', value: 'H' } },
      }),
    });
    env = { WEBREPORTS_API_KEY: KEY, WEBREPORTS_BASE_URL: service.url };
  });
  after(async () => {
    await service.close();
    await removeProjects();
  });
  beforeEach(() => {
    service.clearRequests();
    service.clearFaults();
  });
}

export const writes = () => service.requests().filter((r) => r.method !== 'GET');
