import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'astro/zod';
import { checkContent, formatProblem, report } from '../../src/lib/content-check/check';
import { contentSources } from '../../src/lib/content-collections';

let root: string;
const write = (path: string, text: string) => {
  const full = join(root, 'src/content', path);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, text);
};
// Pictures are stand-ins; their width comes from the name ("small-" ones are 600 px).
const picture = (path: string) => write(path, 'picture');
const imageWidth = async (path: string) => (path.includes('small-') ? 600 : 1600);
const run = async () => (await checkContent({ root, imageWidth })).map(formatProblem);

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
description: Longer description.
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
  for (const file of ['company/identity.json', 'site/labels.json', 'contact-form.json']) write(file, readFileSync(`src/content/${file}`, 'utf8'));
  write('technologies/plasma.md', technology('plasma'));
  picture('technologies/images/plasma.webp');
  write('categories/binders.md', category('binders'));
  picture('categories/images/binders.webp');
  write('products/binders/binder.md', product);
  picture('products/binders/images/binder.webp');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('npm run content:check', () => {
  it('passes valid content', async () => {
    expect(await run()).toEqual([]);
  });

  it('names the file and field of a schema error', async () => {
    write('technologies/plasma.md', technology('plasma').replace('colour: teal', 'colour: mauve').replace('order: 1', 'order: first'));
    expect(await run()).toEqual([
      'src/content/technologies/plasma.md: order: Invalid input: expected number, received string',
      'src/content/technologies/plasma.md: colour: colour must be one of: teal, indigo, emerald, amber, rose, violet, sky',
    ]);
  });

  it('checks the words of the page frame and of the contact form', async () => {
    const labels = JSON.parse(readFileSync('src/content/site/labels.json', 'utf8'));
    const form = JSON.parse(readFileSync('src/content/contact-form.json', 'utf8'));
    write('site/labels.json', JSON.stringify({ ...labels, skipLink: ' ', topBar: { ...labels.topBar, menuu: 'Menu' } }));
    write('contact-form.json', JSON.stringify({ ...form, labels: { ...form.labels, email: '' } }));
    expect(await run()).toEqual([
      'src/content/site/labels.json: skipLink: First link of every page, for keyboard users, e.g. "Skip to main content" must not be empty',
      'src/content/site/labels.json: topBar: Unrecognized key: "menuu"',
      'src/content/contact-form.json: labels.email: Label of the e-mail field must not be empty',
    ]);
  });

  it('holds titles and search result descriptions to what a search result shows', async () => {
    const long = 'A description that goes on and on about finishes, pigments and prints. '.repeat(3).trim();
    write(
      'technologies/plasma.md',
      technology('plasma')
        .replace('title: plasma', 'title: Plasma and Corona Surface Activation for Technical Fabrics')
        .replace(/searchDescription: .*/, `searchDescription: ${long}`),
    );
    write('categories/binders.md', category('binders').replace(/searchDescription: .*/, 'searchDescription: Too short.'));
    const problems = (await run()).filter((p) => /: (title|searchDescription): /.test(p));
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(/^src\/content\/technologies\/plasma\.md: title: the browser tab title ".* \| .*" is \d+ characters; search results show 65: shorten it by \d+$/);
    expect(problems[1]).toBe(`src/content/technologies/plasma.md: searchDescription: the search result description is ${long.length} characters; search results cut it at 160: shorten it by ${long.length - 160}`);
    expect(problems[2]).toBe('src/content/categories/binders.md: searchDescription: the search result description is 10 characters; write at least 70 so it says what the page offers');
  });

  it('finds duplicate slugs, and slugs that collide with a page', async () => {
    write('technologies/plasma-copy.md', technology('plasma').replace('./images/plasma.webp', './images/plasma.webp'));
    write('technologies/about.md', technology('about'));
    picture('technologies/images/about.webp');
    expect(await run()).toEqual([
      'src/content/technologies/about.md: slug: slug "about" is already used by the page /about',
      'src/content/technologies/plasma.md: slug: slug "plasma" is already used by src/content/technologies/plasma-copy.md',
    ]);
  });

  it('finds a catalogue folder that is not a product category', async () => {
    write('products/thickeners/thickener.md', product.replace('./images/binder.webp', './images/thickener.webp'));
    picture('products/thickeners/images/thickener.webp');
    expect(await run()).toEqual([
      'src/content/products/thickeners/: (folder): folder "thickeners" is not a product category (known: binders)',
    ]);
    // The folder becomes a category once a category file has its slug.
    write('categories/thickeners.md', category('thickeners'));
    picture('categories/images/thickeners.webp');
    expect(await run()).toEqual([]);
  });

  it('finds an item naming a technology that does not exist, by file and field', async () => {
    write('products/binders/binder.md', product.replace('imageAlt: An illustration', 'imageAlt: An illustration\ntechnologies: [plasma, plasmaa]'));
    expect(await run()).toEqual(['src/content/products/binders/binder.md: technologies.1: no entry "plasmaa" in technologies (known: plasma)']);
  });

  it('finds a button naming a contact topic that does not exist', async () => {
    write('technologies/plasma.md', technology('plasma').replace('topic: samples', 'topic: brochures'));
    expect(await run()).toEqual([
      'src/content/technologies/plasma.md: hero.actions.0.topic: "brochures" is not a contact topic of src/content/topics.json',
    ]);
  });

  it('finds pictures that are missing, too small or unused', async () => {
    write('technologies/plasma.md', technology('plasma').replace('./images/plasma.webp', './images/plasma-new.webp'));
    write('categories/binders.md', category('binders').replace('./images/binders.webp', './images/small-binders.webp'));
    picture('categories/images/small-binders.webp');
    expect(await run()).toEqual([
      'src/content/technologies/plasma.md: image: picture "./images/plasma-new.webp" does not exist',
      'src/content/categories/binders.md: image: image must be at least 1200 px wide ("./images/small-binders.webp" is 600 px)',
      'src/content/categories/images/binders.webp: (file): picture is not used by any content file; delete it or refer to it',
      'src/content/technologies/images/plasma.webp: (file): picture is not used by any content file; delete it or refer to it',
    ]);
  });

  it('warns of the picture a deleted entry leaves behind, and still passes', async () => {
    // Deleting an entry in /admin removes its Markdown file; Decap keeps its picture.
    rmSync(join(root, 'src/content/products/binders/binder.md'));
    const problems = await checkContent({ root, imageWidth });
    expect(problems).toEqual([
      {
        file: 'src/content/products/binders/images/binder.webp',
        field: '(file)',
        message: 'picture is not used by any content file; delete it or refer to it',
        severity: 'warning',
      },
    ]);
    const { text, exitCode } = report(problems);
    expect(exitCode).toBe(0);
    expect(text.split('\n')).toEqual([
      'Warning (the check still passes):',
      'src/content/products/binders/images/binder.webp: (file): picture is not used by any content file; delete it or refer to it',
      '',
      'Content OK: every file is valid, with 1 warning(s).',
    ]);
  });

  it('fails on an error, and lists the warnings after the errors', async () => {
    rmSync(join(root, 'src/content/products/binders/binder.md'));
    write('technologies/plasma.md', technology('plasma').replace('topic: samples', 'topic: brochures'));
    const { text, exitCode } = report(await checkContent({ root, imageWidth }));
    expect(exitCode).toBe(1);
    expect(text.split('\n')).toEqual([
      'src/content/technologies/plasma.md: hero.actions.0.topic: "brochures" is not a contact topic of src/content/topics.json',
      '',
      'Warning (the check still passes):',
      'src/content/products/binders/images/binder.webp: (file): picture is not used by any content file; delete it or refer to it',
      '',
      '1 problem(s) in the content.',
    ]);
  });

  it('checks a new kind of content from its one entry in src/lib/content-collections.ts', async () => {
    const glossary = z.strictObject({ term: z.string().min(1), meaning: z.string().min(1) });
    const sources = { ...contentSources, glossary: { folder: 'src/content/glossary', pattern: '*.md', id: 'file', schema: () => glossary } as const };
    write('glossary/binder.md', '---\nterm: Binder\nmeaning: What holds a print.\n---\n');
    write('glossary/pigment.md', '---\nterm: Pigment\ncolour: red\n---\n');
    expect((await checkContent({ root, imageWidth, sources })).map(formatProblem)).toEqual([
      'src/content/glossary/pigment.md: meaning: Invalid input: expected string, received undefined',
      'src/content/glossary/pigment.md: (file): Unrecognized key: "colour"',
    ]);
  });

  it('says so when all is well', () => {
    expect(report([])).toEqual({ text: 'Content OK: every file is valid.', exitCode: 0 });
  });

  it('reports a file without frontmatter instead of crashing', async () => {
    write('products/binders/notes.md', 'Just notes, no frontmatter.');
    expect(await run()).toEqual([
      'src/content/products/binders/notes.md: (file): the file must start with a frontmatter block between two "---" lines',
    ]);
  });
});
