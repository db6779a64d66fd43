/**
 * Editors add a product by adding one Markdown file. Proven on the fixture build of a changed copy
 * of the project (tests/support/fixture-site.ts, built once per test run and shared): one more
 * file in a category folder is one more card on the built category page, a category past its full
 * cards lists compact rows over pages, and a renamed file keeps its item's address. A file that
 * lacks a required field, or names a technology that does not exist, stops the build:
 * tests/unit/build-refusals.test.ts.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseFrontmatter } from '../../src/text/frontmatter.mjs';
import { perPage } from '../../src/model/catalogue-pages';
import { fixtureSite, type FixtureSite } from '../support/fixture-site';

let site: FixtureSite;
let root: string;
let category: string;
let largeCategory: string;
const largeFolder = () => join(root, 'src/content/products', largeCategory);

beforeAll(() => {
  site = fixtureSite();
  ({ root, category, largeCategory } = site);
}, 300_000);

/** The slug field of an item file: the last part of its address. */
const slugOf = (path: string) => String((parseFrontmatter(readFileSync(path, 'utf8')) as { slug?: unknown }).slug);

describe('adding a product', () => {
  it('one more Markdown file is one more card on its category page', () => {
    const page = readFileSync(join(root, `dist/products/${category}.html`), 'utf8');
    expect(page.match(/<article\b/g)).toHaveLength(site.cardsBefore + 1);
    expect(page).toMatch(new RegExp(`<h[34]\\b[^>]*>(?:<a [^>]*>)?${site.newTitle}(?:</a>)?</h[34]>`));
  });

  it('a category too large for full cards lists compact rows over pages, every item once, each page within budget', () => {
    const files = readdirSync(largeFolder())
      .filter((name) => name.endsWith('.md'))
      .map((name) => slugOf(join(largeFolder(), name)));
    const pages = Math.ceil(files.length / perPage);
    const { bytes } = JSON.parse(readFileSync('bench/budgets.json', 'utf8')) as {
      bytes: { htmlAndCssGzipKB: { max: number } };
    };
    const seen: string[] = [];
    for (let n = 1; n <= pages; n++) {
      const file = n === 1 ? `dist/products/${largeCategory}.html` : `dist/products/${largeCategory}/page/${n}.html`;
      const html = readFileSync(join(root, file), 'utf8');
      const ids = [...html.matchAll(/<article id="([^"]+)"/g)].map((m) => m[1]!);
      expect(ids.length, file).toBeLessThanOrEqual(perPage);
      seen.push(...ids);
      expect(html, file).toMatch(new RegExp(`aria-current="page"[^>]*>\\s*${n}\\s*</a>`));
      expect(gzipSync(html).length / 1024, file).toBeLessThanOrEqual(bytes.htmlAndCssGzipKB.max);
      for (const id of ids) expect(html, file).toContain(`href="/products/${largeCategory}/${id}"`);
    }
    expect(readdirSync(join(root, `dist/products/${largeCategory}/page`))).toHaveLength(pages - 1);
    expect(seen.sort()).toEqual(files.sort());

    // An item page of that category links to its 12 nearest neighbours and, once, to the whole list.
    const itemPage = readFileSync(join(root, `dist/products/${largeCategory}/listing-test-30.html`), 'utf8');
    const more = itemPage.slice(itemPage.indexOf('id="more-heading"'));
    const section = more.slice(0, more.indexOf('</section>'));
    expect([...section.matchAll(new RegExp(`href="/products/${largeCategory}/[^"#]+"`, 'g'))]).toHaveLength(12);
    expect(itemPage.match(new RegExp(`All ${files.length} items of`, 'g'))).toHaveLength(1);
  }, 300_000);

  it("a renamed file keeps its item's address: the page is built at its slug", () => {
    expect(existsSync(join(root, `dist/products/${largeCategory}/${site.renamed.slug}.html`))).toBe(true);
    expect(readdirSync(join(root, `dist/products/${largeCategory}`)).filter((name) => /[A-Z ]/.test(name))).toEqual([]);
  });
});
