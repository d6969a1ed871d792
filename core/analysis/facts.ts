// What the checks look at: the facts of one page. Most come from its HTML (htmlReading.ts); the
// rest from the deployed page's answer: status, headers, timing, the 404 probe (or made up by the
// seed). A local analysis has no answer: it stands in a neutral one, and the checks that need a
// real one are not judged (checkTypes.ts's `judgedFrom`).
import { readHtml, type HtmlReading } from './htmlReading';
import type { AnswerFacts, FetchedPage, PageFacts } from './pageFacts';

export { words } from './htmlReading';

export type { AnswerFacts, FetchedPage, HtmlFacts, LinkRef, PageFacts } from './pageFacts';

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
