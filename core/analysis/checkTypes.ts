// The shape of a check definition and the limits the checks apply (phpRank's default settings).
import type { CheckCategory, Importance } from './checkShapes';
import type { PageFacts } from './facts';

export const LIMITS = {
  titleMin: 10,
  titleMax: 60,
  links: 150,
  loadTimeSeconds: 2,
  pageBytes: 330_000,
  httpRequests: 50,
  domNodes: 1500,
  words: 500,
  textRatio: 10,
};

/**
 * What a check needs to be judged: `html` the page's text alone; `url` the text and the page's
 * (published) URL; `deployed` the answer of the deployed page (status, headers, timing, the 404
 * probe), so a local analysis never judges it.
 */
export type JudgedFrom = 'html' | 'url' | 'deployed';

export interface CheckDef {
  key: string;
  name: string;
  category: CheckCategory;
  importance: Importance;
  judgedFrom: JudgedFrom;
  /** the value shown, and the errors (none = passed) */
  run(f: PageFacts): { value: unknown; errors?: Record<string, unknown> };
  ok: string;
  fix: string;
}

export const count = (m: Record<string, unknown[]>): number => Object.values(m).reduce((n, list) => n + list.length, 0);
export const none = (empty: boolean, kind: string, detail: unknown = null): Record<string, unknown> | undefined =>
  empty ? undefined : { [kind]: detail };
