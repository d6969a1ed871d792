// XML namespace, schema and DTD identifiers are written as http URLs but name a vocabulary, not a
// page: `xmlns="…"`, `xmlns:x="…"`, `xsi:schemaLocation="…"` (pairs of namespace and schema
// addresses), `xsi:noNamespaceSchemaLocation`, `targetNamespace` and the quoted identifiers of
// `<!DOCTYPE …>`, `<!ENTITY …>` and `<!NOTATION …>`. The finder asks about a URL only when a quote
// opens right before it, and reads a bounded number of characters back from that quote, so the
// cost per URL is constant whatever the text.

/** Characters read back over an attribute's name (`xsi:noNamespaceSchemaLocation` is 29). */
const NAME_WINDOW = 64;
/** Characters read back for the `<!DOCTYPE` that holds a quoted identifier (a public id is ~60). */
const DECLARATION_WINDOW = 256;
/** Spaces read back between `=` or an identifier and the opening quote. */
const SPACE_WINDOW = 16;

const IDENTIFIER_ATTRIBUTE = /^(?:xmlns(?::[\w.-]+)?|(?:[\w.-]+:)?(?:schemaLocation|noNamespaceSchemaLocation)|targetNamespace)$/i;
const DECLARATION = /<!(?:DOCTYPE|ENTITY|NOTATION)\s[^<>]*$/i;

/** XML white space: space, tab, line feed, carriage return. */
function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

/** A character of an attribute name as these are written: letters, digits, `_`, `:`, `.`, `-`. */
function isNameChar(c: number): boolean {
  return (
    (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) || c === 0x5f || c === 0x3a || c === 0x2e || c === 0x2d
  );
}

/** The index of the last character before `from` that is not white space (-1 when too far back). */
function backOverSpace(text: string, from: number): number {
  const stop = Math.max(-1, from - SPACE_WINDOW);
  let i = from - 1;
  while (i > stop && isSpace(text.charCodeAt(i))) i--;
  return i;
}

/**
 * Whether the URL at `start` is the quoted value of a namespace or schema attribute, or an
 * identifier in a DTD declaration: the character before it is a quote, and what comes before that
 * quote names one of them.
 */
export function opensVocabularyIdentifier(text: string, start: number): boolean {
  const quote = text[start - 1];
  if (quote !== '"' && quote !== "'") return false;
  const last = backOverSpace(text, start - 1);
  if (last < 0) return false;
  if (text[last] === '=') {
    const nameEnd = backOverSpace(text, last) + 1;
    const stop = Math.max(0, nameEnd - NAME_WINDOW);
    let nameStart = nameEnd;
    while (nameStart > stop && isNameChar(text.charCodeAt(nameStart - 1))) nameStart--;
    return nameStart < nameEnd && IDENTIFIER_ATTRIBUTE.test(text.slice(nameStart, nameEnd));
  }
  // A system identifier follows SYSTEM, PUBLIC or the quoted public identifier.
  const before = text.slice(Math.max(0, last + 1 - DECLARATION_WINDOW), last + 1);
  return /(?:["']|\bSYSTEM|\bPUBLIC)$/i.test(before) && DECLARATION.test(before);
}
