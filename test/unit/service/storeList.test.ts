// The SQL list against a plain JavaScript reading of the same query (the filter and sort the
// service did in memory before), over records made to hit the edges: ties, case, non-ASCII,
// quotes, needles shorter than a trigram, bands from a word or from a score alone.
import { strict as assert } from 'node:assert';
import { ratingOf, type Band } from '../../../core/checks/rating';
import { Store, type ListQuery, type SortKey } from '../../../service/store';
import type { StoredReport } from '../../../service/types';
import { searchText } from '../../../service/urlForms';

const HOSTS = ['www.Example.com', 'shop.example.org', 'café.example.net', 'a"b.example.io'];
const PATHS = ['/', '/Blog/Post', '/produkte/Äpfel', '/search?q="x"&y=1', '/a', '/%20space', '/ab', "/it's_50%25", '/under_score'];

function record(i: number): StoredReport {
  const host = HOSTS[i % HOSTS.length];
  const score = [95, 79, 79.01, 49, 48.99, 0, 100, 63.5][i % 8];
  const time = new Date(Date.UTC(2026, 0, 1 + (i % 9), i % 5)).toISOString();
  const r: StoredReport = {
    id: i,
    url: `https://${host}${PATHS[(i * 3) % PATHS.length]}${i % 4 === 0 ? '' : `?n=${i % 13}`}`,
    project: host,
    result: 'good',
    score,
    privacy: (i % 3) as 0 | 1 | 2,
    generated_at: time,
    created_at: time,
    updated_at: time,
    results: [],
  };
  // Half carry a rating word that agrees with the score, half only the score (the real service's shape).
  if (i % 2 === 0) delete (r as Partial<StoredReport>).result;
  else r.result = ratingOf({ score }).band as Band;
  return r;
}

/** searchText by URL, computed once: the reference reads every record for every query. */
const forms = new Map<string, string>();
function formsOf(url: string): string {
  let text = forms.get(url);
  if (text === undefined) forms.set(url, (text = searchText(url)));
  return text;
}

function reference(all: StoredReport[], q: ListQuery): { ids: number[]; total: number } {
  const needle = q.search?.toLowerCase();
  const key: Record<SortKey, (r: StoredReport) => number | string> = {
    id: (r) => r.id,
    url: (r) => r.url,
    score: (r) => r.score,
    generated_at: (r) => Date.parse(r.generated_at) || 0,
  };
  const matching = all
    .filter((r) => needle === undefined || formsOf(r.url).includes(needle))
    .filter((r) => q.project === undefined || r.project === q.project)
    .filter((r) => q.band === undefined || ratingOf(r).band === q.band)
    .sort((a, b) => {
      const ka = key[q.sortBy](a);
      const kb = key[q.sortBy](b);
      const c = ka < kb ? -1 : ka > kb ? 1 : a.id - b.id;
      return q.sort === 'asc' ? c : -c;
    });
  const start = (q.page - 1) * q.perPage;
  return { ids: matching.slice(start, start + q.perPage).map((r) => r.id), total: matching.length };
}

function queries(): ListQuery[] {
  const out: ListQuery[] = [];
  const searches = [
    undefined,
    'EXAMPLE',
    'é',
    'ab',
    'äpfel',
    '"x"',
    'n=1',
    'b.example',
    '%20',
    'nothing-like-this',
    'a"b',
    'xn--caf',
    '%C3%A4pfel',
    // LIKE's wildcards and escapes, quotes, one and two characters, upper case beyond ASCII
    '%',
    '_',
    "'",
    "it's_50%",
    'A',
    'Ä',
    'ÄPFEL',
    'CAFÉ',
    '\\',
  ];
  for (const band of [undefined, 'good', 'decent', 'bad'] as const) {
    for (const search of searches) {
      for (const project of [undefined, HOSTS[0], HOSTS[3]]) {
        for (const sortBy of ['id', 'url', 'score', 'generated_at'] as const) {
          const sort = (sortBy.length + (search?.length ?? 0)) % 2 === 0 ? 'asc' : 'desc';
          out.push({ band, search, project, sortBy, sort, page: 1, perPage: 10 });
        }
      }
    }
  }
  out.push({ sortBy: 'url', sort: 'asc', page: 3, perPage: 25 }, { band: 'good', sortBy: 'score', sort: 'desc', page: 99, perPage: 10 });
  return out;
}

async function expectSame(store: Store): Promise<void> {
  const all = store.all();
  for (const q of queries()) {
    const got = store.list(q);
    const want = reference(all, q);
    assert.deepEqual({ ids: got.items.map((r) => r.id), total: got.total }, want, JSON.stringify(q));
  }
}

describe('service/store: the list query in SQL', () => {
  it('agrees with the in-memory filter and sort on every band, search, project and sort', async () => {
    const store = await Store.open();
    // 600: more than PROBE_CAP reports share the common trigrams, so both search plans are used
    await store.replaceAll(Array.from({ length: 600 }, (_, i) => record(i + 1)));
    await expectSame(store);
    store.close();
  });

  it('3,000 reports: the same pages and totals as a plain scan, asked twice, and again after each kind of write', async () => {
    const store = await Store.open();
    await store.replaceAll(Array.from({ length: 3000 }, (_, i) => record(i + 1)));
    await expectSame(store);
    await expectSame(store); // the totals remembered (searchTotals.ts) are the counted ones
    const data: Partial<StoredReport> = record(7);
    delete data.id;
    await store.create(data as Omit<StoredReport, 'id'>);
    await expectSame(store);
    await store.update(8, { score: 1, url: "https://www.example.com/it's_50%25" });
    await expectSame(store);
    await store.delete(9);
    await expectSame(store);
    store.close();
  });

  it('stays in agreement after creates, updates that move reports between bands and projects, and deletes', async () => {
    const store = await Store.open();
    await store.replaceAll(Array.from({ length: 120 }, (_, i) => record(i + 1)));
    for (let i = 1; i <= 120; i += 7) await store.delete(i);
    for (let i = 2; i <= 120; i += 5) {
      await store.update(i, { score: (i * 13) % 101, url: `https://moved.example/${i}`, project: 'moved.example' });
    }
    for (let i = 0; i < 20; i++) {
      const data: Partial<StoredReport> = record(500 + i);
      delete data.id;
      await store.create(data as Omit<StoredReport, 'id'>);
    }
    assert.equal(store.size, store.all().length);
    await expectSame(store);
    store.close();
  });
});
