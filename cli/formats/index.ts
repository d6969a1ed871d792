// The report in the format asked for.
import type { GateReport } from '../../core/config/gateReport';
import type { Format } from '../args';
import { formatJson } from './json';
import { formatJunit } from './junit';
import { formatMarkdown } from './markdown';
import { formatSarif } from './sarif';
import { formatText } from './text';

export function formatReport(report: GateReport, format: Format, version: string): string {
  switch (format) {
    case 'json':
      return formatJson(report);
    case 'junit':
      return formatJunit(report);
    case 'markdown':
      return formatMarkdown(report);
    case 'sarif':
      return formatSarif(report, version);
    default:
      return formatText(report);
  }
}
