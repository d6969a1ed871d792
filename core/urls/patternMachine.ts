// Runs a compiled pattern (core/urls/urlPattern.ts) over a text without backtracking: the set of
// program slots alive after each character (Thompson's construction), each set computed once and
// its moves cached by character class (a lazy DFA, as RE2 does), so a text usually costs one
// table read a character. A new set costs at most 4 × (slots + 1) steps more (its slots, moves,
// its order, its key), so a match costs at most 5 × (slots + 1) × (text + 1) whatever the cache
// holds; the cache is bounded and emptied when full. A set is kept in slot order, so the same set
// reached along another path is found in the cache, not built again: a list of `**/` patterns met
// the same few sets in hundreds of orders, each built at the cost of the whole program.

// The program: one instruction a slot; the slot after the last is "matched".
export const LIT = 0; // this character → next
export const ONE = 1; // any character but `/` → next
export const STAR = 2; // any character but `/` → itself; or nothing → next
export const ANY = 3; // any character → itself; or nothing → next
export const SPLIT = 4; // nothing → next and nothing → arg (always forward)
export const JUMP = 5; // nothing → arg (always forward)
export const SLASH = 47;

/** Cached moves (sets × character classes) of one program: 1 MiB at most. */
export const MAX_CACHED_MOVES = 1 << 18;

export interface Program {
  ops: Uint8Array;
  args: Int32Array;
  /** LIT's character in ASCII lower case, for the part that compares without case. */
  folded: Int32Array;
}

export const lowerAscii = (code: number): number => (code >= 65 && code <= 90 ? code + 32 : code);

/** A match: its answer, its steps, and the sets it built (not found in the cache). */
export type Run = (text: string, foldUntil: number) => { matched: boolean; steps: number; built: number };

/**
 * Character classes: characters no LIT names share class 0, `/` is 1, each character a LIT
 * names has its own; with case (after `foldUntil`) and without (before it) apart.
 */
class Classes {
  readonly count: number;
  /** A character of each class (-1: one no LIT names) and whether it is compared without case. */
  readonly sample: number[] = [];
  readonly folds: boolean[] = [];
  private readonly exact = new Map<number, number>();
  private readonly lower = new Map<number, number>();

  constructor(program: Program) {
    for (const [map, fold] of [
      [this.exact, false],
      [this.lower, true],
    ] as const) {
      this.add(map, -1, fold);
      this.add(map, SLASH, fold);
      program.ops.forEach((op, pc) => {
        if (op === LIT) this.add(map, fold ? program.folded[pc] : program.args[pc], fold);
      });
    }
    this.count = this.sample.length;
  }

  of(code: number, fold: boolean): number {
    return fold ? (this.lower.get(lowerAscii(code)) ?? this.lower.get(-1)!) : (this.exact.get(code) ?? this.exact.get(-1)!);
  }

  private add(map: Map<number, number>, code: number, fold: boolean): void {
    if (map.has(code)) return;
    map.set(code, this.sample.length);
    this.sample.push(code);
    this.folds.push(fold);
  }
}

export function runner(program: Program): Run {
  const { ops, args, folded } = program;
  const size = ops.length + 1;
  const classes = new Classes(program);
  const seen = new Int32Array(size);
  const stack = new Int32Array(2 * size + 2);
  let stamp = 0;
  let steps = 0;
  let built = 0;
  // The cache: sets by key, their slots, whether they match, and their moves (-1: not yet).
  const ids = new Map<string, number>();
  const sets: Int32Array[] = [];
  const accepts: boolean[] = [];
  let moves = new Int32Array(0);
  let emptied = 0;
  const maxSets = Math.max(2, Math.floor(MAX_CACHED_MOVES / classes.count));

  /** The set of `from` slots and all reachable from them without a character. */
  const closure = (from: readonly number[] | Int32Array, count: number): Int32Array => {
    if (++stamp > 1 << 30) {
      seen.fill(0);
      stamp = 1;
    }
    const out: number[] = [];
    for (let k = count - 1; k >= 0; k--) {
      let top = 0;
      stack[top++] = from[k];
      while (top > 0) {
        const pc = stack[--top];
        if (seen[pc] === stamp) continue;
        seen[pc] = stamp;
        steps++;
        const op = pc < ops.length ? ops[pc] : -1;
        if (op === SPLIT) {
          stack[top++] = args[pc];
          stack[top++] = pc + 1;
        } else if (op === JUMP) stack[top++] = args[pc];
        else {
          out.push(pc);
          if (op === STAR || op === ANY) stack[top++] = pc + 1;
        }
      }
    }
    // In slot order (counted as one step a slot; the engine's sort of numbers is far cheaper than
    // building the set again): one key for the set, however it was reached.
    steps += out.length;
    return Int32Array.from(out).sort();
  };

  /** The id of a set, cached (the cache emptied first when full). */
  const idOf = (set: Int32Array): number => {
    const key = set.join(',');
    steps += set.length;
    const known = ids.get(key);
    if (known !== undefined) return known;
    if (sets.length >= maxSets) {
      ids.clear();
      sets.length = 0;
      accepts.length = 0;
      moves.fill(-1);
      emptied++;
    }
    if ((sets.length + 1) * classes.count > moves.length) {
      const grown = new Int32Array(Math.min(maxSets, Math.max(16, 2 * sets.length + 2)) * classes.count).fill(-1);
      grown.set(moves.subarray(0, Math.min(moves.length, grown.length)));
      moves = grown;
    }
    built++;
    ids.set(key, sets.length);
    sets.push(set);
    accepts.push(set.includes(ops.length));
    return sets.length - 1;
  };

  /** The set after one character of class `cls` from set `id`. */
  const move = (id: number, cls: number): Int32Array => {
    const c = classes.sample[cls];
    const fold = classes.folds[cls];
    const next: number[] = [];
    for (const pc of sets[id]) {
      steps++;
      const op = ops[pc];
      if (op === LIT) {
        if (c >= 0 && (fold ? folded[pc] === c : args[pc] === c)) next.push(pc + 1);
      } else if (op === ONE) {
        if (c !== SLASH) next.push(pc + 1);
      } else if (op === STAR) {
        if (c !== SLASH) next.push(pc);
      } else if (op === ANY) next.push(pc);
    }
    return closure(next, next.length);
  };

  let start = -1;
  let startCache = -1;
  return (text, foldUntil) => {
    steps = 0;
    built = 0;
    if (startCache !== emptied) {
      start = idOf(closure([0], 1));
      startCache = emptied;
    }
    let id = start;
    for (let i = 0; i < text.length; i++) {
      if (sets[id].length === 0) return { matched: false, steps, built };
      const cls = classes.of(text.charCodeAt(i), i < foldUntil);
      const cell = id * classes.count + cls;
      let to = moves[cell];
      steps++;
      if (to < 0) {
        const before = emptied;
        to = idOf(move(id, cls));
        // An emptied cache forgot `id`: the move is not kept, and the text goes on from `to`.
        if (emptied === before) moves[cell] = to;
      }
      id = to;
    }
    return { matched: accepts[id], steps, built };
  };
}
