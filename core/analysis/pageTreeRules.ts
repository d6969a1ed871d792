// node-html-parser 9's rules for tags it closes without an end tag (its kElementsClosedByOpening,
// kElementsClosedByClosing and kElementsClosedByClosingExcept, which it does not export), for
// pageTree.ts. Plain objects, as the parser's are: a lookup finds what theirs finds, keys that
// every object has included, so the trees stay the same on any input.

type Rules = Record<string, Record<string, boolean>>;

/** `{ parent: [tags] }` with each name in lower and upper case, as the parser spells its tables out. */
function bothCases(rules: Record<string, string[]>, parentCases: 'both' | 'upper'): Rules {
  const out: Rules = {};
  for (const [parent, tags] of Object.entries(rules)) {
    const inner: Record<string, boolean> = {};
    for (const tag of tags) {
      inner[tag] = true;
      inner[tag.toUpperCase()] = true;
    }
    if (parentCases === 'both') out[parent] = inner;
    out[parent.toUpperCase()] = inner;
  }
  return out;
}

const CELL_ENDS = ['td', 'th', 'tr', 'tbody', 'tfoot'];

/** An element open at `parent` (its tag as written) that an opening `tag` closes first. */
export const CLOSED_BY_OPENING: Rules = bothCases(
  {
    li: ['li'],
    p: ['p', 'div'],
    b: ['div'],
    td: CELL_ENDS,
    th: CELL_ENDS,
    tr: ['tr', 'tbody', 'tfoot'],
    thead: ['tbody', 'tfoot'],
    tbody: ['tbody', 'tfoot'],
    h1: ['h1'],
    h2: ['h2'],
    h3: ['h3'],
    h4: ['h4'],
    h5: ['h5'],
    h6: ['h6'],
    dt: ['dt', 'dd'],
    dd: ['dt', 'dd'],
  },
  'both',
);

const TABLE_PARTS = ['tr', 'table', 'thead', 'tbody', 'tfoot'];

/**
 * An element open at `parent` that the end tag `tag` closes on its way. The parser looks these up
 * by the upper-case tag name only (its `tagName`), so only those keys are kept.
 */
export const CLOSED_BY_CLOSING: Rules = bothCases(
  {
    li: ['ul', 'ol'],
    a: ['div'],
    b: ['div'],
    i: ['div'],
    p: ['div'],
    td: TABLE_PARTS,
    th: TABLE_PARTS,
    tr: ['table', 'thead', 'tbody', 'tfoot'],
    tbody: ['table'],
    tfoot: ['table'],
    dt: ['dl', 'body', 'html'],
    dd: ['dl', 'body', 'html'],
  },
  'upper',
);

/** An open <p> closed by the end tag of the element that holds it, unless that is one of these. */
export const CLOSED_BY_CLOSING_EXCEPT: Rules = {
  p: { a: true, audio: true, del: true, ins: true, map: true, noscript: true, video: true },
};
