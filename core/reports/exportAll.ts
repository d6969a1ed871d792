// Export: every report of a list (its search, project and sort), every page, written to a sink as
// it arrives (streamed: memory holds one page), as CSV or as a JSON array of the records as the
// service sent them. Pages are read 100 at a time, paced by the client. Writing a record
// never throws: values nested deeper than EXPORT_MAX_DEPTH are written as a marker (boundedJson).
// To a file, it replaces the file only when complete (core/files/atomicWrite.ts).
import * as l10n from '@vscode/l10n';
import type { CallOptions } from '../client/client';
import { ApiError } from '../client/errors';
import { writeAtomicallyFrom } from '../files/atomicWrite';
import { ListQuery, ReportPage } from '../client/types';
import { boundedJson } from '../text/safeJson';
import { csvHeader, csvReport } from './csv';
import { ListSource } from './urlLookup';

export type ExportFormat = 'csv' | 'json';

export interface ExportSink {
  write(chunk: string): Promise<void>;
}

export interface ExportOptions {
  signal?: AbortSignal;
  /** After each page: records written so far, and the total when the service said. */
  onProgress?: (written: number, total: number | undefined) => void;
  /** Safety stop against a service that never ends its list. */
  maxPages?: number;
}

export async function exportReports(
  source: ListSource,
  query: ListQuery,
  format: ExportFormat,
  sink: ExportSink,
  options: ExportOptions = {},
): Promise<{ written: number }> {
  const { signal } = options;
  const first: ListQuery = { ...query, perPage: 100, page: undefined };
  const call: CallOptions = { signal, priority: 'interactive' };
  let written = 0;
  await sink.write(format === 'csv' ? csvHeader() : '[');
  let page: ReportPage | undefined;
  for (let n = 0; n < (options.maxPages ?? 10_000); n++) {
    if (signal?.aborted) throw new ApiError('cancelled', l10n.t('The export was cancelled.'));
    const previous = page;
    page = await (previous ? source.nextPage(previous, call) : source.listReports(first, call));
    let chunk = '';
    for (const report of page.items) {
      chunk += format === 'csv' ? csvReport(report) : `${written === 0 ? '\n' : ',\n'}${boundedJson(report)}`;
      written++;
    }
    if (chunk) await sink.write(chunk);
    options.onProgress?.(written, page.total);
    if (!page.hasMore) break;
  }
  await sink.write(format === 'csv' ? '' : written ? '\n]\n' : ']\n');
  return { written };
}

/** The export written to `file`, which it replaces whole once complete; a failed or cancelled one leaves it as it was. */
export function exportReportsToFile(
  file: string,
  list: { source: ListSource; query: ListQuery; format: ExportFormat },
  options: ExportOptions = {},
): Promise<{ written: number }> {
  return writeAtomicallyFrom(file, (write) => exportReports(list.source, list.query, list.format, { write }, options));
}
