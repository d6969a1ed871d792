// explain_check: what a check means, why it matters and how to fix it in the source, from the
// analysis's own table of checks (its words for passing and fixing, its importance and what it is
// judged from), the check names people read (checkNames) and the quick fixes that exist (core/fixes).
// l10n-exempt-file: answers for a language model, in English whatever the display language (agentAnswer.ts).
import { checkDef, CHECK_KEYS, POINTS } from '../analysis/checks';
import { checkName, checkNames } from '../checks/checkNames';
import { SITE_LEVEL_CHECKS } from '../checks/checkSentences';
import { DETERMINISTIC_CHECKS, FIXABLE_CHECKS } from '../fixes/sourceFixes';
import { AgentInputError, quoted } from './agentAnswer';
import { optionalText, type ToolInput } from './agentInput';

/** Close names offered for an unknown check at most. */
const MAX_SUGGESTIONS = 5;

const CATEGORY_WHY: Readonly<Record<string, string>> = {
  seo: 'search engines read it to index and show the page',
  accessibility: 'people with screen readers or other assistive technology depend on it',
  performance: 'it decides how fast the page loads and responds',
  security: 'it keeps visitors and their data safe',
  availability: 'a page that does not answer cannot be visited or indexed',
};

const squash = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]+/g, '');

/** The check's key from a key, a name people read ("Meta description") or a near spelling of either. */
export function checkKeyOf(text: string): string | undefined {
  const wanted = squash(text);
  const names = checkNames();
  return CHECK_KEYS.find((key) => squash(key) === wanted || squash(names[key] ?? '') === wanted || squash(checkName(key)) === wanted);
}

/** Edit distance, bounded by the short strings it is asked of. */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const here = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = here;
    }
  }
  return row[b.length];
}

/** The checks closest to `text`: containing it, else by edit distance. */
export function closeChecks(text: string): string[] {
  const wanted = squash(text).slice(0, 60);
  const scored = CHECK_KEYS.map((key) => {
    const forms = [squash(key), squash(checkName(key))];
    const contains = wanted !== '' && forms.some((f) => f.includes(wanted) || wanted.includes(f));
    return { key, score: contains ? 0 : Math.min(...forms.map((f) => distance(wanted, f))) };
  });
  return scored
    .sort((a, b) => a.score - b.score)
    .slice(0, MAX_SUGGESTIONS)
    .map((s) => s.key);
}

export function explainCheck(input: ToolInput): string {
  const text = optionalText(input, 'check', 100);
  if (text === undefined) {
    throw new AgentInputError('check', 'Give check: a check\'s key such as meta_description, or its name such as "Meta description".');
  }
  const key = checkKeyOf(text);
  const def = key === undefined ? undefined : checkDef(key);
  if (key === undefined || def === undefined) {
    throw new AgentInputError(
      'check',
      `${quoted(text, 100)} is not a check of the analysis. Close names: ${closeChecks(text).join(', ')}. Every check: ${CHECK_KEYS.join(', ')}.`,
    );
  }
  const where =
    def.judgedFrom === 'deployed'
      ? 'It is judged only on the published page (its answer, headers or timing): check_page cannot judge it before deploying.'
      : def.judgedFrom === 'url'
        ? "It is judged from the HTML and the page's address: check_page judges it when given the page's url."
        : 'It is judged from the HTML alone: check_page verifies a fix before deploying.';
  const fix = SITE_LEVEL_CHECKS.has(key)
    ? `${def.fix} This is fixed in the site's or the server's configuration, not in one page's source.`
    : def.fix;
  const quick = DETERMINISTIC_CHECKS.includes(key)
    ? 'The editor\'s quick fix applies it as it is (a deterministic fix; "Fix all" includes it).'
    : FIXABLE_CHECKS.includes(key)
      ? "The editor offers a quick fix with a snippet to complete (the words are the author's)."
      : 'There is no automatic fix: edit the source by hand.';
  return [
    `${checkName(key)} [${key}] — ${def.category}, ${def.importance} importance (${POINTS[def.importance]} points of the score).`,
    `What it means: when it passes, ${def.ok.charAt(0).toLowerCase()}${def.ok.slice(1)}`,
    `Why it matters: ${CATEGORY_WHY[def.category] ?? "it counts toward the page's score"}; a failed ${def.importance} check costs ${POINTS[def.importance]} points.`,
    `How to fix it in the source: ${fix}`,
    quick,
    where,
  ].join('\n');
}
