// The config's `sources` as the tests give them (pageSources.test.ts, pageSourcesBudgets.test.ts):
// a matcher compiled from entries, the problems of entries that must be refused, and a site's
// entries of each kind of placeholder.
import { strict as assert } from 'node:assert';
import { compileSources, type SourceEntry, type SourceMatcher } from '../../../core/sources/pageSources';

export function matcher(sources: SourceEntry[]): SourceMatcher {
  const compiled = compileSources(sources);
  if (!compiled.ok) throw new Error(JSON.stringify(compiled.problems));
  return compiled.matcher;
}

export function problems(sources: unknown[]) {
  const compiled = compileSources(sources as SourceEntry[]);
  assert.equal(compiled.ok, false, 'expected problems');
  return compiled.ok ? [] : compiled.problems;
}

export const SITE = [
  { url: 'https://example.com/blog/{slug}', file: 'content/blog/{slug}.md' },
  { url: 'https://example.com/docs/{path*}/', file: 'docs/{path*}/index.md' },
  { url: 'https://example.com', file: 'content/index.md' },
  { url: 'https://example.com/{page}', file: 'content/{page}.md' },
];
