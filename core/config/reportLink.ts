// The config's `reportLink`: a template for the web page of a report, such as
// "https://reports.example.com/reports/{id}". Checked once when the config is read (http(s) only,
// exactly one `{id}`, no credentials, no control characters); every format of the command line
// links each finding to its report's page with it, the id URL-encoded.
import type { ReportId } from '../client/types';

/** Where a report's id goes in a report link. */
export const REPORT_LINK_ID = '{id}';
/** Characters of a `reportLink` template. */
export const MAX_REPORT_LINK_LENGTH = 2_000;

/** Why a template cannot be used; undefined when it can. */
export function reportLinkProblem(value: unknown): 'not-a-template' | 'credentials' | undefined {
  if (typeof value !== 'string' || value.length > MAX_REPORT_LINK_LENGTH || value.split(REPORT_LINK_ID).length !== 2) {
    return 'not-a-template';
  }
  // eslint-disable-next-line no-control-regex
  if (!/^https?:\/\/[^/?#]/i.test(value) || /[\u0000-\u0020\u007f-\u009f]/.test(value)) return 'not-a-template';
  let url: URL;
  try {
    url = new URL(value.replace(REPORT_LINK_ID, '1'));
  } catch {
    return 'not-a-template';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'not-a-template';
  return url.username || url.password ? 'credentials' : undefined;
}

/** The web page of report `id` from a checked template; undefined without either. */
export function reportLinkOf(template: string | undefined, id: ReportId | undefined): string | undefined {
  if (template === undefined || id === undefined) return undefined;
  return template.replace(REPORT_LINK_ID, encodeURIComponent(String(id)));
}
