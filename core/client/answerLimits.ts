// The client's budgets for what the service sends: every cost that grows with an answer (bytes,
// nesting, rows, fields, link length, header size) stops at a named bound here. Each is pinned by
// a test with a generated worst case (test/unit/api/boundedJson*.test.ts, clientBudgets.test.ts).

const KiB = 1024;
const MiB = 1024 * KiB;

/** Bytes read of one successful answer: a list page may be larger than a record, but not more. */
export const MAX_ANSWER_BYTES = 32 * MiB;
/** Bytes of one record built whole; a larger one is kept as its top-level facts, marked too large. */
export const MAX_RECORD_BYTES = 2 * MiB;
/** Nesting of one record built whole (JSON.parse is iterative; this bounds what others walk). */
export const MAX_RECORD_DEPTH = 16_384;
/** Rows of one list page read; the service's largest page is 100. Rows beyond count as skipped. */
export const MAX_PAGE_ROWS = 1_000;
/** Fields of an envelope (beside `data`) read, and the bytes of each; larger ones are left out. */
export const MAX_ENVELOPE_FIELDS = 64;
export const MAX_ENVELOPE_FIELD_BYTES = 64 * KiB;
/** Bytes of one top-level value kept from a record too large to build (a longer one is left out). */
export const MAX_SKIMMED_VALUE_BYTES = 8 * KiB;
/** Bytes of a key looked at in a record too large to build (the fields kept have short names). */
export const MAX_SKIMMED_KEY_BYTES = 64;
/** Bytes read of an answer whose body does not matter or is an error: its status says enough. */
export const MAX_ERROR_BODY_BYTES = 64 * KiB;
/** A `links.next` longer than this is not followed (the next page is asked by number). */
export const MAX_NEXT_LINK_LENGTH = 4096;
/** Bytes of an answer's headers (undici refuses more). */
export const MAX_HEADER_BYTES = 16 * KiB;
