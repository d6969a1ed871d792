// A Markdown page's text with what is not page markup blanked out — the front matter, fenced code,
// indented code and inline code spans — so a `<tt>` shown in a code sample is never "fixed". The
// blanks are spaces of the same length (line ends kept): offsets stay those of the file.

type Ranges = [number, number][];

/** Marks `start`–`end` to be blanked (spaces, line ends kept). */
function blank(ranges: Ranges, start: number, end: number): void {
  if (end > start) ranges.push([start, end]);
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** `text` with its front matter (ending at `bodyStart`) and code blanked; linear in the text. */
export function maskMarkdownCode(text: string, bodyStart: number): string {
  const chars: Ranges = [];
  blank(chars, 0, bodyStart);
  let fence: string | undefined;
  let fenceStart = 0;
  let previousBlank = true;
  const lineRe = /[^\r\n]*(\r\n|\r|\n|$)/g;
  lineRe.lastIndex = bodyStart;
  for (let m = lineRe.exec(text); m && m[0] !== ''; m = lineRe.exec(text)) {
    const start = m.index;
    const line = m[0].replace(/[\r\n]+$/, '');
    const end = start + line.length;
    const open = FENCE.exec(line);
    if (fence !== undefined) {
      if (open && open[1][0] === fence[0] && open[1].length >= fence.length && line.trim() === open[1]) {
        blank(chars, fenceStart, end);
        fence = undefined;
      }
    } else if (open) {
      fence = open[1];
      fenceStart = start;
    } else if (previousBlank && /^( {4}|\t)/.test(line)) {
      blank(chars, start, end); // an indented code block (its later lines stay indented too)
      continue;
    } else {
      blankCodeSpans(line, start, chars);
    }
    previousBlank = line.trim() === '';
  }
  if (fence !== undefined) blank(chars, fenceStart, text.length);
  let out = '';
  let at = 0;
  for (const [start, end] of chars) {
    out += text.slice(at, start) + text.slice(start, end).replace(/[^\r\n]/g, ' ');
    at = end;
  }
  return out + text.slice(at);
}

/** Blanks the `code spans` of one line (a run of backticks closed by a run as long). */
function blankCodeSpans(line: string, offset: number, chars: Ranges): void {
  let at = line.indexOf('`');
  while (at >= 0) {
    let run = at;
    while (line[run] === '`') run++;
    const ticks = line.slice(at, run);
    const close = line.indexOf(ticks, run);
    if (close < 0) return;
    blank(chars, offset + at, offset + close + ticks.length);
    at = line.indexOf('`', close + ticks.length);
  }
}
