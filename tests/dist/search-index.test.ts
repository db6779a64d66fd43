/**
 * The search index the build writes into the functions' content (src/server/built-content.ts) and
 * the answers the server gives from it (src/search/served-index.ts): every result is a built page,
 * and the server's answer to a query is the index's answer, so the file is what the on-demand
 * pages search; no copy of it is published.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { routes } from '../../src/model/routes';
import { searchAnswer } from '../../src/search/catalogue-search';
import { builtContentFile, type BuiltContent } from '../../src/server/built-content';
import { noFilters } from '../../src/search/search';
import { synonyms } from '../../src/search/synonyms';
import { builtPages } from '../support/site';

const site = inject('site');
const index = (JSON.parse(readFileSync(join(process.cwd(), builtContentFile), 'utf8')) as BuiltContent).searchIndex;

describe('the search index of the build', () => {
  it('holds every catalogue item and page it finds, each a built page', () => {
    const pages = new Set(builtPages());
    expect(index.records.length).toBeGreaterThan(0);
    for (const record of index.records) expect(pages, record.url).toContain(record.url);
    expect(index.lengths).toHaveLength(index.records.length);
    expect(index.postings).toHaveLength(index.words.length);
  });

  it("is what the server searches: its answers are the index's answers, and no file of the site", async () => {
    const named = index.records.find((record) => record.codes.length > 0)!;
    const queries = [named.name, named.codes[0]!, named.name.split(' ')[0]!.slice(0, 4), synonyms[0]?.words[0] ?? 'a'];
    for (const q of queries) {
      const response = await fetch(`${site}${routes.searchAnswer}?q=${encodeURIComponent(q)}`);
      expect(response.status, q).toBe(200);
      expect(await response.json(), q).toEqual(searchAnswer(index, { query: q, selected: noFilters() }, synonyms));
    }
    expect((await fetch(`${site}/search/index.json`)).status).toBe(404);
  });
});
