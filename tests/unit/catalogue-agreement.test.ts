/**
 * Every consumer of a catalogue item agrees on its name, its codes and its address: the card and
 * row (the item model), the item page (its data, breadcrumb and structured data), the search
 * record and the HTML the index reads, /search's A-Z list, the contact form's pre-fill, the
 * contact function's label and the e-mail subject. Run over every item of the content, and over
 * generated items (fast-check), which are written as Markdown files and read back the way the
 * build reads them into what the contact function imports (src/server/built-content.ts).
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'astro/zod';
import { stringify as stringifyYaml } from 'yaml';
import { alphabeticalParts } from '../../src/search/alphabetical-list';
import { catalogueItem, codeAtStart, type ItemData, type ItemEntry } from '../../src/model/catalogue-item';
import { searchRecord } from '../../src/search/search-record';
import { composeEmail } from '../../src/contact/mail';
import { prefillFor } from '../../src/contact/prefill';
import { regardingLine } from '../../src/contact/regarding';
import { itemLabelsOf } from '../../src/server/built-content';
import { builtContentFrom, readItemFiles } from '../../src/server/content-files';
import { parseFrontmatter } from '../../src/text/frontmatter.mjs';
import { itemPageData } from '../../src/model/item-page';
import { itemPath } from '../../src/model/routes';
import { applicationMethods, industries, productSchema } from '../../src/schemas/product';
import { slugReference } from '../../src/schemas/common';
import topics from '../../src/content/topics.json';

const site = new URL('https://www.example.com');
const organization = { id: new URL('/#organization', site).href, name: 'Example Co' };
const schema = productSchema({ image: () => z.string(), reference: slugReference } as never);
/** An item file's data as the build reads it: through the schema. */
const parse = (raw: unknown): ItemData => schema.parse(raw) as unknown as ItemData;

const sample = topics.find((t) => t.id === 'samples')!;

/** What each consumer says an item is called, which codes it has and where its page is. */
function checkAgreement(entry: ItemEntry, categoryTitle: string, contactLabels: ReadonlyMap<string, string>) {
  const item = catalogueItem(entry);
  const [category, slug] = entry.id.split('/') as [string, string];
  const expected = { name: item.name, codes: item.codes, href: itemPath(category, slug) };
  const label = item.codes.length ? `${item.name} (${item.codes.join(', ')})` : item.name;

  // The model: the card, the row and the page's heading read these.
  expect({ name: item.name, codes: item.codes, href: item.href }, entry.id).toEqual(expected);
  expect(item.label).toBe(label);
  for (const code of item.codes) expect(/\d/.test(code) && codeAtStart(code), `${entry.id}: ${code}`).toBe(code);

  // The item page: breadcrumb, page address, Product and BreadcrumbList JSON-LD, search HTML.
  const page = itemPageData({
    item: entry,
    category: { id: category, title: categoryTitle },
    categoryItems: [entry],
    technologies: [],
    documents: [],
    topicIds: topics.map((t) => t.id),
    site,
    organization,
  });
  expect(page.model).toEqual(item);
  expect(page.breadcrumb.at(-1)).toEqual({ name: expected.name, href: expected.href });
  expect(page.pageUrl.pathname).toBe(expected.href);
  const product = JSON.parse(JSON.stringify(page.jsonLd.product)) as {
    name: string;
    url: string;
    sku?: string;
    isRelatedTo?: { sku: string }[];
  };
  expect(product.name).toBe(expected.name);
  expect(new URL(product.url).pathname).toBe(expected.href);
  expect(product.sku ? [product.sku] : (product.isRelatedTo ?? []).map((p) => p.sku)).toEqual(expected.codes);
  const trail = JSON.parse(JSON.stringify(page.jsonLd.breadcrumb)) as {
    itemListElement: { name: string; item: string }[];
  };
  expect(trail.itemListElement.at(-1)).toMatchObject({ name: expected.name, item: new URL(expected.href, site).href });

  // Search: the record (what the search finds and shows), the A-Z list.
  const record = searchRecord(item, categoryTitle);
  expect({ name: record.name, codes: record.codes, href: record.url }).toEqual(expected);
  expect(alphabeticalParts([record])[0]!.items[0]).toBe(record);

  // Contact: the sample request's address, the function's label, the pre-fill and the e-mail subject.
  const request = new URL(page.actions[0]!.href, site);
  expect(request.searchParams.get('topic')).toBe(sample.id);
  expect(request.searchParams.get('about')).toBe(entry.id);
  expect(contactLabels.get(entry.id), entry.id).toBe(label);
  const prefill = prefillFor(request.search, topics, {}, Object.fromEntries(contactLabels));
  expect(prefill).toMatchObject({ topic: sample.id, about: entry.id });
  expect(prefill.message.startsWith(`${label}: `)).toBe(true);
  const regarding = regardingLine({ topic: prefill.topic, about: prefill.about }, topics, contactLabels);
  expect(regarding).toBe(`${sample.label}: ${label}`);
  const email = composeEmail(
    { name: 'Ann Buyer', email: 'ann@example.com', company: '', message: prefill.message, regarding },
    { to: 'sales@example.com', from: 'site@example.com', domain: 'www.example.com' },
    { id: 'm1', receivedAt: '2026-01-01T00:00:00Z' },
  );
  expect(email.subject.startsWith(`${sample.label}: ${label}: `)).toBe(true);
}

describe('every item of the content', () => {
  const productsDir = join(process.cwd(), 'src/content/products');
  const categoriesDir = join(process.cwd(), 'src/content/categories');
  const titles = new Map(
    readdirSync(categoriesDir)
      .filter((f) => f.endsWith('.md'))
      .map((f) => parseFrontmatter(readFileSync(join(categoriesDir, f), 'utf8')) as { slug: string; title: string })
      .map((c) => [c.slug, c.title]),
  );
  const entries = readdirSync(productsDir).flatMap((category) =>
    readdirSync(join(productsDir, category))
      .filter((file) => file.endsWith('.md'))
      .map((file) => ({
        id: `${category}/${file.slice(0, -3)}`,
        data: parse(parseFrontmatter(readFileSync(join(productsDir, category, file), 'utf8'))),
      })),
  );
  const contactLabels = new Map(Object.entries(builtContentFrom(process.cwd()).itemLabels));

  it('is read the same way by every consumer', () => {
    expect(entries.length).toBeGreaterThan(0);
    expect(contactLabels.size).toBe(entries.length);
    for (const entry of entries) checkAgreement(entry, titles.get(entry.id.split('/')[0]!)!, contactLabels);
  });
});

describe('generated items', () => {
  const root = mkdtempSync(join(tmpdir(), 'catalogue-agreement-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const word = fc.stringMatching(/^[A-Za-z][a-z]{0,9}$/);
  /** Text as an editor may write it: words, punctuation, HTML-looking characters, stray spaces. */
  const text = fc
    .tuple(
      fc.constantFrom('', ' '),
      fc.array(fc.oneof(word, fc.constantFrom('&', '<b>', '"q"', "it's", 'UV-C', '100%', ':', '-', ',')), {
        minLength: 1,
        // At most 54 characters: within the shortest limit of a text (a name's, src/schemas/content-limits.ts).
        maxLength: 5,
      }),
      fc.constantFrom('', ' '),
    )
    .map(([before, words, after]) => `${before}${words.join(' ')}${after}`)
    .filter((t) => t.trim().length > 0);
  const code = fc
    .tuple(
      fc.stringMatching(/^[A-Z]{1,4}$/),
      fc.array(fc.stringMatching(/^[A-Z0-9]{1,4}$/), { minLength: 1, maxLength: 2 }),
      fc.option(fc.integer({ min: 1, max: 999 }), { nil: undefined }),
    )
    .map(([head, parts, number]) => `${[head, ...parts].join('-')}${number === undefined ? '' : ` ${number}`}`);
  /** A line that may start with a code, as variants, series and key products do. */
  const line = fc.oneof(
    fc
      .tuple(code, fc.constantFrom(' ', ', ', ': ', ' Series: '), text)
      .map(([c, sep, rest]) => `${c}${sep}${rest.trim()}`),
    code,
    text,
    fc.constantFrom('UV-C lamps', 'AF-208, x', 'Anti-slip grip', 'PG-C 100 Series: yellows'),
  );
  const lines = fc.array(line, { minLength: 1, maxLength: 5 });
  const some = <T>(values: readonly T[]) => fc.uniqueArray(fc.constantFrom(...values), { minLength: 1, maxLength: 3 });
  const picture = { image: './images/x.webp', imageAlt: 'A picture' };

  const data = fc.oneof(
    fc.record({
      kind: fc.constant('aroma'),
      order: fc.nat(99),
      name: text,
      variantName: line,
      scentFamily: fc.constant('Floral'),
      audience: fc.constant('Unisex'),
      description: text,
    }),
    fc.record({
      kind: fc.constant('essential-oil'),
      order: fc.nat(99),
      name: text,
      variant: line,
      properties: lines,
      benefits: lines,
    }),
    fc.record({
      kind: fc.constant('functional-category'),
      order: fc.nat(99),
      title: text,
      description: text,
      features: lines,
      keyProducts: lines,
    }),
    fc.record({
      kind: fc.constant('plant-slurry'),
      order: fc.nat(99),
      name: text,
      variant: line,
      type: fc.constant('Microencapsulated slurry'),
      description: text,
      applicationMethods: some(applicationMethods),
      industries: some(industries),
    }),
    fc.record({
      kind: fc.constant('pigment-category'),
      order: fc.nat(99),
      title: text,
      description: text,
      series: lines,
      advantages: lines,
      industries: some(industries),
      applicationMethods: some(applicationMethods),
    }),
    fc.record({
      kind: fc.constant('printing-auxiliary'),
      order: fc.nat(99),
      title: text,
      description: text,
      variants: lines,
      applicationMethods: some(applicationMethods),
      industries: some(industries),
    }),
    fc.record({
      kind: fc.constant('speciality-finish'),
      order: fc.nat(99),
      title: text,
      description: text,
      finishes: lines,
      industries: some(industries),
      applications: lines,
      features: lines,
    }),
    fc.record({
      kind: fc.constant('speciality-print'),
      order: fc.nat(99),
      title: text,
      printCategory: text,
      variants: lines,
      description: text,
      information: text,
      applicationMethods: some(applicationMethods),
      industries: some(industries),
    }),
  );
  const slug = fc.stringMatching(/^[a-z0-9]{1,8}(?:-[a-z0-9]{1,8}){0,2}$/);

  it('are read the same way by every consumer', () => {
    let run = 0;
    fc.assert(
      fc.property(slug, slug, slug, text, data, (category, file, address, categoryTitle, fields) => {
        // A functional category has an icon, every other kind a picture; the address is the slug
        // field, whatever the file is called.
        const withSlug = { ...fields, slug: address };
        const raw = fields.kind === 'functional-category' ? withSlug : { ...withSlug, ...picture };
        // Written as an editor's Markdown file, read back as the build and the contact function read it.
        const project = join(root, String(run++));
        const folder = join(project, 'src/content/products');
        mkdirSync(join(folder, category), { recursive: true });
        writeFileSync(join(folder, category, `${file}.md`), `---\n${stringifyYaml(raw)}---\n`);
        const entry = {
          id: `${category}/${address}`,
          data: parse(parseFrontmatter(readFileSync(join(folder, category, `${file}.md`), 'utf8'))),
        };
        checkAgreement(entry, categoryTitle.trim(), new Map(Object.entries(itemLabelsOf(readItemFiles(project)))));
      }),
      { numRuns: 150 },
    );
  });
});
