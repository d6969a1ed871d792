// Glob patterns for URLs and file paths (picomatch): `*` stops at `/`, `**` does not, dot files match.
import picomatch from 'picomatch';

export type Matcher = (text: string) => boolean;

/** One test for any of `patterns`; none matches nothing. */
export function anyOf(patterns: readonly string[]): Matcher {
  if (!patterns.length) return () => false;
  return picomatch([...patterns], { dot: true });
}
