// Which files are HTML pages: a name ending in .html or .htm, in any case (`INDEX.HTM` from an old
// Windows export is a page too). One list for the command line's build folders, the preview's
// built files and the editor's searches; the editor's glob spells each letter in both cases,
// since VS Code's globs compare with case on Linux.

/** The extensions of an HTML page, in lower case; a file's is compared without case. */
export const HTML_EXTENSIONS: readonly string[] = ['html', 'htm'];

/** Whether a file name or path (with `/`) names an HTML page, by its extension in any case. */
export function isHtmlPath(name: string): boolean {
  const dot = name.lastIndexOf('.');
  return dot > name.lastIndexOf('/') && HTML_EXTENSIONS.includes(name.slice(dot + 1).toLowerCase());
}

/** `html` as `[hH][tT][mM][lL]`: a glob of the word in any case. */
function anyCase(word: string): string {
  return [...word].map((c) => `[${c.toLowerCase()}${c.toUpperCase()}]`).join('');
}

/** Every HTML page under a folder, as a VS Code glob: each extension with its letters in both cases (`[hH][tT][mM]`). */
export const HTML_FILES_GLOB = `**/*.{${HTML_EXTENSIONS.map(anyCase).join(',')}}`;
