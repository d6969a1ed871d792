// The one pattern dialect of the project (docs/CLI.md, "URL patterns"): the config's include and
// exclude (file paths), ignoreUrls and rules[].match, and site scans' include and exclude.
//   `*` any run of characters except `/`; `**` any run, `/` included (`a/**/b` also matches
//   `a/b`, `a/**` also `a`, `**/b` also `b`); `?` one character except `/`; `{x,y}` either
//   alternative (nested allowed); everything else is itself (`[`, `]`, `(`, `!`, `\` too).
// For URLs, the scheme and host compare without case (ASCII), as urlKey compares them, and a
// pattern that starts with `/` is matched against the path and query only.
// Patterns come from pull requests, so no backtracking regular expression: a pattern compiles to
// a small program (at most two slots a character) run as a set of states over the text
// (core/urls/patternMachine.ts): at most 5 × (slots + 1) × (text + 1) steps, whatever the pattern.
// A list compiles to one program, so its slots (the cost of each step) are budgeted for the whole
// list (MAX_PATTERN_CHARS), and it is compiled at its first match: a list never consulted costs nothing.
import * as l10n from '@vscode/l10n';
import { ANY, JUMP, LIT, lowerAscii, ONE, runner, SLASH, SPLIT, STAR, type Program, type Run } from './patternMachine';

/** Characters of one pattern. */
export const MAX_PATTERN_LENGTH = 2_048;
/** Patterns in one list (include, exclude, ignoreUrls, rules). */
export const MAX_PATTERNS = 1_000;
/** Characters of all patterns of one list together (rules[].match counts as one list): at most 2 × this + 2 × MAX_PATTERNS slots. */
export const MAX_PATTERN_CHARS = 16_384;

export type Matcher = (text: string) => boolean;

/** Whether `pattern` is usable: a string of 1 to MAX_PATTERN_LENGTH characters. */
export function isUsablePattern(pattern: unknown): pattern is string {
  return typeof pattern === 'string' && pattern.length > 0 && pattern.length <= MAX_PATTERN_LENGTH;
}

/** Why a list of patterns cannot be used, or undefined: too many, one empty or too long, or too long together. */
export function patternListProblem(patterns: readonly unknown[]): 'count' | 'pattern' | 'total' | undefined {
  if (patterns.length > MAX_PATTERNS) return 'count';
  let total = 0;
  for (const pattern of patterns) {
    if (!isUsablePattern(pattern)) return 'pattern';
    total += pattern.length;
  }
  return total > MAX_PATTERN_CHARS ? 'total' : undefined;
}

/** What to say of a list named `name` whose patterns are too long together, or undefined when they are not. */
export function tooLongTogether(name: string, patterns: readonly string[]): string | undefined {
  const total = patterns.reduce((sum, p) => sum + p.length, 0);
  if (total <= MAX_PATTERN_CHARS) return undefined;
  return l10n.t('The patterns of "{0}" are {1} characters long in all; at most {2}.', name, total, MAX_PATTERN_CHARS);
}

/** File paths (relative, with `/`): any of `patterns` matches the whole path, with case. */
export function anyOf(patterns: readonly string[]): Matcher {
  if (!patterns.length) return () => false;
  const run = lazyRunner(patterns);
  return (path) => run()(path, 0).matched;
}

/** URLs: any of `patterns` matches the whole URL (or, starting with `/`, its path and query). */
export function anyUrlOf(patterns: readonly string[]): Matcher {
  checkList(patterns);
  const full = patterns.filter((p) => !p.startsWith('/'));
  const paths = patterns.filter((p) => p.startsWith('/'));
  const runFull = full.length ? lazyRunner(full) : undefined;
  const runPath = paths.length ? lazyRunner(paths) : undefined;
  return (url) => {
    if (runFull?.()(url, authorityEnd(url)).matched) return true;
    if (!runPath) return false;
    const path = pathAndQuery(url);
    return path !== undefined && runPath()(path, 0).matched;
  };
}

/** The runner of `patterns`, checked now and compiled at its first use. */
function lazyRunner(patterns: readonly string[]): () => Run {
  checkList(patterns);
  const list = [...patterns];
  let run: Run | undefined;
  return () => (run ??= runner(compile(list)));
}

/** URL patterns (one, or a list all with or all without a leading `/`) against one URL: the answer, the steps taken and the program's slots (for tests of the bound). */
export function matchSteps(patterns: string | readonly string[], url: string): { matched: boolean; steps: number; slots: number } {
  const list = typeof patterns === 'string' ? [patterns] : patterns;
  const program = compile(list);
  const slots = program.ops.length;
  if (!list[0].startsWith('/')) return { ...runner(program)(url, authorityEnd(url)), slots };
  const path = pathAndQuery(url);
  return path === undefined ? { matched: false, steps: 0, slots } : { ...runner(program)(path, 0), slots };
}

/** URL patterns against many URLs with one matcher, as a run uses it: the steps and the sets built in all, and the slots. */
export function matchWork(patterns: readonly string[], urls: readonly string[]): { steps: number; built: number; slots: number } {
  const program = compile(patterns);
  const run = runner(program);
  const path = patterns[0].startsWith('/');
  let steps = 0;
  let built = 0;
  for (const url of urls) {
    const text = path ? (pathAndQuery(url) ?? '') : url;
    const one = run(text, path ? 0 : authorityEnd(url));
    steps += one.steps;
    built += one.built;
  }
  return { steps, built, slots: program.ops.length };
}

function pathAndQuery(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return undefined;
  }
}

/** Where the scheme and host (and port, user) of a URL end: the part compared without case. */
function authorityEnd(url: string): number {
  const scheme = /^[a-z][a-z0-9+.-]{0,31}:\/\//i.exec(url);
  if (!scheme) return 0;
  let i = scheme[0].length;
  while (i < url.length && url[i] !== '/' && url[i] !== '?' && url[i] !== '#') i++;
  return i;
}

/** A programming error past the budgets (callers check the patterns first, with patternListProblem). */
function checkList(patterns: readonly string[]): void {
  if (patternListProblem(patterns) !== undefined) {
    // l10n-exempt: a programming error
    throw new RangeError(
      `patterns must be at most ${MAX_PATTERNS} strings of 1 to ${MAX_PATTERN_LENGTH} characters, ${MAX_PATTERN_CHARS} in all`,
    );
  }
}

/** The alternatives of `patterns` as one program. */
function compile(patterns: readonly string[]): Program {
  checkList(patterns);
  const out = new Emitter();
  out.alternatives(patterns.map((pattern) => () => new PatternCompiler(pattern, out).range(0, pattern.length, true, true)));
  return { ops: Uint8Array.from(out.ops), args: Int32Array.from(out.args), folded: Int32Array.from(out.folded) };
}

class Emitter {
  readonly ops: number[] = [];
  readonly args: number[] = [];
  readonly folded: number[] = [];

  emit(op: number, arg = -1): number {
    this.ops.push(op);
    this.args.push(arg);
    this.folded.push(op === LIT ? lowerAscii(arg) : -1);
    return this.ops.length - 1;
  }

  /** The slot `at` (a SPLIT or JUMP) goes on to what is emitted next. */
  land(at: number): void {
    this.args[at] = this.ops.length;
  }

  /** Either of the parts. */
  alternatives(parts: readonly (() => void)[]): void {
    const jumps: number[] = [];
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const split = last ? -1 : this.emit(SPLIT);
      part();
      if (last) return;
      jumps.push(this.emit(JUMP));
      this.land(split);
    });
    for (const jump of jumps) this.land(jump);
  }
}

/** One pattern's text, with its braces paired once (an unpaired or comma-less brace is itself). */
class PatternCompiler {
  /** `{` index → its `}` and the commas that separate its alternatives. */
  private readonly braces = new Map<number, { close: number; commas: number[] }>();

  constructor(
    private readonly pattern: string,
    private readonly out: Emitter,
  ) {
    const open: { at: number; commas: number[] }[] = [];
    for (let i = 0; i < pattern.length; i++) {
      const c = pattern[i];
      if (c === '{') open.push({ at: i, commas: [] });
      else if (c === ',' && open.length) open[open.length - 1].commas.push(i);
      else if (c === '}' && open.length) {
        const brace = open.pop()!;
        if (brace.commas.length) this.braces.set(brace.at, { close: i, commas: brace.commas });
      }
    }
  }

  /**
   * Emits pattern[start, end). `atStart`/`atEnd`: whether the range starts a path segment (the
   * pattern's start) and ends the pattern, for `**` as whole segments.
   */
  range(start: number, end: number, atStart: boolean, atEnd: boolean): void {
    const { pattern, out } = this;
    let i = start;
    while (i < end) {
      const code = pattern.charCodeAt(i);
      const brace = code === 123 ? this.braces.get(i) : undefined;
      if (brace && brace.close < end) {
        const bounds = [i, ...brace.commas, brace.close];
        const segmentStart = i === start ? atStart : pattern.charCodeAt(i - 1) === SLASH;
        const last = brace.close === end - 1 && atEnd;
        out.alternatives(bounds.slice(1).map((to, k) => () => this.range(bounds[k] + 1, to, segmentStart, last)));
        i = brace.close + 1;
      } else if (code === 42) {
        let stars = 1;
        while (i + stars < end && pattern.charCodeAt(i + stars) === 42) stars++;
        const segmentStart = i === start ? atStart : pattern.charCodeAt(i - 1) === SLASH;
        if (stars >= 2 && segmentStart && i + stars < end && pattern.charCodeAt(i + stars) === SLASH) {
          // `**/`: nothing, or any run that ends with `/` (zero or more whole segments).
          const split = out.emit(SPLIT);
          out.emit(ANY);
          out.emit(LIT, SLASH);
          out.land(split);
          stars++;
        } else out.emit(stars >= 2 ? ANY : STAR);
        i += stars;
      } else if (code === SLASH && atEnd && this.starsToEnd(i + 1, end)) {
        // A final `/**`: nothing, or `/` and any run (the folder itself and all below it).
        const split = out.emit(SPLIT);
        out.emit(LIT, SLASH);
        out.emit(ANY);
        out.land(split);
        i = end;
      } else {
        out.emit(code === 63 ? ONE : LIT, code);
        i++;
      }
    }
  }

  /** pattern[from, end) is two or more `*` and nothing else. */
  private starsToEnd(from: number, end: number): boolean {
    if (end - from < 2) return false;
    for (let i = from; i < end; i++) if (this.pattern.charCodeAt(i) !== 42) return false;
    return true;
  }
}
