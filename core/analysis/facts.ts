// What the checks look at: the facts of one page. Most come from its HTML (htmlReading.ts); the
// rest from the deployed page's answer: status, headers, timing, the 404 probe (or made up by the
// seed). A local analysis has no answer: it stands in a neutral one, and the checks that need a
// real one are not judged (checkTypes.ts's `judgedFrom`).
import { readHtml, type HtmlReading } from './htmlReading';

export { words } from './htmlReading';

export interface LinkRef {
  url: string;
  text: string;
}

export interface PageFacts {
  /** the analysed URL, after redirects */
  url: string;
  status: number;
  title: string | null;
  titleCount: number;
  description: string | null;
  /** heading texts by tag (h1…h6), only the tags present */
  headings: Record<string, string[]>;
  /** lower-case words of the title and of the body text */
  titleWords: string[];
  bodyWords: string[];
  /** images with a src and no alt attribute */
  imagesWithoutAlt: LinkRef[];
  links: { Internals?: LinkRef[]; Externals?: LinkRef[] };
  lang: string | null;
  viewport: string | null;
  charset: string | null;
  /** the robots directive that says noindex (meta or X-Robots-Tag), else null */
  noindex: string | null;
  loadTimeMs: number;
  bytes: number;
  /** resources the page loads, by kind */
  requests: Record<string, string[]>;
  /** scripts with a src but neither defer nor async */
  blockingScripts: string[];
  domNodes: number;
  /** http: resources of an https page, by kind */
  mixedContent: Record<string, string[]>;
  serverHeader: string[];
  /** external links opening a new tab without rel=noopener/noreferrer */
  unsafeLinks: string[];
  emails: string[];
  social: Record<string, LinkRef[]>;
  inlineCss: string[];
  deprecatedTags: Record<string, number>;
  /** text characters as a percent of the HTML */
  textRatio: number;
  /** the probe URL that answered 404, or false */
  notFoundPage: string | false;
}

/** What only the deployed page's answer says. */
export type AnswerFacts = Pick<PageFacts, 'url' | 'status' | 'loadTimeMs' | 'bytes' | 'serverHeader' | 'notFoundPage'> & {
  /** the X-Robots-Tag header's text */
  robotsHeader: string;
};

/** What the HTML (and the page's URL) says. */
export type HtmlFacts = Omit<PageFacts, keyof AnswerFacts | 'noindex'>;

export interface FetchedPage {
  url: string;
  status: number;
  headers: Record<string, string | string[] | undefined>;
  html: string;
  responseTimeMs: number;
  bytes: number;
  notFoundPage?: string | false;
}

/** Extracts the facts from a fetched page. */
export function extractFacts(page: FetchedPage): PageFacts {
  return factsOf(readHtml(page.html, page.url), answerOf(page));
}

/** The answer's facts of a fetched page. */
export function answerOf(page: FetchedPage): AnswerFacts {
  const server = headerText(page.headers['server']);
  return {
    url: page.url,
    status: page.status,
    loadTimeMs: page.responseTimeMs,
    bytes: page.bytes,
    serverHeader: server ? [server] : [],
    notFoundPage: page.notFoundPage ?? false,
    robotsHeader: headerText(page.headers['x-robots-tag']),
  };
}

/** The page's facts: what its HTML says joined with what its answer says. */
export function factsOf(reading: HtmlReading, answer: AnswerFacts): PageFacts {
  const { robotsHeader, ...rest } = answer;
  const robots = `${reading.robotsMeta} ${robotsHeader}`;
  return {
    ...reading.facts,
    ...rest,
    noindex: /\b(noindex|none)\b/i.test(robots) ? robots.replace(/\s+/g, ' ').trim() : null,
  };
}

function headerText(v: string | string[] | undefined): string {
  return Array.isArray(v) ? v.join(', ') : (v ?? '');
}
