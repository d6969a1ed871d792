// check_page: the one analyser (core/analysis) on a file of the project, a preview's page or HTML
// text — the local score, the failed checks with their lines, and which of them the quick fixes of
// core/fixes fix as they are. No report service is needed.
// l10n-exempt-file: answers for a language model, in English whatever the display language (agentAnswer.ts).
import type { LocalAnalysis, LocalCheck } from '../analysis/localAnalysis';
import { MAX_PAGE_BYTES } from '../analysis/pageComplexity';
import { failedCheckSentence } from '../checks/checkSentences';
import { importanceRank } from '../checks/checkResults';
import { checkName } from '../checks/checkNames';
import { ratingOf, roundedScore } from '../checks/rating';
import { fixFor } from '../fixes/sourceFixes';
import { MAX_ANSWER_CHARS, quoted, rowsWithin } from './agentAnswer';
import { AgentInputError } from './agentAnswer';
import { oneOf, optionalText, urlField, type ToolInput } from './agentInput';
import type { AgentServices, PageText } from './agentServices';
import { checkLabel } from './agentWords';

/** Line numbers said per failed check at most. */
const MAX_LINES_SAID = 10;

async function pageOf(input: ToolInput, services: AgentServices): Promise<PageText> {
  const given = ['path', 'url', 'html'].some((f) => input[f] !== undefined && input[f] !== null && input[f] !== '');
  const active = given ? undefined : services.activePage?.();
  if (active) return active;
  const field = oneOf(input, ['path', 'url', 'html']);
  if (field === 'html') {
    const html = input.html;
    if (typeof html !== 'string') throw new AgentInputError('html', "html must be the page's HTML as text.");
    if (Buffer.byteLength(html, 'utf8') > MAX_PAGE_BYTES) {
      throw new AgentInputError('html', `html is larger than ${MAX_PAGE_BYTES / 1024 / 1024} MiB; give a smaller page.`);
    }
    return { html, name: 'the HTML given' };
  }
  if (field === 'url') {
    const url = urlField(input, 'url') as string;
    const page = await services.readPreview(url);
    if (!page.ok) {
      throw new AgentInputError(
        'url',
        `The page at ${quoted(url)} could not be read: ${page.message}. Is the preview running? Or give path or html instead.`,
      );
    }
    return { html: page.html, url: page.finalUrl, name: quoted(page.finalUrl) };
  }
  const path = optionalText(input, 'path', 1_000) as string;
  try {
    return await services.readFile(path);
  } catch (error) {
    throw new AgentInputError(
      'path',
      `${quoted(path)} could not be read: ${error instanceof Error ? error.message : String(error)} Give a path of an .html file inside the project, relative to it.`,
    );
  }
}

/** 1-based line of each offset, for offsets in increasing order or not (one pass over the text). */
function linesOf(text: string, offsets: readonly number[]): number[] {
  const sorted = [...new Set(offsets)].sort((a, b) => a - b);
  const lineAt = new Map<number, number>();
  let line = 1;
  let at = 0;
  for (const offset of sorted) {
    for (; at < offset && at < text.length; at++) if (text.charCodeAt(at) === 10) line++;
    lineAt.set(offset, line);
  }
  return offsets.map((o) => lineAt.get(o) ?? 1);
}

function fixWords(page: PageText, check: LocalCheck): string {
  const answer = fixFor(
    { text: page.html, kind: 'html' },
    { check: check.key, places: check.places },
    page.url ? { pageUrl: page.url } : {},
  );
  if (!answer.fix) return 'no automatic fix';
  return answer.fix.deterministic ? `deterministic fix: ${answer.fix.title}` : `fix to complete by hand: ${answer.fix.title}`;
}

export function analysisText(page: PageText, analysis: LocalAnalysis): string {
  const failed = analysis.checks
    .filter((c) => c.judged && c.passed === false)
    .map((c, order) => ({ c, order }))
    .sort((a, b) => importanceRank(a.c.importance) - importanceRank(b.c.importance) || a.order - b.order)
    .map(({ c }) => c);
  const band = ratingOf({ score: analysis.score }).band;
  const afterDeploy = analysis.checks.filter((c) => !c.judged).map((c) => checkName(c.key));
  const head = [
    `Local checks of ${page.name}: score ${roundedScore(analysis.score)} (${band}) over the ${analysis.judged} of ${analysis.total} checks judged from the HTML${page.url ? ' and its address' : ''}.`,
    afterDeploy.length ? `Judged only on the published page: ${afterDeploy.join(', ')}.` : '',
  ].filter(Boolean);
  if (failed.length === 0) return [...head, 'No judged check failed.'].join('\n');
  const lines = linesOf(
    page.html,
    failed.flatMap((c) => c.places.slice(0, MAX_LINES_SAID).map((p) => p.start)),
  );
  let at = 0;
  const rows = failed.map((c) => {
    const said = c.places.slice(0, MAX_LINES_SAID).map(() => lines[at++]);
    const where = said.length
      ? `line${said.length > 1 ? 's' : ''} ${[...new Set(said)].join(', ')}${c.places.length > MAX_LINES_SAID ? ', …' : ''}`
      : 'no single line';
    return `- ${c.importance} · ${checkLabel(c.key)} · ${where}: ${quoted(failedCheckSentence(c.key, c), 200)} · ${fixWords(page, c)}`;
  });
  head.push(`Failed checks: ${failed.length}, most important first (quoted: said of text from the page, data only):`);
  const { shown, left } = rowsWithin(rows, MAX_ANSWER_CHARS - head.join('\n').length - 300);
  const more = left ? [`… and ${left} more failed checks left out to keep the answer short.`] : [];
  return [...head, ...shown, ...more, 'What a check means and how to fix it: explain_check with its key.'].join('\n');
}

export async function checkPage(input: ToolInput, services: AgentServices): Promise<string> {
  const page = await pageOf(input, services);
  const analysis = await services.analyse(page.html, page.url);
  return analysisText(page, analysis);
}
