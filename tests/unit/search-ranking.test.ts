/**
 * How well the search answers buyers: a judged set of their queries (tests/support/judged-queries.json:
 * names, codes, misspellings, synonyms, substrates, industries, processes, certifications, things
 * not sold) scored by nDCG@5 over the index made from src/content, as the site makes it. The
 * expected results are named by item id and checked against the content first, so an item an
 * editor removes is named rather than scored as a miss; a substrate, industry or process is
 * answered by the items whose fields name it, read from the content too.
 * The figure it must reach is recorded in docs/performance.md (Search ranking).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { searchCatalogue } from '../../src/search/catalogue-search';
import { noFilters, type SearchFilterKey } from '../../src/search/search';
import { synonyms } from '../../src/search/synonyms';
import { categoryPath, routes, technologyPath } from '../../src/model/routes';
import { contentItems, contentSearchIndex, searchEntries } from '../support/search-content';

/** The least mean nDCG@5 the judged set must reach (docs/performance.md, Search ranking). */
const leastScore = 0.95;
/** The least any kind of query reaches on its own. */
const leastPerKind = 0.85;

interface Judged {
  kind: string;
  query: string;
  expect?: string[];
  madeFor?: Partial<Record<SearchFilterKey, string>>;
}
const judged = (
  JSON.parse(readFileSync(join(process.cwd(), 'tests/support/judged-queries.json'), 'utf8')) as { queries: Judged[] }
).queries;

/** Every address the search can answer, by the id the judged set names it with. */
const addresses = new Map<string, string>(contentItems.map((item, i) => [item.id, searchEntries[i]!.record.url]));
const known = new Set(contentSearchIndex.records.map((record) => record.url));
const addressOf = (id: string): string | undefined => {
  if (addresses.has(id)) return addresses.get(id);
  const [kind, slug = ''] = id.split(':');
  const url =
    kind === 'technology'
      ? technologyPath(slug)
      : kind === 'category'
        ? categoryPath(slug)
        : kind === 'page' && (slug === 'home' || slug === 'about')
          ? routes[slug]
          : undefined;
  return url && known.has(url) ? url : undefined;
};

/** The addresses that answer a judged query, best first (a set for `madeFor`). */
function relevant(query: Judged): string[] {
  if (query.madeFor)
    return contentSearchIndex.records
      .filter((record) =>
        Object.entries(query.madeFor!).every(([key, value]) => record.filters[key as SearchFilterKey].includes(value!)),
      )
      .map((record) => record.url);
  return (query.expect ?? []).map((id) => addressOf(id)!);
}

const ranked = (query: string) =>
  searchCatalogue(contentSearchIndex, { query, selected: noFilters() }, synonyms).results.map((r) => r.url);

/** nDCG@5 with each expected result a gain of 1; for a thing not sold, 1 when nothing is found. */
export function ndcgAt5(results: readonly string[], wanted: readonly string[]): number {
  if (wanted.length === 0) return results.length === 0 ? 1 : 0;
  const good = new Set(wanted);
  const dcg = results.slice(0, 5).reduce((sum, url, i) => sum + (good.has(url) ? 1 / Math.log2(i + 2) : 0), 0);
  let ideal = 0;
  for (let i = 0; i < Math.min(5, good.size); i++) ideal += 1 / Math.log2(i + 2);
  return dcg / ideal;
}

describe('the judged buyer queries', () => {
  it('are at least 40, of every kind, and name only what the content has', () => {
    expect(judged.length).toBeGreaterThanOrEqual(40);
    const kinds = new Set(judged.map((q) => q.kind));
    for (const kind of ['name', 'code', 'misspelling', 'synonym', 'substrate', 'process', 'certification', 'not sold'])
      expect(kinds, kind).toContain(kind);
    const missing = judged.flatMap((q) =>
      (q.expect ?? []).filter((id) => !addressOf(id)).map((id) => `${q.query}: ${id}`),
    );
    expect(missing, 'expected results the content no longer has').toEqual([]);
    const empty = judged.filter((q) => q.madeFor && relevant(q).length === 0).map((q) => q.query);
    expect(empty, 'filter values no item has').toEqual([]);
  });

  it(`rank what buyers mean first: nDCG@5 at least ${leastScore} in all, ${leastPerKind} per kind`, () => {
    const scored = judged.map((q) => ({ ...q, score: ndcgAt5(ranked(q.query), relevant(q)) }));
    const mean = (list: typeof scored) => list.reduce((sum, q) => sum + q.score, 0) / list.length;
    const worst = scored.filter((q) => q.score < 0.5).map((q) => `${q.query} (${q.score.toFixed(2)})`);
    const kinds = [...new Set(scored.map((q) => q.kind))];
    const perKind = kinds.map((kind) => `${kind} ${mean(scored.filter((q) => q.kind === kind)).toFixed(3)}`);
    console.log(
      `nDCG@5 over ${scored.length} judged queries: ${mean(scored).toFixed(3)} (${perKind.join(', ')}); under 0.5: ${worst.join(', ') || 'none'}`,
    );
    expect(mean(scored)).toBeGreaterThanOrEqual(leastScore);
    for (const kind of kinds)
      expect(mean(scored.filter((q) => q.kind === kind)), kind).toBeGreaterThanOrEqual(leastPerKind);
  });

  it('rank every item made for a substrate or industry named before those that only mention it', () => {
    for (const query of judged.filter((q) => q.madeFor && (q.madeFor.substrate || q.madeFor.industry))) {
      const made = new Set(relevant(query));
      const results = ranked(query.query);
      const firstOther = results.findIndex((url) => !made.has(url));
      const lastMade = results.findLastIndex((url) => made.has(url));
      expect(results.filter((url) => made.has(url)).length, query.query).toBe(made.size);
      if (firstOther >= 0)
        expect(lastMade, `${query.query}: ${results[firstOther]} before an item made for it`).toBeLessThan(firstOther);
    }
  });

  it('scores a ranking as nDCG@5 should', () => {
    expect(ndcgAt5(['a', 'b'], ['a'])).toBe(1);
    expect(ndcgAt5(['b', 'a'], ['a'])).toBeCloseTo(1 / Math.log2(3));
    expect(ndcgAt5(['b', 'c', 'd', 'e', 'f', 'a'], ['a'])).toBe(0);
    expect(ndcgAt5([], [])).toBe(1);
    expect(ndcgAt5(['a'], [])).toBe(0);
  });
});
