// The shapes of a page's checks as the real service (phpRank) keeps them: shared by the analysis,
// the local report service's records and its plain reading. No behaviour here.

export type Importance = 'high' | 'medium' | 'low';
export type CheckCategory = 'availability' | 'seo' | 'accessibility' | 'performance' | 'security';

/** One check of an analysis, as the real service keeps it in `results` (keyed by the check's name). */
export interface RealCheck {
  passed: boolean;
  importance: Importance;
  value: unknown;
  /** error kind → detail, e.g. {missing: null}, {length: {min: 10, max: 60}}; absent when passed */
  errors?: Record<string, unknown>;
  /** the full length of `value` when it is a list cut to its first items (resultsBudget.ts) */
  value_count?: number;
}

export type Checks = Record<string, RealCheck>;

/** One check in the plain shape's `results` array. */
export interface PlainCheck {
  key: string;
  name: string;
  category: CheckCategory;
  passed: boolean;
  value: unknown;
  /** the full length of `value` when it is a list cut to its first items (resultsBudget.ts) */
  value_count?: number;
  advice: string;
}
