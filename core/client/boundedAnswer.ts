// Reads a successful answer's JSON within budgets (limits.ts), one pass over its bytes: a list's
// `data` array is split into records and each is built only when it is within the record budgets;
// a record too large (or too deep) is skimmed instead — its top-level facts (id, url, result,
// privacy, dates) kept, nothing else built — and comes back as an OversizedRecord. The rest of the
// page is intact. An answer cut at the byte budget still yields the facts of the record it was
// reading (a create's 2xx answer names the stored report before its large fields).
import { BYTE, JsonScanner, MalformedJson } from './jsonScan';
import { nestsWithin } from './jsonDepth';
import * as limits from './answerLimits';
import { OversizedInfo } from './types';

export { MalformedJson } from './jsonScan';

export interface JsonBudgets {
  recordBytes: number;
  recordDepth: number;
  pageRows: number;
  envelopeFields: number;
  envelopeFieldBytes: number;
  skimmedValueBytes: number;
  skimmedKeyBytes: number;
}

export const DEFAULT_BUDGETS: JsonBudgets = {
  recordBytes: limits.MAX_RECORD_BYTES,
  recordDepth: limits.MAX_RECORD_DEPTH,
  pageRows: limits.MAX_PAGE_ROWS,
  envelopeFields: limits.MAX_ENVELOPE_FIELDS,
  envelopeFieldBytes: limits.MAX_ENVELOPE_FIELD_BYTES,
  skimmedValueBytes: limits.MAX_SKIMMED_VALUE_BYTES,
  skimmedKeyBytes: limits.MAX_SKIMMED_KEY_BYTES,
};

/** The top-level facts of a record too large to build. */
export class OversizedRecord {
  constructor(
    readonly fields: Record<string, unknown>,
    readonly info: OversizedInfo,
  ) {}
}

/** Rows of a page beyond the row budget: stepped over, not read. */
export class OmittedRows {
  constructor(readonly count: number) {}
}

/** The fields a record too large to build is still known by. */
const SKIMMED_FIELDS = new Set(['id', 'url', 'result', 'score', 'privacy', 'project', 'generated_at', 'created_at', 'updated_at']);

/** What the reader did, for tests of its bounds. */
export interface ReadStats {
  /** Bytes handed to JSON.parse, in all. */
  parsedBytes: number;
  /** The largest single slice handed to JSON.parse. */
  largestParse: number;
}

export interface ReadOptions {
  /** A record answer (create, read, update) salvages the facts of a cut record; a list does not. */
  expect: 'list' | 'record';
  /** The bytes stop at the byte budget, before the answer's end. */
  truncated?: boolean;
  budgets?: Partial<JsonBudgets>;
  stats?: ReadStats;
}

/**
 * The answer as JSON.parse would give it, except that records over budget are OversizedRecords
 * (null when the row is no object), rows over the row budget one OmittedRows at the end of their
 * array, and envelope fields over budget left out. Throws MalformedJson.
 */
export function readBoundedJson(bytes: Buffer, options: ReadOptions): unknown {
  const budgets = { ...DEFAULT_BUDGETS, ...options.budgets };
  if (!options.truncated && !options.stats && bytes.length <= budgets.recordBytes) {
    const whole = readWhole(bytes, budgets);
    if (whole !== NOT_WHOLE) return whole;
  }
  const reader = new Reader(new JsonScanner(bytes), budgets, options.stats);
  try {
    return reader.top();
  } catch (error) {
    const facts = reader.current;
    if (error instanceof MalformedJson && error.cut && options.truncated && options.expect === 'record' && facts?.has('id')) {
      return new OversizedRecord(Object.fromEntries(facts), { bytes: bytes.length, reason: 'cut' });
    }
    throw error;
  }
}

const NOT_WHOLE = Symbol('not whole'); // l10n-exempt: a marker, never shown

/**
 * The common case at native speed: an answer no larger than one record's byte budget, parsed
 * whole, is what the walk below would give whenever every other budget holds — checked on the
 * parsed value (rows, envelope fields, nesting). Anything else (or anything unusual) is left to the
 * walk: NOT_WHOLE.
 */
function readWhole(bytes: Buffer, budgets: JsonBudgets): unknown {
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch {
    return NOT_WHOLE; // the walk says where and how it is malformed
  }
  const recordDepth = Math.min(WHOLE_DEPTH, budgets.recordDepth);
  if (Array.isArray(value)) return rowsFit(value, budgets, recordDepth) ? value : NOT_WHOLE;
  if (value === null || typeof value !== 'object') return NOT_WHOLE;
  const record = value as Record<string, unknown>;
  if (!Object.prototype.hasOwnProperty.call(record, 'data')) return nestsWithin(record, recordDepth) ? record : NOT_WHOLE;
  const data = record.data;
  if (data === null || typeof data !== 'object') return NOT_WHOLE;
  if (Array.isArray(data) ? !rowsFit(data, budgets, recordDepth) : !nestsWithin(data, recordDepth)) return NOT_WHOLE;
  const keys = Object.keys(record).filter((key) => key !== 'data');
  if (keys.length > budgets.envelopeFields) return NOT_WHOLE;
  // The envelope as the walk builds it: its fields in order, `data` last.
  const fields: Array<[string, unknown]> = [];
  for (const key of keys) {
    const field = record[key];
    const size = Buffer.byteLength(JSON.stringify(field) ?? '');
    if (size > budgets.envelopeFieldBytes / 2 || !nestsWithin(field, recordDepth - 1)) return NOT_WHOLE;
    fields.push([key, field]);
  }
  fields.push(['data', data]);
  return Object.fromEntries(fields);
}

/** Nesting the whole read checks by recursion; anything deeper is left to the walk (which never recurses). */
const WHOLE_DEPTH = 1000;

function rowsFit(rows: unknown[], budgets: JsonBudgets, depth: number): boolean {
  if (rows.length > budgets.pageRows) return false;
  for (let i = 0; i < rows.length; i++) if (!nestsWithin(rows[i], depth)) return false;
  return true;
}

class Reader {
  /** The facts of the record being read (or read last), for an answer cut short. */
  current?: Map<string, unknown>;

  constructor(
    private readonly s: JsonScanner,
    private readonly budgets: JsonBudgets,
    private readonly stats: ReadStats = { parsedBytes: 0, largestParse: 0 },
  ) {}

  top(): unknown {
    const { s } = this;
    const first = s.peek();
    if (first === -1) return undefined;
    let value: unknown;
    if (first === BYTE.OPEN_BRACKET) value = this.rows();
    else if (first === BYTE.OPEN_BRACE) value = this.topObject();
    else {
      const start = s.pos;
      s.skipValue();
      value = s.pos - start <= this.budgets.envelopeFieldBytes ? this.parse(start, s.pos) : null;
    }
    if (!s.atEnd()) s.fail();
    return value;
  }

  private parse(start: number, end: number): unknown {
    this.stats.parsedBytes += end - start;
    this.stats.largestParse = Math.max(this.stats.largestParse, end - start);
    try {
      return JSON.parse(this.s.text(start, end));
    } catch {
      throw new MalformedJson(start, end >= this.s.bytes.length); // a value running to the end was cut
    }
  }

  private within(bytes: number, depth: number): boolean {
    return bytes <= this.budgets.recordBytes && depth <= this.budgets.recordDepth;
  }

  private rows(): unknown[] {
    const { s } = this;
    s.expect(BYTE.OPEN_BRACKET);
    const out: unknown[] = [];
    if (s.take(BYTE.CLOSE_BRACKET)) return out;
    let omitted = 0;
    do {
      s.peek();
      if (out.length >= this.budgets.pageRows) {
        s.skipValue();
        omitted++;
      } else out.push(this.row());
    } while (s.take(BYTE.COMMA));
    s.expect(BYTE.CLOSE_BRACKET);
    if (omitted) out.push(new OmittedRows(omitted));
    return out;
  }

  /** One record: built when within budget, else its facts; a row that is no object and too large is null. */
  private row(): unknown {
    const { s } = this;
    const start = s.pos;
    if (s.peek() !== BYTE.OPEN_BRACE) {
      const depth = s.skipValue();
      return this.within(s.pos - start, depth) ? this.parse(start, s.pos) : null;
    }
    // Most records are within budget: find the end first and build the slice whole; only one over
    // budget (or cut, or malformed) is walked again, member by member, for its facts.
    let depth: number | undefined;
    try {
      depth = s.skipValue();
    } catch (error) {
      if (!(error instanceof MalformedJson)) throw error;
    }
    if (depth !== undefined && this.within(s.pos - start, depth)) return this.parse(start, s.pos);
    s.pos = start;
    const facts = new Map<string, unknown>();
    this.current = facts;
    const walked = this.walkObject((key) => this.skim(facts, key));
    return this.record(start, walked, facts);
  }

  private record(start: number, depth: number, facts: Map<string, unknown>): unknown {
    const bytes = this.s.pos - start;
    if (this.within(bytes, depth)) return this.parse(start, this.s.pos);
    return new OversizedRecord(Object.fromEntries(facts), { bytes, reason: bytes > this.budgets.recordBytes ? 'bytes' : 'depth' });
  }

  /** Skips a member's value, keeping it among the facts when it is a short scalar of a known field. */
  private skim(facts: Map<string, unknown>, key: string | undefined): number {
    const { s } = this;
    const start = s.pos;
    const depth = s.skipValue();
    // A member runs on to `,` or `}`: one that reaches the end was cut ("id":12 of "id":1234).
    if (s.pos >= s.bytes.length) s.fail();
    if (depth === 0 && key !== undefined && SKIMMED_FIELDS.has(key) && s.pos - start <= this.budgets.skimmedValueBytes) {
      facts.set(key, this.parse(start, s.pos));
    }
    return depth;
  }

  /**
   * The top-level object: an envelope when it has `data` (a list or a record), else a bare record.
   * Envelope fields are kept as spans and built only when the object turns out to be an envelope.
   */
  private topObject(): unknown {
    const { s } = this;
    const start = s.pos;
    const facts = new Map<string, unknown>();
    this.current = facts;
    const spans: Array<[string, number, number]> = [];
    let data: { value: unknown } | undefined;
    const depth = this.walkObject((key) => {
      const next = s.peek();
      if (key === 'data' && (next === BYTE.OPEN_BRACKET || next === BYTE.OPEN_BRACE)) {
        data = { value: next === BYTE.OPEN_BRACKET ? this.rows() : this.row() };
        return 0;
      }
      const from = s.pos;
      const nested = this.skim(facts, key);
      const fits = s.pos - from <= this.budgets.envelopeFieldBytes && nested < this.budgets.recordDepth;
      if (key !== undefined && fits && spans.length < this.budgets.envelopeFields) spans.push([key, from, s.pos]);
      return nested;
    });
    if (!data) return this.record(start, depth, facts);
    // fromEntries defines own properties, so even a "__proto__" field stays a plain field.
    const fields: Array<[string, unknown]> = spans.map(([key, from, to]) => [key, this.parse(from, to)]);
    fields.push(['data', data.value]);
    return Object.fromEntries(fields);
  }

  /** Walks an object's members; `member` steps over each value and says how deep it nests. */
  private walkObject(member: (key: string | undefined) => number): number {
    const { s } = this;
    s.expect(BYTE.OPEN_BRACE);
    let deepest = 0;
    if (s.take(BYTE.CLOSE_BRACE)) return 1;
    do {
      if (s.peek() !== BYTE.QUOTE) s.fail();
      const keyStart = s.pos;
      s.skipString();
      const keyEnd = s.pos;
      const key = keyEnd - keyStart <= this.budgets.skimmedKeyBytes + 2 ? (this.parse(keyStart, keyEnd) as string) : undefined;
      s.expect(BYTE.COLON);
      s.peek();
      deepest = Math.max(deepest, member(key));
    } while (s.take(BYTE.COMMA));
    s.expect(BYTE.CLOSE_BRACE);
    return deepest + 1;
  }
}
