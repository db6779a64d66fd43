/**
 * The content check's rules for what an editor publishes from a phone or a second branch: unsafe
 * SVGs, pictures over the limit, slugs given up and kept, codes used twice, conflict markers,
 * empty categories, words too long for a phone, counts written as words, orders used twice.
 * (The fixture content is that of tests/unit/content-check.test.ts.)
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkContent, formatProblem } from '../../src/content-check/check';

let root: string;
const write = (path: string, text: string) => {
  const full = join(root, 'src/content', path);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, text);
};
// Pictures are stand-ins; their width comes from the name ("small-" ones are 600 px), and so does
// the size of any file ("large-" ones are 6.4 MB, "huge-" ones 12.5 MB).
const picture = (path: string) => write(path, 'picture');
const imageWidth = async (path: string) => (path.includes('small-') ? 600 : 1600);
const fileSize = (path: string) => (path.includes('huge-') ? 12_500_000 : path.includes('large-') ? 6_400_000 : 1_000);
const run = async () => (await checkContent({ root, imageWidth, fileSize })).map(formatProblem);

const technology = (slug: string, extra = '') => `---
title: ${slug}
slug: ${slug}
order: 1
shortDescription: Short.
description: Longer description.
searchDescription: What this page offers, in words long enough for a search result to show them.
icon: flask-conical
colour: teal
image: ./images/${slug}.webp
imageAlt: An illustration
hero:
  heading: ${slug}
  intro: Intro.
  actions:
    - label: Ask us
      topic: samples
features: [One, Two, Three]
${extra}---
Body.
`;

const category = (slug: string) => `---
title: ${slug}
slug: ${slug}
order: 1
shortDescription: Short.
searchDescription: What this page offers, in words long enough for a search result to show them.
icon: palette
colour: rose
image: ./images/${slug}.webp
imageAlt: An illustration
hero:
  heading: ${slug}
  intro: Intro.
showOnHome: true
itemsHeading: Items
supportHeading: Work with us
supportActions:
  - label: Reach Out
    href: /contact
---
`;

const product = `---
kind: printing-auxiliary
order: 1
slug: binder
title: Binder
description: An acrylic binder.
variants: [B-100]
applicationMethods: [Screen print]
industries: [Apparel]
image: ./images/binder.webp
imageAlt: An illustration
---
`;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'content-check-'));
  write('topics.json', JSON.stringify([{ id: 'samples', label: 'Samples', sentence: 'Samples of {about}.' }]));
  for (const file of ['company/identity.json', 'site/labels.json', 'contact-form.json', 'search/synonyms.json'])
    write(file, readFileSync(`src/content/${file}`, 'utf8'));
  write('technologies/plasma.md', technology('plasma'));
  picture('technologies/images/plasma.webp');
  write('categories/binders.md', category('binders'));
  picture('categories/images/binders.webp');
  write('products/binders/binder.md', product);
  picture('products/binders/images/binder.webp');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const certification = (logo: string) =>
  JSON.stringify([{ id: 'gots', name: 'GOTS', description: 'Organic textiles', logo, order: 1 }]);

describe('content:check: SVGs', () => {
  it('refuses an SVG with a script or an event handler, naming file, field and reason', async () => {
    write('certifications/certifications.json', certification('./logos/gots.svg'));
    write(
      'certifications/logos/gots.svg',
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><rect width="4" height="4"/></svg>',
    );
    expect(await run()).toEqual([]);
    write(
      'certifications/logos/gots.svg',
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.domain)</script></svg>',
    );
    expect(await run()).toEqual([
      'src/content/certifications/certifications.json: 0.logo: SVG "./logos/gots.svg" holds a <script> element, an event handler (onload=): ' +
        'an SVG may carry no script and load nothing from elsewhere; export it again as plain shapes (or as a PNG or WebP picture)',
    ]);
  });

  it('refuses an SVG that loads a file from elsewhere or links to javascript:', async () => {
    write('certifications/certifications.json', certification('./logos/gots.svg'));
    write(
      'certifications/logos/gots.svg',
      '<svg xmlns="http://www.w3.org/2000/svg"><a href="javascript:go()"><image href="https://cdn.example/logo.png"/></a></svg>',
    );
    const [problem, ...rest] = await run();
    expect(rest).toEqual([]);
    expect(problem).toMatch(
      /^src\/content\/certifications\/certifications\.json: 0\.logo: SVG "\.\/logos\/gots\.svg" holds a "javascript:" address, an external reference \("https:\/\/cdn\.example\/logo\.png"\): /,
    );
  });
});

describe('content:check: addresses and codes across the catalogue', () => {
  const other = (slug: string, code: string, extra = '') =>
    product
      .replace('slug: binder', `slug: ${slug}`)
      .replace('title: Binder', `title: ${slug}`)
      .replace('B-100', code)
      .replace('./images/binder.webp', `./images/${slug}.webp`)
      .replace('imageAlt: An illustration\n', `imageAlt: An illustration\n${extra}`);

  it('takes former slugs that no item has now', async () => {
    write('products/binders/binder.md', other('binder', 'B-100', 'formerSlugs: [acrylic-binder, binder-old]\n'));
    expect(await run()).toEqual([]);
  });

  it('refuses a former slug that is a live address, or another item’s former slug, naming the other file', async () => {
    write('products/binders/binder.md', other('binder', 'B-100', 'formerSlugs: [binder, fixer, old-binder]\n'));
    write('products/binders/fixer.md', other('fixer', 'B-200', 'formerSlugs: [old-binder]\n'));
    picture('products/binders/images/fixer.webp');
    expect(await run()).toEqual([
      'src/content/products/binders/binder.md: formerSlugs.0: "binder" is this item\'s slug now; remove it from the former slugs',
      'src/content/products/binders/binder.md: formerSlugs.1: "fixer" is the slug of src/content/products/binders/fixer.md, which is at /products/binders/fixer now; ' +
        'a former slug must be an address no item has: remove it here, or give that item another slug',
      'src/content/products/binders/fixer.md: formerSlugs.0: "old-binder" is a former slug of src/content/products/binders/binder.md too; ' +
        '/products/binders/old-binder can lead to one item only: remove it from one list',
    ]);
  });

  it('refuses a former slug that is not a slug', async () => {
    write('products/binders/binder.md', other('binder', 'B-100', 'formerSlugs: [Old Binder]\n'));
    expect(await run()).toEqual([
      'src/content/products/binders/binder.md: formerSlugs.0: slug may only use lowercase letters, digits and hyphens',
    ]);
  });

  it('refuses one code on two items, in one category or two, naming both files', async () => {
    write('products/binders/fixer.md', other('fixer', 'B-100'));
    picture('products/binders/images/fixer.webp');
    write('categories/thickeners.md', category('thickeners'));
    picture('categories/images/thickeners.webp');
    write(
      'products/thickeners/thickener.md',
      other('thickener', 'T-1', '').replace('variants: [T-1]', 'variants: [T-1, B-100 Extra]'),
    );
    picture('products/thickeners/images/thickener.webp');
    expect(await run()).toEqual([
      'src/content/products/binders/fixer.md: variants.0: code "B-100" is also the code of src/content/products/binders/binder.md; ' +
        'buyers quote codes in enquiries, so each names one item: give one of them another code',
      'src/content/products/thickeners/thickener.md: variants.1: code "B-100" is also the code of src/content/products/binders/binder.md; ' +
        'buyers quote codes in enquiries, so each names one item: give one of them another code',
    ]);
  });
});
