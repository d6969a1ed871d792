// The rules of the config applied to one URL and its latest report: the findings, each with a
// level. This is the one place that decides levels, for the command line and the editor alike.
// Without a matching rule: rated bad is an error, decent a warning, no report a note. Every rule
// whose `match` matches applies, in order; a later rule's fields override an earlier one's.
import * as l10n from '@vscode/l10n';
import type { Report } from '../client/types';
import { ratingOf, roundedScore } from '../checks/rating';
import { describeRating } from '../checks/ratingWords';
import { checkStates } from '../checks/checkResults';
import { failingWords, MAX_WORDS_MEMO, type WordsMemo } from '../checks/failingChecks';
import { BoundedMemo } from '../text/boundedMemo';
import { ageDays, isOutdated, maxAgeOf } from '../checks/reportAge';
import type { CheckLevel, GateConfig, GateRule, Level } from './configFile';
import { anyUrlOf, type Matcher } from '../urls/urlPattern';
import type { Occurrence } from '../urls/urlsInFiles';

export type FindingLevel = Level | 'note';
export type GateRating = 'good' | 'decent' | 'bad' | 'none';

export interface Finding {
  level: FindingLevel;
  /** `rating`, `min-score`, `check/<key>`, `no-report`, `stale`, `unrated`, or `regression/…`. */
  rule: string;
  message: string;
  /** Where the finding is fixed, when that is not where the URL is written (a page's source or built file). */
  places?: Occurrence[];
}

export interface UrlVerdict {
  /** Matched `ignoreUrls`: no findings, and the command line leaves it out. */
  ignored: boolean;
  rating: GateRating;
  score?: number;
  findings: Finding[];
}

/** The merged fields of every rule matching a URL. */
interface Effective {
  minScore?: number;
  level?: Level;
  checks: Record<string, CheckLevel>;
}

/** The config's matchers, built once for many URLs. */
export class RuleSet {
  private readonly ignore: Matcher;
  private readonly rules: { rule: GateRule; test: Matcher }[];
  /** Failed checks in words, and messages, made once for the many URLs judged (a run's reports share few). */
  readonly failing: WordsMemo = new BoundedMemo(MAX_WORDS_MEMO);
  private readonly messages = new BoundedMemo<string>(MAX_MESSAGES);

  constructor(readonly config: GateConfig) {
    this.ignore = anyUrlOf(config.ignoreUrls);
    this.rules = config.rules.map((rule) => ({ rule, test: anyUrlOf([rule.match]) }));
  }

  isIgnored(url: string): boolean {
    return this.ignore(url);
  }

  effective(url: string): Effective {
    const out: Effective = { checks: {} };
    for (const { rule, test } of this.rules) {
      if (!test(url)) continue;
      if (rule.minScore !== undefined) out.minScore = rule.minScore;
      if (rule.level !== undefined) out.level = rule.level;
      Object.assign(out.checks, rule.checks);
    }
    return out;
  }

  /** The message `id` names, made by `make` the first time (bounded as the failing words are). */
  message(id: string, make: () => string): string {
    return this.messages.get(id, make);
  }
}

/** Messages a RuleSet keeps made at most; past it, it starts again. */
const MAX_MESSAGES = 1_000;

/**
 * The findings for `url` given its latest report (undefined: none). `now` in ms since the epoch.
 * `every`: each failed check is a finding (`check/<key>`), as the editor shows each as a Problem.
 */
export function evaluateUrl(rules: RuleSet, url: string, report: Report | undefined, now = Date.now(), every = false): UrlVerdict {
  if (rules.isIgnored(url)) return { ignored: true, rating: report ? ratingWord(report) : 'none', findings: [] };
  if (!report) {
    return {
      ignored: false,
      rating: 'none',
      findings: [{ level: 'note', rule: 'no-report', message: rules.message('no-report', () => l10n.t('No report for this URL yet.')) }],
    };
  }
  const { band, score } = ratingOf(report);
  const rating = ratingWord(report);
  const applied = rules.effective(url);
  const findings: Finding[] = [];
  // What a bad or decent rating comes from, so that it says what to fix.
  const rated = (): string => {
    const failing = failingWords(report.results, rules.failing);
    return rules.message(`rated\u0000${band}\u0000${score === undefined ? '' : roundedScore(score)}\u0000${failing ?? ''}`, () => {
      const shown = describeRating({ band, score });
      return failing
        ? l10n.t({
            message: 'Rated {0}; failing: {1}.',
            args: [shown, failing],
            comment: ['{0} a rating and score: "Bad (37)"; {1} names of checks'],
          })
        : l10n.t('Rated {0}.', shown);
    });
  };
  if (applied.minScore !== undefined) {
    if (score === undefined) {
      findings.push({ level: 'note', rule: 'unrated', message: l10n.t('The report has no score to compare with {0}.', applied.minScore) });
    } else if (score < applied.minScore) {
      findings.push({
        level: applied.level ?? 'error',
        rule: 'min-score',
        message: l10n.t('Score {0} is below the minimum {1}.', roundedScore(score), applied.minScore),
      });
    }
  } else if (band === 'bad') {
    findings.push({ level: applied.level ?? 'error', rule: 'rating', message: rated() });
  } else if (band === 'decent') {
    findings.push({ level: 'warn', rule: 'rating', message: rated() });
  } else if (band === 'unknown') {
    findings.push({ level: 'note', rule: 'unrated', message: l10n.t('The report has no rating yet.') });
  }
  // A local analysis (`every`) names each failed check, a note unless a rule sets its level;
  // otherwise only the checks a rule names are findings.
  const asked: [string, CheckLevel | undefined][] = every
    ? [...checkStates(report.results)].filter(([, state]) => state === 'failed').map(([check]) => [check, applied.checks[check]])
    : Object.entries(applied.checks);
  const states = asked.length && !every ? checkStates(report.results) : undefined; // most configs name no check
  for (const [check, level] of asked) {
    if (level !== 'off' && (every || states?.get(check) === 'failed')) {
      findings.push({ level: level ?? 'note', rule: `check/${check}`, message: l10n.t('Check "{0}" failed.', check) });
    }
  }
  const maxAge = maxAgeOf(rules.config.maxAgeDays);
  if (isOutdated(report, maxAge, now)) {
    findings.push({
      level: 'warn',
      rule: 'stale',
      message: l10n.t('The report is {0} days old (more than {1}).', Math.floor(ageDays(report, now) ?? 0), maxAge),
    });
  }
  return { ignored: false, rating, ...(score === undefined ? {} : { score }), findings };
}

/** The rating word of a report; a report without a rating counts as none. */
export function ratingWord(report: Report | undefined): GateRating {
  const band = report ? ratingOf(report).band : 'unknown';
  return band === 'unknown' ? 'none' : band;
}
