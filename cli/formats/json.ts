// The JSON contract: `{ version, urls: [{ url, rating, score?, reportId?, reportUrl?, occurrences, findings, local?,
// compare? }], summary }`; a finding's `places` when it is fixed elsewhere than where the URL is written.
// `merge` reads it back (cli/local/merge.ts): the version says which command line wrote it.
import type { GateReport, UrlResult } from '../../core/config/gateReport';
import { reportLinkOf } from '../../core/config/reportLink';

export function formatJson(report: GateReport, reportLink?: string, version?: string): string {
  return [...jsonPieces(report, reportLink, version)].join('');
}

/** URLs a piece of the text holds: a run's report is written as it is made, a piece at a time. */
export const URLS_PER_PIECE = 200;

/**
 * The same text in pieces, URLS_PER_PIECE URLs each, so that a large run is written as it is
 * made: never one string (V8 ends a string near 512 MiB: some 100,000 pages of `check --local`),
 * nor a copy of every URL's entry at once. A piece is the `urls` array of those URLs as
 * JSON.stringify writes the whole object (`{ "urls": [...] }`, two spaces a level), without its
 * brackets: the entries come out indented as they are in the whole text.
 */
export function* jsonPieces(report: GateReport, reportLink?: string, version?: string): Generator<string> {
  const head = `{\n${version === undefined ? '' : `  "version": ${JSON.stringify(version)},\n`}  "urls": [`;
  const open = '{\n  "urls": ['.length;
  const close = '\n  ]\n}'.length;
  let urls: Record<string, unknown>[] = [];
  let pieces = 0;
  const piece = () => {
    const text = `${pieces++ === 0 ? head : ','}${JSON.stringify({ urls }, null, 2).slice(open, -close)}`;
    urls = [];
    return text;
  };
  for (const u of report.urls) {
    urls.push(urlEntry(u, reportLink));
    if (urls.length === URLS_PER_PIECE) yield piece();
  }
  if (urls.length) yield piece();
  yield pieces === 0 ? `${head}]` : '\n  ]';
  yield `,\n  "summary": ${JSON.stringify(report.summary, null, 2).replace(/\n/g, '\n  ')}\n}\n`;
}

function urlEntry(u: UrlResult, reportLink: string | undefined): Record<string, unknown> {
  // Fields set one by one in the contract's order (no spread objects: this runs for every URL of a run).
  const out: Record<string, unknown> = { url: u.url, rating: u.rating };
  if (u.score !== undefined) out.score = u.score;
  if (u.reportId !== undefined) out.reportId = u.reportId;
  const reportUrl = reportLinkOf(reportLink, u.reportId);
  if (reportUrl !== undefined) out.reportUrl = reportUrl;
  out.occurrences = u.occurrences.map((o) => ({ file: o.file, line: o.line, column: o.column }));
  out.findings = u.findings.map((f) =>
    f.places
      ? { level: f.level, rule: f.rule, message: f.message, places: f.places }
      : { level: f.level, rule: f.rule, message: f.message },
  );
  if (u.local !== undefined) out.local = u.local;
  if (u.compare !== undefined) out.compare = u.compare;
  return out;
}
