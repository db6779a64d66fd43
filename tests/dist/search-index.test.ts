/**
 * The search index the build writes (/search/index.json) and the answers the server gives from
 * it (src/search/served-index.ts): every result is a built page, and the server's answer to a
 * query is the index's answer, so the file is what the on-demand pages search.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { routes } from '../../src/model/routes';
import { searchAnswer, type SearchIndex } from '../../src/search/catalogue-search';
import { noFilters } from '../../src/search/search';
import { synonyms } from '../../src/search/synonyms';
import { builtPages, dist } from '../support/site';

const site = inject('site');
const index = JSON.parse(readFileSync(join(dist, routes.searchIndex), 'utf8')) as SearchIndex;

describe('the search index of the build', () => {
  it('holds every catalogue item and page it finds, each a built page', () => {
    const pages = new Set(builtPages());
    expect(index.records.length).toBeGreaterThan(0);
    for (const record of index.records) expect(pages, record.url).toContain(record.url);
    expect(index.lengths).toHaveLength(index.records.length);
    expect(index.postings).toHaveLength(index.words.length);
  });

  it('is what the server searches: its answers are the index\'s answers, and a plain data file', async () => {
    const named = index.records.find((record) => record.codes.length > 0)!;
    const queries = [named.name, named.codes[0]!, named.name.split(' ')[0]!.slice(0, 4), synonyms[0]?.words[0] ?? 'a'];
    for (const q of queries) {
      const response = await fetch(`${site}${routes.searchAnswer}?q=${encodeURIComponent(q)}`);
      expect(response.status, q).toBe(200);
      expect(await response.json(), q).toEqual(searchAnswer(index, { query: q, selected: noFilters() }, synonyms));
    }
    const file = await fetch(`${site}${routes.searchIndex}`);
    expect(file.headers.get('content-type')).toMatch(/json/);
    expect(file.headers.get('x-robots-tag')).toBe('noindex');
  });
});
