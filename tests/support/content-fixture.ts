/**
 * The content of the content check's tests (tests/unit/content-check*.test.ts): a small valid site
 * in a temporary folder, one technology, one category and one item, the identity, labels and
 * contact form copied from src/content. `useContentFixture()` makes it before each test and
 * removes it after; `root` is that folder.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { checkContent, formatProblem } from '../../src/content-check/check';

export let root: string;

export const write = (path: string, text: string) => {
  const full = join(root, 'src/content', path);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, text);
};
// Pictures are stand-ins; their width comes from the name ("small-" ones are 600 px), and so does
// the size of any file ("large-" ones are 6.4 MB, "huge-" ones 12.5 MB).
export const picture = (path: string) => write(path, 'picture');
export const imageWidth = async (path: string) => (path.includes('small-') ? 600 : 1600);
export const fileSize = (path: string) =>
  path.includes('huge-') ? 12_500_000 : path.includes('large-') ? 6_400_000 : 1_000;
export const run = async () => (await checkContent({ root, imageWidth, fileSize })).map(formatProblem);

export const technology = (slug: string, extra = '') => `---
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

export const category = (slug: string) => `---
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

export const product = `---
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

/** Makes the fixture content before each test of the file and removes it after. */
export function useContentFixture() {
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
}
