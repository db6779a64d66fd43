/**
 * The content check's rules for what an editor publishes from a phone or a second branch: unsafe
 * SVGs, pictures over the limit, slugs given up and kept, codes used twice, conflict markers,
 * empty categories, words too long for a phone, counts written as words, orders used twice.
 * (The fixture content is that of tests/unit/content-check.test.ts.)
 */
import { copyFileSync, rmSync } from 'node:fs';
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
import { checkContent, formatProblem } from '../../src/content-check/check';
import sharp from 'sharp';
import { exifHasGps } from '../../tools/build/published-pictures';

useContentFixture();

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
  const other = (slug: string, code: string, extra = '', order = slug === 'binder' ? 1 : 2) =>
    product
      .replace('order: 1', `order: ${order}`)
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
    write('categories/thickeners.md', category('thickeners').replace('order: 1', 'order: 2'));
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

describe('content:check: what a merge, a phone and a new entry reveal', () => {
  it('refuses Git conflict markers anywhere in a file, naming their lines, and reports nothing else of it', async () => {
    write(
      'products/binders/binder.md',
      `${product}Body.\n<<<<<<< HEAD\nA binder for pigment prints.\n=======\nAn acrylic binder for prints.\n>>>>>>> other-branch\n`,
    );
    write(
      'search/synonyms.json',
      '{ "synonyms": [\n<<<<<<< HEAD\n  { "words": ["fire retardant"], "finds": ["flame retardant"] }\n=======\n  { "words": ["fireproof"], "finds": ["flame retardant"] }\n>>>>>>> main\n] }\n',
    );
    write('certifications/certifications.json', certification('./logos/gots.svg'));
    write(
      'certifications/logos/gots.svg',
      '<svg xmlns="http://www.w3.org/2000/svg">\n<<<<<<< HEAD\n<rect/>\n=======\n<circle/>\n>>>>>>> main\n</svg>\n',
    );
    expect(await run()).toEqual([
      'src/content/products/binders/binder.md: (file): lines 14, 16, 18: Git conflict markers ("<<<<<<< HEAD"): two versions of this file were merged and Git left both; keep the text you want, and delete the lines <<<<<<<, ======= and >>>>>>>',
      'src/content/search/synonyms.json: (file): lines 2, 4, 6: Git conflict markers ("<<<<<<< HEAD"): two versions of this file were merged and Git left both; keep the text you want, and delete the lines <<<<<<<, ======= and >>>>>>>',
      'src/content/certifications/logos/gots.svg: (file): lines 2, 4, 6: Git conflict markers ("<<<<<<< HEAD"): two versions of this file were merged and Git left both; keep the text you want, and delete the lines <<<<<<<, ======= and >>>>>>>',
    ]);
  });

  it('refuses a category with no items', async () => {
    write('categories/thickeners.md', category('thickeners').replace('order: 1', 'order: 2'));
    picture('categories/images/thickeners.webp');
    expect(await run()).toEqual([
      'src/content/categories/thickeners.md: slug: category "thickeners" has no items: its page would go live saying "Zero ..." above no cards; add an item in src/content/products/thickeners/, or remove the category',
    ]);
  });

  it('refuses a word too long for a 320 px screen, in a field or in the body, and takes addresses', async () => {
    const word = 'Supercalifragilisticexpialidocious';
    write(
      'products/binders/binder.md',
      `${product.replace('An acrylic binder.', `An acrylic ${word} binder.`)}See [the ${'x'.repeat(10)} page](https://example.org/binders/binder-with-a-very-long-address-indeed).\nA well-behaved, hyphen-separated-compound-word-list.\n${word.toLowerCase()}\n`,
    );
    expect(await run()).toEqual([
      `src/content/products/binders/binder.md: description: the word "${word}" has 34 characters; on a 320 px phone screen a word of more than 18 makes the page wider than the screen: break it with spaces or hyphens`,
      `src/content/products/binders/binder.md: body: the word "${word.toLowerCase()}" has 34 characters; on a 320 px phone screen a word of more than 18 makes the page wider than the screen: break it with spaces or hyphens`,
    ]);
  });

  it('refuses a count written in words where {count} fits, and takes other numbers elsewhere', async () => {
    write(
      'categories/binders.md',
      category('binders').replace(
        'itemsHeading: Items',
        'itemsHeading: Items\nitemsIntro: Nine binders for every fabric, in two grades.',
      ),
    );
    write('products/binders/binder.md', product.replace('An acrylic binder.', 'An acrylic binder for three fabrics.'));
    expect(await run()).toEqual([
      'src/content/categories/binders.md: itemsIntro: "Nine binders" writes a number in words where {count} (the number of items) fits: write "{count} binders", so it stays true when one is added or removed (a number that is not that count: write it in digits)',
      'src/content/categories/binders.md: itemsIntro: "two grades" writes a number in words where {count} (the number of items) fits: write "{count} grades", so it stays true when one is added or removed (a number that is not that count: write it in digits)',
    ]);
    write(
      'categories/binders.md',
      category('binders').replace(
        'itemsHeading: Items',
        'itemsHeading: Items\nitemsIntro: "{count} binders for every fabric, in 2 grades."',
      ),
    );
    expect(await run()).toEqual([]);
  });

  it('refuses one order number on two entries of a list, naming both', async () => {
    write('technologies/corona.md', technology('corona'));
    picture('technologies/images/corona.webp');
    write('products/binders/fixer.md', product.replace('slug: binder', 'slug: fixer').replace('B-100', 'F-1'));
    expect(await run()).toEqual([
      'src/content/technologies/plasma.md: order: order 1 is also the order of src/content/technologies/corona.md; give each technology its own number, so the list shows them in the order you chose',
      'src/content/products/binders/fixer.md: order: order 1 is also the order of src/content/products/binders/binder.md; give each item of a category its own number, so the list shows them in the order you chose',
    ]);
  });
});

describe('content:check: a phone photo in Git', () => {
  it('warns of a picture that carries a GPS position, naming the command that removes it', async () => {
    write('products/binders/binder.md', product.replace('./images/binder.webp', './images/binder.jpg'));
    copyFileSync(
      'tests/fixtures/pictures/phone-photo-gps.jpg',
      join(root, 'src/content/products/binders/images/binder.jpg'),
    );
    rmSync(join(root, 'src/content/products/binders/images/binder.webp'));
    // Located as the project's check locates it (tools/content-check/project.ts); the other pictures here are stand-ins.
    const imageLocation = async (path: string) =>
      path.endsWith('.jpg') && exifHasGps((await sharp(path).metadata()).exif);
    const found = await checkContent({ root, imageWidth, fileSize, imageLocation });
    const problems = found.map(formatProblem);
    expect(problems).toEqual([
      'src/content/products/binders/binder.md: image: picture "./images/binder.jpg" carries the GPS position where it was taken; ' +
        'the site never shows it, but Git keeps it: run `npm run pictures -- src/content/products/binders/images/binder.jpg` before committing it',
    ]);
    expect(found.map((p) => p.severity)).toEqual(['warning']);
  });
});
