// The shape of a check definition and the limits the checks apply (phpRank's default settings).
import type { PageFacts } from './facts';
import type { CheckCategory, Importance } from './types';

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

export interface CheckDef {
  key: string;
  name: string;
  category: CheckCategory;
  importance: Importance;
  /** the value shown, and the errors (none = passed) */
  run(f: PageFacts): { value: unknown; errors?: Record<string, unknown> };
  ok: string;
  fix: string;
}

export const count = (m: Record<string, unknown[]>): number => Object.values(m).reduce((n, list) => n + list.length, 0);
export const none = (empty: boolean, kind: string, detail: unknown = null): Record<string, unknown> | undefined =>
  empty ? undefined : { [kind]: detail };
