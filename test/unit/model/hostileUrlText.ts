// Hostile text for the URL finder: `https://a.b/x` followed by runs of `)`, `]` and `.)` of growing
// length (the runs a quadratic trim pays for), one URL a line, up to `bytes` characters. Shared by
// the benchmark row (scripts/bench/finderRows.ts) and the unit test that checks the answer on the same text.

export function hostileText(bytes: number): { text: string; urls: number } {
  const runs = [')', ']', '.)'];
  const parts: string[] = [];
  let length = 0;
  let urls = 0;
  for (let i = 0; length < bytes; i++) {
    const run = runs[i % runs.length];
    // Runs from 1 to 64 KiB: short ones many times, long ones a few.
    const size = Math.min(2 ** (i % 17), bytes - length);
    const line = `https://a.b/x${run.repeat(Math.ceil(size / run.length))}\n`;
    parts.push(line);
    length += line.length;
    urls++;
  }
  return { text: parts.join(''), urls };
}
