// The facts of one page, as types: what the HTML says (htmlReading.ts) and what only the deployed
// page's answer says (facts.ts joins them). Types alone, so the reader and the joiner both lean on
// this file and never on each other.

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
  /** lower-case words of the title */
  titleWords: string[];
  /** how many words the body's text holds (as `words` counts them) */
  bodyWordCount: number;
  /** the body's text in lower case, whitespace as written (its words: pageWords.ts's hasWord) */
  bodyTextLower: string;
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
