// The words of a preview and of a scan's result, shared by the editor's notifications and the
// command line's text output.
import * as l10n from '@vscode/l10n';
import { describeDelay } from '../client/errors';
import type { ScanPreview } from './preview';
import type { ScanResult } from './runScan';

/** "120 found, 80 new, 40 skipped; about 2 minutes at the service's rate limit". */
export function describePreview(preview: ScanPreview): string {
  if (!preview.toCreate.length) {
    return l10n.t('{0} found, none new, {1} skipped: nothing to create.', preview.found, preview.skipped);
  }
  return l10n.t(
    "{0} found, {1} new, {2} skipped; about {3} at the service's rate limit.",
    preview.found,
    preview.toCreate.length,
    preview.skipped,
    describeDelay(preview.estimateMs),
  );
}

/** "120 found: 78 created, 40 skipped, 2 failed". */
export function describeScanResult(result: Pick<ScanResult, 'found' | 'created' | 'skipped' | 'failed'>): string {
  return l10n.t('{0} found: {1} created, {2} skipped, {3} failed', result.found, result.created, result.skipped, result.failed);
}
