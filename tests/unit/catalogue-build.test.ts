/**
 * Editors add a product by adding one Markdown file. Proven on a copy of the project: one more
 * file in a category folder is one more card on the built category page, and a file that lacks a
 * required field, or names a technology that does not exist, stops the build with the file and
 * the field named.
 */
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify as stringifyYaml } from 'yaml';
import { markdownBody, parseFrontmatter } from '../../src/text/frontmatter.mjs';
import { fullCardLimit, perPage } from '../../src/model/catalogue-pages';
import { codeAtStart, codeFields } from '../../src/model/catalogue-item';

let root: string;

/** The first category folder that has a product, and that product's file: the test copies it. */
const productsRoot = join(process.cwd(), 'src/content/products');
const category = readdirSync(productsRoot).find((name) =>
  readdirSync(join(productsRoot, name)).some((file) => file.endsWith('.md')),
);
if (!category) throw new Error('src/content/products: no category folder has a product file to copy');
const original = readdirSync(join(productsRoot, category))
  .filter((file) => file.endsWith('.md'))
  .sort()[0]!;
const folder = () => join(root, 'src/content/products', category);

/** Another category, which the same build fills past its full cards (so one build serves both tests). */
const largeCategory = readdirSync(productsRoot).find(
  (name) => name !== category && readdirSync(join(productsRoot, name)).some((file) => file.endsWith('.md')),
);
if (!largeCategory) throw new Error('src/content/products: a second category with a product file is needed');
const largeFolder = () => join(root, 'src/content/products', largeCategory);
const largeOriginal = readdirSync(join(productsRoot, largeCategory))
  .filter((file) => file.endsWith('.md'))
  .sort()[0]!;

/** The one build of the copy with both changes, made before the tests read it. */
let build: ReturnType<typeof spawnSync>;
let cardsBefore: number;
let renamed: { from: string; slug: string };

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'catalogue-build-'));
  for (const entry of ['astro.config.mjs', 'tsconfig.json', 'package.json', 'netlify.toml', 'src', 'public', 'bench']) {
    cpSync(entry, join(root, entry), { recursive: true });
  }
  symlinkSync(join(process.cwd(), 'node_modules'), join(root, 'node_modules'));
  // One more file in one category; enough files in another to take it past its full cards.
  cardsBefore = readdirSync(folder()).filter((name) => name.endsWith('.md')).length;
  addCopy((data) => {
    data['name' in data ? 'name' : 'title'] = newTitle;
  });
  const text = readFileSync(join(largeFolder(), largeOriginal), 'utf8');
  for (let n = 1; n <= perPage + fullCardLimit; n++) {
    const data = parseFrontmatter(text) as Record<string, unknown>;
    data['name' in data ? 'name' : 'title'] = `Listing Test Item ${n}`;
    data.slug = `listing-test-${n}`;
    ownCodesAndOrder(data, n);
    writeFileSync(join(largeFolder(), `listing-test-${n}.md`), `---\n${stringifyYaml(data)}---\n${markdownBody(text)}`);
  }
  // A file of the large category renamed, with capitals and a space, as `git mv` may.
  renamed = { from: largeOriginal, slug: slugOf(join(largeFolder(), largeOriginal)) };
  renameSync(
    join(largeFolder(), largeOriginal),
    join(largeFolder(), `Renamed ${largeOriginal.replace(/\.md$/, '').toUpperCase()}.md`),
  );
  build = spawnSync('astro', ['build', '--root', root], { encoding: 'utf8', timeout: 240_000 });
}, 300_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

const newTitle = 'Catalogue Build Test Item';

/** The slug field of an item file: the last part of its address. */
const slugOf = (path: string) => String((parseFrontmatter(readFileSync(path, 'utf8')) as { slug?: unknown }).slug);

/** A copy's own codes and order number: the content check refuses two items with one of either. */
function ownCodesAndOrder(data: Record<string, unknown>, n: number) {
  data.order = 1000 + n;
  const field = codeFields[data.kind as keyof typeof codeFields];
  const renumber = (line: unknown, i: number) => {
    const code = typeof line === 'string' ? codeAtStart(line) : undefined;
    return code ? (line as string).replace(code, `TB-${n}X${i}`) : line;
  };
  const lines = data[field];
  data[field] = Array.isArray(lines) ? lines.map(renumber) : renumber(lines, 0);
}

/** A copy of an existing product file under a new name, its fields changed by `edit`. */
function addCopy(edit: (data: Record<string, unknown>) => void) {
  const text = readFileSync(join(folder(), original), 'utf8');
  const data = parseFrontmatter(text) as Record<string, unknown>;
  data.slug = 'catalogue-build-test-item';
  ownCodesAndOrder(data, 0);
  edit(data);
  writeFileSync(
    join(folder(), 'catalogue-build-test-item.md'),
    `---\n${stringifyYaml(data)}---\n${markdownBody(text)}`,
  );
}

describe('adding a product', () => {
  it('one more Markdown file is one more card on its category page', () => {
    expect(build.status, String(build.stderr)).toBe(0);
    const page = readFileSync(join(root, `dist/products/${category}.html`), 'utf8');
    expect(page.match(/<article\b/g)).toHaveLength(cardsBefore + 1);
    expect(page).toMatch(new RegExp(`<h[34]\\b[^>]*>(?:<a [^>]*>)?${newTitle}(?:</a>)?</h[34]>`));
  });

  it('a category too large for full cards lists compact rows over pages, every item once, each page within budget', () => {
    expect(build.status, String(build.stderr)).toBe(0);
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
    expect(build.status, String(build.stderr)).toBe(0);
    expect(existsSync(join(root, `dist/products/${largeCategory}/${renamed.slug}.html`))).toBe(true);
    expect(readdirSync(join(root, `dist/products/${largeCategory}`)).filter((name) => /[A-Z ]/.test(name))).toEqual([]);
  });

  it('a reference to a technology that does not exist stops the build, naming the file and the field', () => {
    addCopy((data) => {
      data.technologies = ['microencapsulation', 'no-such-technology'];
    });
    const build = spawnSync('astro', ['build', '--root', root], {
      encoding: 'utf8',
      timeout: 240_000,
      env: { ...process.env, FORCE_COLOR: '0' },
    });
    const output = `${build.stdout}\n${build.stderr}`;
    expect(build.status).not.toBe(0);
    expect(output).toContain(
      `src/content/products/${category}/catalogue-build-test-item.md: technologies.1: no entry "no-such-technology" in technologies`,
    );
  }, 300_000);

  it('a file without a required field stops the build, naming the file and the field', () => {
    addCopy((data) => {
      delete data.imageAlt;
    });
    const sync = spawnSync('astro', ['sync', '--root', root], {
      encoding: 'utf8',
      timeout: 120_000,
      env: { ...process.env, FORCE_COLOR: '0' },
    });
    const output = `${sync.stdout}\n${sync.stderr}`;
    expect(sync.status).not.toBe(0);
    expect(output).toContain(`src/content/products/${category}/catalogue-build-test-item.md`);
    expect(output).toMatch(/imageAlt/);
  }, 150_000);
});
