/**
 * Bounded work for every search, on the built server (src/search/search.ts, decision 0071): a
 * query past the length the search reads is cut and the page says so; filter values the
 * catalogue does not have are dropped, not echoed. The words come from src/content/pages/search.md.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { parseFrontmatter } from '../../src/text/frontmatter.mjs';
import { queryLengthLimit } from '../../src/search/search';
import { routes } from '../../src/model/routes';

const site = inject('site');
const words = (
  parseFrontmatter(readFileSync(join(process.cwd(), 'src/content/pages/search.md'), 'utf8')) as {
    results: { queryCut: string };
  }
).results;
/** Text as the page writes it: the HTML escapes of its words. */
const asHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

describe('a search past its bounds', () => {
  it('an 8 KB query is cut before it is searched, and the page says so', async () => {
    const q = Array.from({ length: 1200 }, () => 'cotton').join(' ');
    const answer = await fetch(`${site}${routes.search}?${new URLSearchParams({ q })}`);
    expect(answer.status).toBe(200);
    const html = await answer.text();
    expect(html).toContain(asHtml(words.queryCut.replace('{limit}', String(queryLengthLimit))));
    expect(html).not.toContain(q.slice(0, queryLengthLimit + 10));
  });

  it('1,000 filter values the catalogue does not have are not echoed, and cost no more page than none', async () => {
    const junk = new URLSearchParams(Array.from({ length: 1000 }, (_, i) => ['category', `zz-not-a-category-${i}`]));
    const [withJunk, without] = await Promise.all([
      fetch(`${site}${routes.search}?q=oil&${junk}`).then((r) => r.text()),
      fetch(`${site}${routes.search}?q=oil`).then((r) => r.text()),
    ]);
    expect(withJunk).not.toContain('zz-not-a-category');
    expect(withJunk.length).toBeLessThan(without.length * 1.1);
    const json = await fetch(`${site}${routes.searchAnswer}?q=oil&${junk}`).then((r) => r.text());
    expect(json).not.toContain('zz-not-a-category');
  });
});
