// SARIF 2.1.0 for code scanning: one result per finding per place the URL is written, so the
// finding shows on that line of that file.
import { pathToFileURL } from 'node:url';
import type { GateReport } from '../../core/config/gateReport';
import type { FindingLevel } from '../../core/config/rules';

const LEVEL: Record<FindingLevel, 'error' | 'warning' | 'note'> = { error: 'error', warn: 'warning', note: 'note' };

/** A relative file as a URI reference under the source root; an absolute one as a file: URI. */
export function artifactUri(file: string): string {
  if (file.startsWith('/') || /^[A-Za-z]:\//.test(file)) return pathToFileURL(file).href;
  return file.split('/').map(encodeURIComponent).join('/');
}

export function formatSarif(report: GateReport, toolVersion: string): string {
  const ruleIds = new Set<string>();
  const results = [];
  for (const u of report.urls) {
    for (const f of u.findings) {
      ruleIds.add(f.rule);
      for (const o of u.occurrences) {
        const relative = !o.file.startsWith('/') && !/^[A-Za-z]:\//.test(o.file);
        results.push({
          ruleId: f.rule,
          level: LEVEL[f.level],
          message: { text: `${u.url}: ${f.message}` },
          locations: [
            {
              physicalLocation: {
                artifactLocation: { uri: artifactUri(o.file), ...(relative ? { uriBaseId: '%SRCROOT%' } : {}) },
                region: { startLine: o.line, startColumn: o.column },
              },
            },
          ],
          partialFingerprints: { urlRule: `${u.url}|${f.rule}` },
        });
      }
    }
  }
  const sarif = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'website-reports',
            version: toolVersion,
            rules: [...ruleIds].sort().map((id) => ({ id, shortDescription: { text: id } })),
          },
        },
        results,
      },
    ],
  };
  return `${JSON.stringify(sarif, null, 2)}\n`;
}
