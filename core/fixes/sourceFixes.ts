// The one home of the edits that fix a finding: given a file's text, its kind and a finding (a
// check's key, with the offsets of its elements where known), the fix — a title, whether it is
// deterministic, and its edits or snippet — or the reason there is none. Pure: the editor turns a
// fix into a code action, and could a command line. Refused when the file changed since the
// finding was made, for JSX-like templates, and whenever the element is not found for sure.
import { altFix, descriptionFix, titleFix } from './contentSnippets';
import { EditCombiner } from './combineEdits';
import { deferFix, deprecatedFix, noopenerFix } from './elementFixes';
import { fixTextOf, looksLikeJsx, type FixText } from './fixText';
import type { Fix, FixAnswer, FixFinding, FixOptions, FixSource, TextEdit, TextRange } from './fixTypes';
import { fixRefused } from './fixWords';
import { charsetFix, langFix, refuse, viewportFix } from './headFixes';
import { MAX_FIX_SCAN_CHARS } from './htmlTags';

type Fixer = (ft: FixText, places?: readonly TextRange[]) => FixAnswer;

/** The checks a fix exists for, by the service's keys; the deterministic ones first, in the order "fix all" applies them. */
const FIXERS: Record<string, Fixer> = {
  language: langFix,
  charset: charsetFix,
  meta_viewport: viewportFix,
  unsafe_cross_origin_links: noopenerFix,
  defer_javascript: deferFix,
  deprecated_html_tags: deprecatedFix,
  meta_description: descriptionFix,
  title: titleFix,
  image_keywords: altFix,
};

/** The checks whose fixes are applied as they are (a `lang` only when the config or the site names one). */
export const DETERMINISTIC_CHECKS: readonly string[] = [
  'language',
  'charset',
  'meta_viewport',
  'unsafe_cross_origin_links',
  'defer_javascript',
  'deprecated_html_tags',
];

/** The checks a quick fix may exist for. */
export const FIXABLE_CHECKS: readonly string[] = Object.keys(FIXERS);

const validPlace = (p: TextRange, length: number): boolean =>
  Number.isInteger(p.start) && Number.isInteger(p.end) && p.start >= 0 && p.start <= p.end && p.end <= length;

/** Why the text may not be fixed for this finding now, or undefined. */
function guard(source: FixSource, places: readonly TextRange[] | undefined): string | undefined {
  const { text, madeOn } = source;
  if (typeof text !== 'string' || text.length > MAX_FIX_SCAN_CHARS) return fixRefused.unread();
  if (places?.some((p) => !validPlace(p, text.length))) return fixRefused.misplaced();
  if (madeOn === undefined) return undefined;
  if (typeof madeOn !== 'string') return fixRefused.changed();
  if (!places?.length) return madeOn === text ? undefined : fixRefused.changed();
  return places.every((p) => madeOn.slice(p.start, p.end) === text.slice(p.start, p.end)) ? undefined : fixRefused.changed();
}

function fixIn(ft: FixText, finding: FixFinding): FixAnswer {
  const fixer = Object.prototype.hasOwnProperty.call(FIXERS, finding.check) ? FIXERS[finding.check] : undefined;
  if (!fixer) return refuse(fixRefused.noFix());
  // Places point into HTML the analysis read; a Markdown page's findings are found in its text.
  return fixer(ft, ft.markdown ? undefined : finding.places);
}

/** The fix of one finding in `source`, or why there is none. */
export function fixFor(source: FixSource, finding: FixFinding, options: FixOptions = {}): FixAnswer {
  const places = finding.places?.length ? finding.places : undefined;
  const refused = guard(source, places);
  if (refused) return refuse(refused);
  const ft = fixTextOf(source.text, source.kind, options);
  if (looksLikeJsx(ft.markup)) return refuse(fixRefused.jsx());
  return fixIn(ft, { check: finding.check, places });
}

export interface FixAllResult {
  /** every deterministic fix's edits in one list: sorted, not overlapping (one undo step) */
  edits: TextEdit[];
  /** the fixes applied, in order */
  fixes: Fix[];
  /** the checks not fixed, and why (not failing, not sure, crossing another fix's edits) */
  skipped: { check: string; reason: string }[];
}

/**
 * Every deterministic fix of `source` at once (`source.fixAll`): of the checks named in `checks`
 * (the page's failed ones), else of every check with a deterministic fix.
 */
export function fixAll(source: FixSource, options: FixOptions = {}, checks?: readonly string[]): FixAllResult {
  const result: FixAllResult = { edits: [], fixes: [], skipped: [] };
  const wanted = DETERMINISTIC_CHECKS.filter((c) => !checks || checks.includes(c));
  const refused = guard(source, undefined);
  if (refused) {
    result.skipped = wanted.map((check) => ({ check, reason: refused }));
    return result;
  }
  const ft = fixTextOf(source.text, source.kind, options);
  const jsx = looksLikeJsx(ft.markup);
  const combiner = new EditCombiner();
  for (const check of wanted) {
    const answer = jsx ? refuse(fixRefused.jsx()) : fixIn(ft, { check });
    if (!answer.fix) result.skipped.push({ check, reason: answer.reason });
    else if (!answer.fix.deterministic) result.skipped.push({ check, reason: answer.fix.hint ?? answer.fix.title });
    else if (!combiner.add(answer.fix.edits)) result.skipped.push({ check, reason: fixRefused.crosses() });
    else result.fixes.push(answer.fix);
  }
  result.edits = combiner.edits();
  return result;
}
