import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  category,
  fileSize,
  imageWidth,
  picture,
  product,
  root,
  run,
  technology,
  useContentFixture,
  write,
} from '../support/content-fixture';

import { z } from 'astro/zod';
import { checkContent, formatProblem, report } from '../../src/content-check/check';
import { contentSources } from '../../src/model/content-collections';
import { documentLimits, formatSize, pictureLimits, textLimits } from '../../src/schemas/content-limits';

/** A second item of the category, so deleting the first leaves the category with an item. */
const secondItem = () => {
  write(
    'products/binders/fixer.md',
    product
      .replace('order: 1', 'order: 2')
      .replace('slug: binder', 'slug: fixer')
      .replace('title: Binder', 'title: Fixer')
      .replace('B-100', 'F-100')
      .replace('./images/binder.webp', './images/fixer.webp'),
  );
  picture('products/binders/images/fixer.webp');
};

useContentFixture();

describe('npm run content:check', () => {
  it('passes valid content', async () => {
    expect(await run()).toEqual([]);
  });

  it('names the file and field of a schema error', async () => {
    write(
      'technologies/plasma.md',
      technology('plasma').replace('colour: teal', 'colour: mauve').replace('order: 1', 'order: first'),
    );
    expect(await run()).toEqual([
      'src/content/technologies/plasma.md: order: Invalid input: expected number, received string',
      'src/content/technologies/plasma.md: colour: colour must be one of: teal, indigo, emerald, amber, rose, violet, sky',
    ]);
  });

  it('checks the words of the page frame and of the contact form', async () => {
    const labels = JSON.parse(readFileSync('src/content/site/labels.json', 'utf8'));
    const form = JSON.parse(readFileSync('src/content/contact-form.json', 'utf8'));
    write(
      'site/labels.json',
      JSON.stringify({ ...labels, skipLink: ' ', topBar: { ...labels.topBar, menuu: 'Menu' } }),
    );
    write('contact-form.json', JSON.stringify({ ...form, labels: { ...form.labels, email: '' } }));
    expect(await run()).toEqual([
      'src/content/site/labels.json: skipLink: required: First link of every page, for keyboard users, e.g. "Skip to main content"',
      'src/content/site/labels.json: topBar: Unrecognized key: "menuu"',
      'src/content/contact-form.json: labels.email: required: Label of the e-mail field',
    ]);
  });

  it('checks the search synonyms, naming the entry and its field', async () => {
    write(
      'search/synonyms.json',
      JSON.stringify({
        synonyms: [
          { words: ['fire retardant'], finds: ['flame retardant'] },
          { words: [], finds: [' '] },
        ],
      }),
    );
    expect(await run()).toEqual([
      'src/content/search/synonyms.json: synonyms.1.words: words needs at least one word or phrase buyers type',
      'src/content/search/synonyms.json: synonyms.1.finds.0: required: A word or phrase of the catalogue',
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
    write(
      'categories/binders.md',
      category('binders').replace(/searchDescription: .*/, 'searchDescription: Too short.'),
    );
    const problems = (await run()).filter((p) => /: (title|searchDescription): /.test(p));
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(
      /^src\/content\/technologies\/plasma\.md: title: the browser tab title ".* \| .*" is \d+ characters; search results show 65: shorten it by \d+$/,
    );
    expect(problems[1]).toBe(
      `src/content/technologies/plasma.md: searchDescription: the search result description is ${long.length} characters; search results cut it at 160: shorten it by ${long.length - 160}`,
    );
    expect(problems[2]).toBe(
      'src/content/categories/binders.md: searchDescription: the search result description is 10 characters; write at least 70 so it says what the page offers',
    );
  });

  it('finds duplicate slugs, and slugs that collide with a page', async () => {
    write('technologies/plasma-copy.md', technology('plasma').replace('order: 1', 'order: 2'));
    write('technologies/about.md', technology('about').replace('order: 1', 'order: 3'));
    picture('technologies/images/about.webp');
    expect(await run()).toEqual([
      'src/content/technologies/about.md: slug: slug "about" is already used by the page /about',
      'src/content/technologies/plasma.md: slug: slug "plasma" is already used by src/content/technologies/plasma-copy.md',
    ]);
  });

  it('finds a catalogue folder that is not a product category', async () => {
    write(
      'products/thickeners/thickener.md',
      product.replace('./images/binder.webp', './images/thickener.webp').replace('B-100', 'T-100'),
    );
    picture('products/thickeners/images/thickener.webp');
    expect(await run()).toEqual([
      'src/content/products/thickeners/: (folder): folder "thickeners" is not a product category (known: binders)',
    ]);
    // The folder becomes a category once a category file has its slug.
    write('categories/thickeners.md', category('thickeners').replace('order: 1', 'order: 2'));
    picture('categories/images/thickeners.webp');
    expect(await run()).toEqual([]);
  });

  it('finds an item naming a technology that does not exist, by file and field', async () => {
    write(
      'products/binders/binder.md',
      product.replace('imageAlt: An illustration', 'imageAlt: An illustration\ntechnologies: [plasma, plasmaa]'),
    );
    expect(await run()).toEqual([
      'src/content/products/binders/binder.md: technologies.1: no entry "plasmaa" in technologies (known: plasma)',
    ]);
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
      'src/content/categories/binders.md: image: picture "./images/small-binders.webp" is 600 px wide; pictures must be at least 1,200 px wide',
      'src/content/categories/images/binders.webp: (file): picture is not used by any content file; delete it or refer to it',
      'src/content/technologies/images/plasma.webp: (file): picture is not used by any content file; delete it or refer to it',
    ]);
  });

  it('holds pictures to the limits of src/schemas/content-limits.ts and names the rule a file name breaks', async () => {
    write('technologies/plasma.md', technology('plasma').replace('./images/plasma.webp', './images/large-plasma.webp'));
    picture('technologies/images/large-plasma.webp');
    rmSync(join(root, 'src/content/technologies/images/plasma.webp'));
    write('categories/binders.md', category('binders').replace('./images/binders.webp', './images/Binders.webp'));
    write('products/binders/binder.md', product.replace('./images/binder.webp', './binder.webp'));
    expect((await run()).filter((p) => !p.includes('(file)'))).toEqual([
      `src/content/technologies/plasma.md: image: picture "./images/large-plasma.webp" is 6.4 MB; a picture may be at most ${formatSize(pictureLimits.maxBytes)}: make it smaller with \`npm run pictures -- src/content/technologies/images/large-plasma.webp\` (at most 2,400 px, about 500 KB, no location data)`,
      'src/content/categories/binders.md: image: the file name "Binders.webp" has capital letters; use lowercase: "./images/binders.webp"',
      'src/content/products/binders/binder.md: image: "./binder.webp" must be in a folder next to this file: write "./images/binder.webp"',
    ]);
  });

  it('sends a HEIC photo named as a picture, or left in the content folders, to `npm run pictures`', async () => {
    write('technologies/plasma.md', technology('plasma').replace('./images/plasma.webp', './images/plasma.heic'));
    picture('technologies/images/plasma.heic');
    picture('categories/images/img_2041.heic');
    rmSync(join(root, 'src/content/technologies/images/plasma.webp'));
    write('categories/binders.md', category('binders').replace('./images/binders.webp', './images/gone.heic'));
    expect((await run()).filter((p) => !p.includes('binders.webp'))).toEqual([
      'src/content/technologies/plasma.md: image: picture "./images/plasma.heic" is a HEIC photo, which only Safari shows: run `npm run pictures -- src/content/technologies/images/plasma.heic`, which writes "./images/plasma.webp" beside it (at most 2,400 px, about 500 KB, no location data), name "./images/plasma.webp" here and delete the HEIC',
      'src/content/categories/binders.md: image: picture "./images/gone.heic" does not exist',
      'src/content/categories/images/img_2041.heic: (file): HEIC photo that no content file uses, and Git would keep where it was taken: run `npm run pictures -- src/content/categories/images/img_2041.heic` and name the WebP it writes, or delete it',
    ]);
  });

  it('says "required" with the field\'s own description for a missing or empty required field', async () => {
    write(
      'products/binders/binder.md',
      product
        .replace('title: Binder', 'title:')
        .replace('description: An acrylic binder.', 'description: ""')
        .replace('imageAlt: An illustration\n', ''),
    );
    expect(await run()).toEqual([
      'src/content/products/binders/binder.md: title: required: Auxiliary category title',
      'src/content/products/binders/binder.md: description: required: What these auxiliaries do',
      'src/content/products/binders/binder.md: imageAlt: required: What the picture shows, for people who cannot see it',
    ]);
  });

  it('checks each document: its folder and name, that it exists, is a PDF and within its limit', async () => {
    const documents = (...files: string[]) =>
      `imageAlt: An illustration\ndocuments:\n${files.map((file) => `  - type: Brochure\n    title: A brochure\n    language: en\n    file: ${file}\n`).join('')}`;
    const file = 'src/content/products/binders/binder.md';
    // A name that breaks a rule is the schema's to refuse: the file is checked no further.
    write(
      'products/binders/binder.md',
      product.replace(
        'imageAlt: An illustration\n',
        documents('./documents/binder tds.pdf', './documents/Binder.pdf', './binder.pdf', './documents/binder.md'),
      ),
    );
    expect(await run()).toEqual([
      `${file}: documents.0.file: the file name "binder tds.pdf" has spaces; use hyphens instead: "./documents/binder-tds.pdf"`,
      `${file}: documents.1.file: the file name "Binder.pdf" has capital letters; use lowercase: "./documents/binder.pdf"`,
      `${file}: documents.2.file: "./binder.pdf" must be in the documents folder next to this file: write "./documents/binder.pdf"`,
      `${file}: documents.3.file: "binder.md" is not a .pdf file; a document must be one`,
    ]);
    write(
      'products/binders/binder.md',
      product.replace(
        'imageAlt: An illustration\n',
        documents(
          './documents/missing.pdf',
          './documents/huge-binder.pdf',
          './documents/binder-notes.pdf',
          './documents/binder.pdf',
        ),
      ),
    );
    write('products/binders/documents/huge-binder.pdf', '%PDF-1.4');
    write('products/binders/documents/binder-notes.pdf', 'Just notes.');
    write('products/binders/documents/binder.pdf', '%PDF-1.4');
    expect(await run()).toEqual([
      `${file}: documents.0.file: no file "./documents/missing.pdf" next to this file; upload the PDF or correct the name`,
      `${file}: documents.1.file: document "./documents/huge-binder.pdf" is 12.5 MB; a document may be at most ${formatSize(documentLimits.maxBytes)}: make it smaller`,
      `${file}: documents.2.file: "./documents/binder-notes.pdf" is not a PDF inside, whatever its name says: save or export it as PDF`,
    ]);
  });

  it('checks the data buyers look for: typical properties, packaging and storage, compliance, documents per region and language', async () => {
    const file = 'src/content/products/binders/binder.md';
    const data = `imageAlt: An illustration
typicalProperties:
  - name: Solids content
    value: "40"
    unit: "%"
    testMethod: ISO 3251
  - name: pH
    value: 7.5-8.5
packaging: 120 kg drums
storage: 5-35 °C
shelfLife: 12 months
compliance:
  - scheme: ZDHC MRSL
    status: Level 3
    certificateNumber: ZD-0001
    validUntil: 2999-12-31
    verifyUrl: https://example.org/verify/ZD-0001
  - scheme: GOTS
documents:
  - type: Safety data sheet
    title: Binder safety data sheet (EU)
    language: de
    region: European Union
    file: ./documents/binder-sds-eu.pdf
  - type: Safety data sheet
    title: Binder safety data sheet (India)
    language: en
    region: India
    file: ./documents/binder-sds-in.pdf
`;
    write('products/binders/documents/binder-sds-eu.pdf', '%PDF-1.4');
    write('products/binders/documents/binder-sds-in.pdf', '%PDF-1.4');
    write('products/binders/binder.md', product.replace('imageAlt: An illustration\n', data));
    expect(await run()).toEqual([]);

    const broken = data
      .replace('    value: 7.5-8.5\n', '    units: pH\n')
      .replace('validUntil: 2999-12-31', 'validUntil: 2027-02-30')
      .replace('https://example.org/verify/ZD-0001', 'javascript:alert(1)')
      .replace('region: India', 'region: " "');
    write('products/binders/binder.md', product.replace('imageAlt: An illustration\n', broken));
    expect(await run()).toEqual([
      `${file}: typicalProperties.1.value: required: Its typical value as written on the data sheet, e.g. "6.0-7.0", "35" or "Clear, colourless liquid"`,
      `${file}: typicalProperties.1: Unrecognized key: "units"`,
      `${file}: compliance.0.validUntil: "2027-02-30" is not a day of the calendar`,
      `${file}: compliance.0.verifyUrl: verifyUrl must be a full web address starting with https://`,
      `${file}: documents.1.region: Region must not be empty`,
    ]);
    // The compliance text of the former speciality-print field is refused, with the field named.
    for (const pdf of ['eu', 'in']) rmSync(join(root, `src/content/products/binders/documents/binder-sds-${pdf}.pdf`));
    write(
      'products/binders/binder.md',
      product.replace('imageAlt: An illustration\n', 'imageAlt: An illustration\ncompliance: OekoTex Standard 100\n'),
    );
    expect(await run()).toEqual([`${file}: compliance: Invalid input: expected array, received string`]);
  });

  it('warns of a compliance entry whose date has passed, and still passes', async () => {
    write(
      'products/binders/binder.md',
      product.replace(
        'imageAlt: An illustration\n',
        'imageAlt: An illustration\ncompliance:\n  - scheme: GOTS\n    validUntil: 2001-01-31\n',
      ),
    );
    const problems = await checkContent({ root, imageWidth });
    expect(problems).toEqual([
      {
        file: 'src/content/products/binders/binder.md',
        field: 'compliance.0.validUntil',
        message: '2001-01-31 has passed; the item page still lists this entry with that date: renew it or remove it',
        severity: 'warning',
      },
    ]);
    expect(report(problems).exitCode).toBe(0);
  });

  it("warns of a method an item's text names and its application methods leave out, and still passes", async () => {
    write('products/binders/binder.md', product.replace('An acrylic binder.', 'An acrylic binder. Pad at 20 g/l.'));
    // The category's methods count for an item that names none of its own.
    write(
      'categories/binders.md',
      category('binders').replace('itemsHeading:', 'applicationMethods: [Spray]\nitemsHeading:'),
    );
    write(
      'products/binders/spray.md',
      product
        .replace('order: 1', 'order: 2')
        .replace('title: Binder', 'title: Spray binder')
        .replace('slug: binder', 'slug: spray-binder')
        .replace('An acrylic binder.', 'Spray at 5 g/l or exhaust at 2% owf; spray rating 90.')
        .replace('applicationMethods: [Screen print]\n', '')
        .replace('kind: printing-auxiliary', 'kind: speciality-finish')
        .replace('variants: [B-100]', 'finishes: [B-200]\napplications: [Linings]\nfeatures: [Soft]'),
    );
    const problems = await checkContent({ root, imageWidth });
    expect(problems).toEqual([
      {
        file: 'src/content/products/binders/binder.md',
        field: 'applicationMethods',
        message:
          'the text names Pad, which the application methods leave out; add it (search filters by the field), or reword the text',
        severity: 'warning',
      },
      {
        file: 'src/content/products/binders/spray.md',
        field: 'applicationMethods',
        message:
          "the text names Exhaust, which the category's application methods leave out; add it (search filters by the field), or reword the text",
        severity: 'warning',
      },
    ]);
    expect(report(problems).exitCode).toBe(0);
  });

  it('warns of the picture a deleted entry leaves behind, and still passes', async () => {
    // Deleting an entry in /admin removes its Markdown file; Decap keeps its picture.
    secondItem();
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

  it('warns of the data sheet a deleted item leaves behind, and still passes', async () => {
    write('products/binders/documents/binder-tds.pdf', '%PDF-1.4');
    write(
      'products/binders/binder.md',
      product.replace(
        'imageAlt: An illustration\n',
        'imageAlt: An illustration\ndocuments:\n  - type: Technical data sheet\n    title: TDS\n    language: en\n    file: ./documents/binder-tds.pdf\n',
      ),
    );
    expect(await run()).toEqual([]);
    secondItem();
    rmSync(join(root, 'src/content/products/binders/binder.md'));
    const { text, exitCode } = report(await checkContent({ root, imageWidth }));
    expect(exitCode).toBe(0);
    expect(text).toContain(
      'src/content/products/binders/documents/binder-tds.pdf: (file): document is not used by any item; delete it or refer to it',
    );
    expect(text).toContain(
      'src/content/products/binders/images/binder.webp: (file): picture is not used by any content file',
    );
  });

  it('fails on an error, and lists the warnings after the errors', async () => {
    secondItem();
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

  it('checks a new kind of content from its one entry in src/model/content-collections.ts', async () => {
    const glossary = z.strictObject({ term: z.string().min(1), meaning: z.string().min(1) });
    const sources = {
      ...contentSources,
      glossary: { folder: 'src/content/glossary', pattern: '*.md', id: 'file', schema: () => glossary } as const,
    };
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

describe('texts the layout carries', () => {
  it('refuses a description longer than its limit, naming the file, the field, the length and the limit', async () => {
    const long = 'Night-blooming jasmine over a soft musk base. '.repeat(80).slice(0, 3500).trim();
    write('products/binders/binder.md', product.replace('description: An acrylic binder.', `description: ${long}`));
    expect(await run()).toEqual([
      `src/content/products/binders/binder.md: description: length ${long.length}, at most ${textLimits.description}`,
    ]);
  });

  it('holds each entry of a list and a name to their own limits', async () => {
    const entry = 'A variant named at far greater length than any card can carry on a phone '.repeat(3).trim();
    write(
      'products/binders/binder.md',
      product
        .replace('variants: [B-100]', `variants: [B-100, "${entry}"]`)
        .replace('title: Binder', `title: ${'Binder '.repeat(12).trim()}`),
    );
    expect(await run()).toEqual([
      `src/content/products/binders/binder.md: title: length ${'Binder '.repeat(12).trim().length}, at most ${textLimits.name}`,
      `src/content/products/binders/binder.md: variants.1: length ${entry.length}, at most ${textLimits.entry}`,
    ]);
  });
});

describe('a mistake in the YAML, in words', () => {
  it('names the file, the line and the field of a colon in an unquoted value, says to quote it, and warns of nothing else', async () => {
    write('products/binders/binder.md', product.replace('title: Binder', 'title: Binder Night: the new one'));
    expect(await run()).toEqual([
      'src/content/products/binders/binder.md: title: line 5: the value of "title" has a colon followed by a space, which YAML reads as the start of another field; put the value in quotes: title: "Binder Night: the new one"',
    ]);
  });

  it('reports nothing else of a file it cannot read: what refers or links to it is not reported missing', async () => {
    write('technologies/plasma.md', technology('plasma').replace('  intro: Intro.', '  intro: "Intro "of" plasma."'));
    write(
      'products/binders/binder.md',
      product.replace('imageAlt: An illustration', 'imageAlt: An illustration\ntechnologies: [plasma]') +
        'See [plasma](/plasma).\n',
    );
    const problems = await run();
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^src\/content\/technologies\/plasma\.md: intro: line \d+: the value's quotes end before the value does/,
    );
  });

  it('keeps the documents of a file it cannot read in use', async () => {
    write(
      'products/binders/binder.md',
      product
        .replace('title: Binder', 'title: Binder: new')
        .replace(
          'imageAlt: An illustration',
          'imageAlt: An illustration\ndocuments:\n  - type: Brochure\n    title: Binder brochure\n    language: en\n    file: ./documents/binder.pdf',
        ),
    );
    write('products/binders/documents/binder.pdf', '%PDF-1.4');
    const problems = await checkContent({ root, imageWidth, fileSize });
    expect(problems.map((p) => [p.field, p.severity])).toEqual([['title', undefined]]);
  });

  it.each([
    ['an unclosed quote', 'title: "Binder', /^line 5: a value opened with a quote is not closed/],
    ['a field written twice', 'title: Binder\ntitle: Binder', /^line 6: "title" is written twice/],
    [
      'a list entry out of line',
      'variants:\n  - B-100\n - B-200',
      /^line \d+: the line is not indented like the lines around it/,
    ],
    ['an unclosed list', 'variants: [B-100, B-200\norder: 2', /^line \d+: the list in square brackets is not closed/],
  ])('explains %s', async (_what, yaml, expected) => {
    const text = product.replace('title: Binder', yaml.includes('variants') ? 'title: Binder' : yaml);
    write('products/binders/binder.md', yaml.includes('variants') ? text.replace('variants: [B-100]', yaml) : text);
    const problems = await checkContent({ root, imageWidth, fileSize });
    expect(problems).toHaveLength(1);
    expect(problems[0]!.file).toBe('src/content/products/binders/binder.md');
    expect(problems[0]!.message).toMatch(expected);
  });
});

describe('{count} only where a count is known', () => {
  it('refuses {count} in a text that has no count, saying so', async () => {
    write(
      'technologies/plasma.md',
      technology('plasma').replace('  intro: Intro.', '  intro: "{count} ways to treat a surface."'),
    );
    const problems = await run();
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^src\/content\/technologies\/plasma\.md: hero\.intro: "\{count\}" is not filled in here: no count is known for this text/,
    );
  });

  it('takes {count} in every text of an overview page, and in the texts whose explanation names it', async () => {
    const products = readFileSync('src/content/pages/products.md', 'utf8');
    write(
      'pages/products.md',
      products
        .replace(/^ {2}intro: .*$/m, '  intro: "{count} families, and more."')
        .replace(/^ {2}heading: (.*)$/m, '  heading: "$1 in {count:aroma}"'),
    );
    write(
      'categories/binders.md',
      category('binders').replace('itemsHeading: Items', 'itemsHeading: Items\nitemsIntro: "{count} binders."'),
    );
    expect(await run()).toEqual([
      'src/content/pages/products.md: hero.heading: "{count:aroma}" is not filled in here; on this page {count} is the number of its cards, with no kind',
    ]);
  });
});

describe('links inside texts lead to pages the site has', () => {
  it('names the technology whose text links to a product that was removed, and the address', async () => {
    write(
      'technologies/plasma.md',
      technology('plasma').replace('Body.', 'Printed with [our binder](/products/binders/binder#uses) on cotton.'),
    );
    expect(await run()).toEqual([]);
    write(
      'products/binders/other.md',
      product.replace('title: Binder', 'title: Other').replace('slug: binder', 'slug: other'),
    );
    secondItem();
    rmSync(join(root, 'src/content/products/binders/binder.md'));
    const problems = await run();
    expect(problems.filter((p) => !p.includes('not used'))).toEqual([
      'src/content/technologies/plasma.md: body: links to "/products/binders/binder#uses", an address the site does not have (a deleted or renamed page?); correct the link or remove it',
    ]);
  });

  it('holds links in fields and buttons to the same addresses, in every file that writes one', async () => {
    write(
      'categories/binders.md',
      category('binders')
        .replace('href: /contact', 'href: /contact-us')
        .replace(
          'itemsHeading: Items',
          'itemsHeading: Items\nitemsIntro: "See <a href=\\"/plasma\\">plasma</a> and [coating](/coating)."',
        ),
    );
    expect(await run()).toEqual([
      'src/content/categories/binders.md: itemsIntro: links to "/coating", an address the site does not have (a deleted or renamed page?); correct the link or remove it',
      'src/content/categories/binders.md: supportActions.0.href: links to "/contact-us", an address the site does not have (a deleted or renamed page?); correct the link or remove it',
    ]);
  });
});

describe("an item's address is its slug field", () => {
  it('keeps a link to the item working when its file is renamed', async () => {
    write(
      'technologies/plasma.md',
      technology('plasma').replace('Body.', 'See [the binder](/products/binders/binder).'),
    );
    secondItem();
    rmSync(join(root, 'src/content/products/binders/binder.md'));
    write('products/binders/Binder Renamed.md', product);
    expect(await run()).toEqual([]);
  });

  it('refuses a slug with capitals or spaces, and two items of a category at one address', async () => {
    write('products/binders/binder.md', product.replace('slug: binder', 'slug: Binder Noir'));
    expect(await run()).toEqual([
      'src/content/products/binders/binder.md: slug: slug may only use lowercase letters, digits and hyphens',
    ]);
    write('products/binders/binder.md', product);
    write(
      'products/binders/binder-copy.md',
      product.replace('title: Binder', 'title: Binder copy').replace('B-100', 'B-200').replace('order: 1', 'order: 2'),
    );
    expect(await run()).toEqual([
      'src/content/products/binders/binder.md: slug: slug "binder" is already used by src/content/products/binders/binder-copy.md',
    ]);
  });
});

describe('one mistake, one problem', () => {
  it('does not report a link or a reference to an entry that has a mistake of its own as missing', async () => {
    write('technologies/plasma.md', technology('plasma').replace('colour: teal', 'colour: mauve'));
    write(
      'products/binders/binder.md',
      product.replace('imageAlt: An illustration', 'imageAlt: An illustration\ntechnologies: [plasma]'),
    );
    write('categories/binders.md', category('binders').replace('href: /contact', 'href: /plasma'));
    expect(await run()).toEqual([
      'src/content/technologies/plasma.md: colour: colour must be one of: teal, indigo, emerald, amber, rose, violet, sky',
    ]);
  });
});
