// A page analysed from its HTML alone, before it is deployed: the same facts and the same checks
// as the service's analysis (checks.ts's runChecks on htmlReading.ts's facts), with a neutral
// stand-in for the deployed page's answer. Checks that only the deployed page can answer (status,
// HTTPS, timing, the server header, the 404 probe) are reported as not judged, and the score is
// over the judged checks only. Each failed check says where in the text it fails (places.ts).
import { bandOfScore, type Band } from '../checks/rating';
import { withinCaps } from './analysePage';
import { AnalysisError } from './analysisError';
import type { Checks, Importance } from './checkShapes';
import { CHECK_KEYS, locallyJudgedKeys, runChecks, scoreOf } from './checks';
import { factsOf, type AnswerFacts } from './facts';
import { readHtml } from './htmlReading';
import { PAGE_CAPS, sizeProblem, type PageCaps } from './pageComplexity';
import type { Place } from './places';
import { boundResults } from './resultsBudget';

export type { Place } from './places';

export interface LocalOptions {
  /**
   * The page's published URL (or its preview's): links are resolved against it and split into
   * the page's own and others; the checks that need a URL (seo_friendly_url, mixed_content) are
   * judged only with one.
   */
  url?: string;
  /** the caps on size, elements and nesting; default PAGE_CAPS */
  caps?: Partial<PageCaps>;
}

export interface LocalCheck {
  key: string;
  /** false: only the deployed page can answer it ("checked after deploy"); passed is then null */
  judged: boolean;
  passed: boolean | null;
  importance: Importance;
  /** as the service reports it (lists bounded: resultsBudget.ts); null when not judged */
  value: unknown;
  value_count?: number;
  /** absent when passed or not judged */
  errors?: Record<string, unknown>;
  /** where the failure sits in the text, first MAX_PLACES_PER_CHECK; empty when passed or not judged */
  places: Place[];
}

export interface LocalAnalysis {
  /** the URL given, if any */
  url?: string;
  /** percent over the judged checks, exactly (same points as the service: checks.ts) */
  score: number;
  result: Band;
  /** how many checks were judged, of `total` ("local score, 23 of 28 checks") */
  judged: number;
  total: number;
  /** every check, in the service's order */
  checks: LocalCheck[];
}

/**
 * Analyses `html` on this thread. Throws AnalysisError past a cap (size, elements, nesting) or
 * for an invalid `url`. No time limit here: for tests and small files; anything else goes to an
 * AnalysisPool (`analyseHtml` there), which stops a page that takes too long.
 */
export function analyseHtml(html: string, opts: LocalOptions = {}): LocalAnalysis {
  const caps: PageCaps = { ...PAGE_CAPS, ...opts.caps };
  const tooLarge = sizeProblem(html, caps);
  if (tooLarge) throw new AnalysisError(tooLarge);
  const url = opts.url === undefined ? undefined : checkedUrl(opts.url);
  return withinCaps(html, caps, () => {
    const reading = readHtml(html, url);
    const results = runChecks(factsOf(reading, localAnswer(html, url)));
    const keys = locallyJudgedKeys(url !== undefined);
    const kept = boundResults(Object.fromEntries(keys.map((k) => [k, results[k]])));
    const score = scoreOf(results, keys);
    const checks = CHECK_KEYS.map((key): LocalCheck => {
      const c = kept[key];
      if (!c) return { key, judged: false, passed: null, importance: results[key].importance, value: null, places: [] };
      const places = c.passed ? [] : (reading.places[key] ?? []);
      return { key, judged: true, ...c, places };
    });
    return {
      ...(url === undefined ? {} : { url }),
      score,
      result: bandOfScore(score),
      judged: keys.length,
      total: CHECK_KEYS.length,
      checks,
    };
  });
}

/** The judged checks as the service's `results` record, for the readers of a report's checks. */
export function localResults(analysis: LocalAnalysis): Checks {
  const out: Checks = {};
  for (const c of analysis.checks) {
    if (!c.judged || c.passed === null) continue;
    out[c.key] = {
      passed: c.passed,
      importance: c.importance,
      value: c.value,
      ...(c.value_count === undefined ? {} : { value_count: c.value_count }),
      ...(c.errors ? { errors: c.errors } : {}),
    };
  }
  return out;
}

function checkedUrl(raw: string): string {
  try {
    const u = new URL(raw);
    if (u.protocol === 'http:' || u.protocol === 'https:') return u.href;
  } catch {
    // below
  }
  // l10n-exempt: an analysis's reason: the service's English answer (a surface words its own)
  throw new AnalysisError('invalid URL: the page URL must be an absolute http(s) URL');
}

/** Stands in for the deployed page's answer: what it holds is never judged (checks.ts), but for the size. */
function localAnswer(html: string, url: string | undefined): AnswerFacts {
  return {
    url: url ?? '',
    status: 200,
    loadTimeMs: 0,
    bytes: Buffer.byteLength(html, 'utf8'),
    serverHeader: [],
    notFoundPage: false,
    robotsHeader: '',
  };
}
