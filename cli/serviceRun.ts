// The service side of one `check` run of URLs, opened before judging's code is loaded (judge.ts):
// the baseline read (a broken one fails the run before anything is sent), the service chosen, the
// client opened and the lookups made, their first request already on its way — its round trip
// passes while the rest of the command loads, instead of after.
import type { ReportsClient } from '../core/client/client';
import type { ApiError } from '../core/client/errors';
import { redactorFor } from '../core/client/redact';
import type { Baseline } from '../core/config/baseline';
import type { GateConfig } from '../core/config/configFile';
import { UrlLookup } from '../core/reports/urlLookup';
import type { CheckOptions } from './args';
import type { CliIo } from './cliIo';
import { chooseService, openClient, serviceProblem, stoppingFailure } from './service';

export interface ServiceRun {
  client: ReportsClient;
  lookup: UrlLookup;
  failures: Failures;
  /** Takes the key out of a text: nothing written or printed holds it, even when the service echoes it (as a check name). */
  clean: (text: string) => string;
  baseline?: Baseline;
  /** Closes the client, once (a second call waits for the same). */
  close(): Promise<void>;
}

/** Opens the run's service and sends the first request looking up `urls` would send. */
export async function openServiceRun(options: CheckOptions, io: CliIo, config: GateConfig, urls: readonly string[]): Promise<ServiceRun> {
  const baseline = options.baseline
    ? await (await import('./delivery')).readBaselineFile(options.baseline, options.updateBaseline, io)
    : undefined;
  const service = chooseService(options.baseUrl, io.env, config);
  const client = openClient(service, io.env, io.version);
  const failures = new Failures();
  failures.address = client.base.href;
  failures.source = service.source;
  const lookup = new UrlLookup({ source: () => client });
  let closed: Promise<void> | undefined;
  const run: ServiceRun = {
    client,
    lookup,
    failures,
    clean: redactorFor(service.apiKey),
    baseline,
    close: () => (closed ??= client.dispose()),
  };
  await lookup.prefetch(urls, 'command');
  return run;
}

/** The service failures of a run: a refused key or a bad address ends it at once; the first other one is said at the end. */
export class Failures {
  first: string | undefined;
  /** The service's address, named when it could not be reached, and where it was set. */
  address: string | undefined;
  source = '--base-url';

  note(error: ApiError): void {
    this.first ??= serviceProblem(error, this.address);
    const stopping = stoppingFailure(error, this.address === undefined ? undefined : { address: this.address, source: this.source });
    if (stopping) throw stopping;
  }
}
