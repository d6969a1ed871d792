// The report in the format asked for. The key is taken out of every text first: a service may
// echo it (as a check name), and the report may be written to a file or a pull request.
import { GateReport, redactReport } from '../../core/config/gateReport';
import type { Format } from '../args';
import { formatCodeQuality } from './codequality';
import { formatJson, jsonPieces } from './json';
import { formatJunit } from './junit';
import { formatMarkdown } from './markdown';
import { formatSarif } from './sarif';
import { formatText } from './text';

export interface FormatOptions {
  /** The tool's version (SARIF). */
  version: string;
  /** The config's `reportLink` template: each finding links to its report's web page. */
  reportLink?: string;
  /** The client's redactor of the key. */
  clean?: (text: string) => string;
}

export function formatReport(report: GateReport, format: Format, options: FormatOptions): string {
  const safe = options.clean ? redactReport(report, options.clean) : report;
  const link = options.reportLink;
  switch (format) {
    case 'json':
      return formatJson(safe, link, options.version);
    case 'junit':
      return formatJunit(safe, link);
    case 'markdown':
      return formatMarkdown(safe, link);
    case 'codequality':
      return formatCodeQuality(safe, link);
    case 'sarif':
      return formatSarif(safe, options.version, link);
    default:
      return formatText(safe, link);
  }
}

/** The same, in pieces where the format can make them (JSON: one a URL), for a large report written as it is made. */
export function formatReportPieces(report: GateReport, format: Format, options: FormatOptions): Iterable<string> {
  if (format !== 'json') return [formatReport(report, format, options)];
  return jsonPieces(options.clean ? redactReport(report, options.clean) : report, options.reportLink, options.version);
}
