// SARIF 2.1.0 for code scanning: one result per finding per place the URL is written, so the
// finding shows on that line of that file. Every location is relative to %SRCROOT% (an absolute
// URI would show the runner's paths); each result's fingerprint is its own (file, URL, rule and
// which of the URL's places in that file), so code scanning never merges two places.
import * as path from 'node:path';
import type { GateReport } from '../../core/config/gateReport';
import { reportLinkOf } from '../../core/config/reportLink';
import type { FindingLevel } from '../../core/config/rules';
import { digestOf } from '../../core/text/digest';
import { revealInvisible } from '../../core/text/invisibleText';

const LEVEL: Record<FindingLevel, 'error' | 'warning' | 'note'> = { error: 'error', warn: 'warning', note: 'note' };
/** Where each rule is explained. */
export const RULES_HELP = 'https://github.com/webreports/website-reports/blob/main/docs/CLI.md';

/**
 * A file as a URI reference under the source root `root` (the working directory): each segment
 * percent-encoded, so a folder named `C:` is never read as a scheme; a file outside the root as
 * `../…` from it.
 */
export function artifactUri(file: string, root = process.cwd()): string {
  const relative = path.isAbsolute(file) ? path.relative(root, file).split(path.sep).join('/') : file;
  return relative
    .split('/')
    .map((segment) => (segment === '..' ? segment : encodeURIComponent(segment)))
    .join('/');
}

/** What a rule means and where it is explained. */
export function ruleHelp(id: string): { text: string; helpUri: string } {
  const [family, ...rest] = id.split('/');
  const check = rest.slice(family === 'regression' ? 1 : 0).join('/');
  const texts: Record<string, string> = {
    rating: 'The report rates the page bad (an error) or decent (a warning).',
    'min-score': "The report's score is below a rule's minScore.",
    'no-report': 'The URL has no report on the service yet.',
    unrated: 'The report has no score or rating yet.',
    stale: 'The report is older than maxAgeDays.',
    check: `The report's check "${check}" failed.`,
    'regression/score': 'The score fell by more than the tolerance since the baseline.',
    'regression/rating': 'The rating went down since the baseline.',
    'regression/check': `The check "${check}" passed in the baseline and fails now.`,
    'not-analysed': 'The page could not be analysed (too large, too complex, or not read).',
    compare: "The page's local result against its published report.",
  };
  const key = family === 'regression' ? `regression/${rest[0] ?? ''}` : family;
  const anchor = family === 'regression' ? 'baselines' : 'rules-and-levels';
  return { text: texts[key] ?? `The finding "${id}".`, helpUri: `${RULES_HELP}#${anchor}` };
}

/** A stable fingerprint of a finding's place (SARIF's and Code Quality's). */
export function fingerprint(...parts: string[]): string {
  return digestOf('sha256', parts.join('\u0000')).toString('hex');
}

export function formatSarif(report: GateReport, toolVersion: string, reportLink?: string, root = process.cwd()): string {
  const ruleIds = new Set<string>();
  const results = [];
  for (const u of report.urls) {
    const link = reportLinkOf(reportLink, u.reportId);
    for (const f of u.findings) {
      ruleIds.add(f.rule);
      const seen = new Map<string, number>();
      // A finding on a check sits where it is fixed (the page's source or built file), when known.
      for (const o of f.places ?? u.occurrences) {
        const nth = (seen.get(o.file) ?? 0) + 1;
        seen.set(o.file, nth);
        results.push({
          ruleId: f.rule,
          level: LEVEL[f.level],
          // Shown in code scanning's alerts: hidden characters as markers (the fingerprint keeps the URL as sent).
          message: { text: revealInvisible(`${u.url}: ${f.message}${link === undefined ? '' : ` Report: ${link}`}`) },
          locations: [
            {
              physicalLocation: {
                artifactLocation: { uri: artifactUri(o.file, root), uriBaseId: '%SRCROOT%' },
                region: { startLine: o.line, startColumn: o.column },
              },
            },
          ],
          partialFingerprints: { 'urlRulePlace/v1': fingerprint(o.file, u.url, f.rule, String(nth)) },
          ...(link === undefined ? {} : { properties: { reportUrl: link } }),
        });
      }
    }
  }
  const rules = [...ruleIds].sort().map((id) => {
    const help = ruleHelp(id);
    return { id, shortDescription: { text: help.text }, helpUri: help.helpUri, help: { text: `${help.text} See ${help.helpUri}` } };
  });
  const sarif = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [{ tool: { driver: { name: 'website-reports', version: toolVersion, informationUri: RULES_HELP, rules } }, results }],
  };
  return `${JSON.stringify(sarif, null, 2)}\n`;
}
