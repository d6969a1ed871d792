// A file's bytes as text, one way for every reader of files people write (pages, sources, configs):
// UTF-16, little or big endian, when it starts with that byte-order mark, else UTF-8; the mark is
// no part of the text, as in the editor (a document's text never holds it). The command line's walk
// (urlsInFiles.ts textOfBytes), the confined reader (confinedRead.ts) and the editor's reads of
// files not open all decode here, so a page says the same in the editor and in CI: a UTF-16 page
// is read, not analysed as bytes, and a front matter after a UTF-8 mark is still at the top.

/** Whether `bytes` start with a UTF-16 byte-order mark: 'le', 'be', or undefined. */
export function utf16MarkOf(bytes: Uint8Array): 'le' | 'be' | undefined {
  if (bytes.length < 2) return undefined;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'be';
  return undefined;
}

/** The text of `bytes`: UTF-16 by its byte-order mark (an odd last byte dropped), else UTF-8; no mark kept. */
export function decodeFileText(bytes: Uint8Array): string {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const mark = utf16MarkOf(buffer);
  if (mark === undefined) {
    const text = buffer.toString('utf8');
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  }
  const units = buffer.subarray(2, 2 + ((buffer.length - 2) & ~1));
  // Big endian: swapped into a copy (the caller's bytes are not ours to change).
  return (mark === 'be' ? Buffer.from(units).swap16() : units).toString('utf16le');
}
