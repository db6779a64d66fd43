/**
 * What the functions know of the content (src/server/built-content.ts): one JSON file made from
 * src/content, which the contact function and the search pages import from their bundles. Its
 * shape is read against the content files themselves, and the contact function's bundle is made
 * as Netlify and `npm start` make it: it carries that file, and no Markdown and no YAML parser.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { itemLabels, searchIndex } from '#built-content';
import { builtContentFile } from '../../src/server/built-content';
import { builtContentFrom } from '../../src/server/content-files';
import { itemCodes, itemName, type ItemData } from '../../src/model/catalogue-item';
import { categoryPath, itemPath, routes, technologyPath } from '../../src/model/routes';
import { regardingLine } from '../../src/contact/regarding';
import { parseFrontmatter } from '../../src/text/frontmatter.mjs';
import topics from '../../src/content/topics.json';

const root = process.cwd();
const content = join(root, 'src/content');
const markdown = (folder: string) =>
  readdirSync(join(content, folder))
    .filter((file) => file.endsWith('.md'))
    .map((file) => parseFrontmatter(readFileSync(join(content, folder, file), 'utf8')) as Record<string, unknown>);
/** Every item file, with the address its folder and slug give it. */
const items = readdirSync(join(content, 'products')).flatMap((category) =>
  markdown(`products/${category}`).map((data) => ({ category, data: data as unknown as ItemData & { slug: string } })),
);

describe('the functions’ content, made from the content files', () => {
  const built = builtContentFrom(root);

  it('labels every catalogue item by "<category>/<slug>": its name, then its codes', () => {
    expect(items.length).toBeGreaterThan(0);
    expect(Object.keys(built.itemLabels).sort()).toEqual(
      items.map(({ category, data }) => `${category}/${data.slug}`).sort(),
    );
    for (const { category, data } of items) {
      const codes = itemCodes(data);
      expect(built.itemLabels[`${category}/${data.slug}`]).toBe(
        codes.length ? `${itemName(data)} (${codes.join(', ')})` : itemName(data),
      );
    }
  });

  it('indexes every item at its address, then every technology and category page, then the pages of the certifications', () => {
    const technologies = markdown('technologies').map((data) => technologyPath(String(data.slug)));
    const categories = markdown('categories').map((data) => categoryPath(String(data.slug)));
    const urls = built.searchIndex.records.map((record) => record.url);
    expect(urls.slice(0, items.length).sort()).toEqual(
      items.map(({ category, data }) => itemPath(category, data.slug)).sort(),
    );
    expect(urls.slice(items.length).sort()).toEqual([...technologies, ...categories, routes.home, routes.about].sort());
    expect(built.searchIndex.pages).toEqual(urls.map((_, i) => i).slice(items.length));
    expect(built.searchIndex.lengths).toHaveLength(urls.length);
    expect(built.searchIndex.postings).toHaveLength(built.searchIndex.words.length);
  });

  it('is plain data: written to JSON and read back, it is the same', () => {
    expect(JSON.parse(JSON.stringify(built))).toEqual(built);
  });

  it('is what `#built-content` gives a function: the file written from this content', () => {
    expect({ itemLabels, searchIndex }).toEqual(built);
  });
});

describe('the contact function, bundled as Netlify bundles it', () => {
  it('carries the functions’ content and its item labels alone: no Markdown, no YAML parser, no search index', async () => {
    const result = await build({
      entryPoints: ['netlify/functions/send-contact-email.ts'],
      bundle: true,
      write: false,
      metafile: true,
      platform: 'node',
      format: 'esm',
      target: 'node22',
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs).map((input) => relative(root, join(root, input)));
    expect(inputs).toContain(builtContentFile);
    expect(inputs.filter((input) => input.endsWith('.md') || input.startsWith('src/content/products'))).toEqual([]);
    expect(inputs.filter((input) => /(^|\/)node_modules\/yaml\//.test(input))).toEqual([]);
    const text = result.outputFiles[0]!.text;
    expect(text).not.toMatch(/postings|readdirSync/);
  });

  it('names a known item in the subject from those labels, and nothing a visitor invents', () => {
    const labels = new Map(Object.entries(itemLabels));
    const [id, label] = [...labels][0]!;
    const topic = topics[0]!;
    expect(regardingLine({ topic: topic.id, about: id }, topics, labels)).toBe(`${topic.label}: ${label}`);
    for (const about of ['constructor', '__proto__', 'toString', `${id}/x`])
      expect(regardingLine({ topic: topic.id, about }, topics, labels)).toBe(topic.label);
  });
});
