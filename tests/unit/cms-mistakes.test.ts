/**
 * /admin stops an editor's mistakes where they are made: a file the build would refuse is refused
 * by the form and the preview in the build's words (src/cms/file-checks.ts; the browser's part of
 * it, measuring, is tests/e2e/admin.spec.ts's), an upload never takes another entry's file name,
 * search finds an item by its codes, and a file that cannot be read says so instead of showing as
 * an empty form (src/cms/formats.ts).
 */
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import * as YAML from 'yaml';
import { fromJS } from 'immutable';
import { afterAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { checkContent, formatProblem } from '../../src/content-check/check';
import { checkEntry, readPreviewRequest } from '../../src/cms/render/entry';
import { filesNamed, uploadProblems } from '../../src/cms/file-checks';
import { editorConfig } from '../../src/cms/editor-config';
import type { CmsCollection } from '../../src/cms/config';
import { codeFields } from '../../src/model/catalogue-item';
import { markdownBody, parseFrontmatter } from '../../src/text/frontmatter.mjs';
import { pdfSignature } from '../../src/schemas/content-limits';
import { entrySlug, unreadableWords, uploadName } from '../../src/cms/admin';
import { frontmatterFormat, jsonFormat, jsonListFormat, sourceKey, unreadableKey } from '../../src/cms/formats';

const products = 'src/content/products';

/** The first item (by folder, then file name) that names documents, and its category folder. */
function itemWithDocuments() {
  for (const folder of readdirSync(products).sort()) {
    if (!statSync(join(products, folder)).isDirectory()) continue;
    for (const name of readdirSync(join(products, folder)).sort()) {
      if (!name.endsWith('.md')) continue;
      const text = readFileSync(join(products, folder, name), 'utf8');
      const data = parseFrontmatter(text) as Record<string, unknown>;
      if (Array.isArray(data.documents) && data.documents.length && typeof data.image === 'string')
        return { folder, slug: name.replace(/\.md$/, ''), data, body: markdownBody(text) };
    }
  }
  throw new Error(`${products}: no item names a document and a picture`);
}

describe("the form's and the preview's file checks are the build's", () => {
  const root = mkdtempSync(join(tmpdir(), 'cms-file-checks-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('an 800 px picture and a text file named .pdf get the same lines from the preview as from content:check', async () => {
    cpSync('src', join(root, 'src'), { recursive: true });
    const item = itemWithDocuments();
    const folder = join(root, products, item.folder);
    const picture = String(item.data.image);
    const document = String((item.data.documents as { file: string }[])[0]!.file);
    await sharp({ create: { width: 800, height: 533, channels: 3, background: '#88aacc' } })
      .webp()
      .toFile(join(folder, picture));
    writeFileSync(join(folder, document), 'Notes typed in a text editor.\n');

    const checked = (await checkContent({ root, imageWidth: async (p) => (await sharp(p).metadata()).width }))
      .filter((p) => p.severity !== 'warning')
      .map(formatProblem);
    const file = `${products}/${item.folder}/${item.slug}.md`;
    const built = checked.filter((line) => line.startsWith(`${file}: `));
    expect(built).toHaveLength(2);

    // What the browser measures of the same two files, as the preview posts it.
    const measured = filesNamed(item.data).map(({ field, path }) => {
      const bytes = readFileSync(join(folder, path));
      return {
        field,
        path,
        bytes: bytes.length,
        ...(path === picture ? { width: 800 } : {}),
        start: bytes.subarray(0, pdfSignature.length).toString('latin1'),
      };
    });
    expect(measured.map((m) => m.field)).toEqual(['image', 'documents.0.file']);
    const preview = checkEntry({
      collection: item.folder,
      folder: `${products}/${item.folder}`,
      slug: item.slug,
      data: { ...item.data, body: item.body },
      files: measured,
    });
    // The same lines (the check lists documents before pictures, the preview fields in order).
    expect(preview.ok).toBe(false);
    expect(preview.ok ? [] : [...preview.errors].sort()).toEqual([...built].sort());
    // The form shows the message of each, under its field.
    expect(measured.flatMap(({ path, ...facts }) => uploadProblems(path, facts)).sort()).toEqual(
      built.map((line) => line.split(': ').slice(2).join(': ')).sort(),
    );
  }, 60_000);

  it('a file within the rules adds nothing, and the renderer reads only well-formed measurements', async () => {
    expect(uploadProblems('./images/a.webp', { bytes: 100_000, width: 1600 })).toEqual([]);
    expect(uploadProblems('./documents/a.pdf', { bytes: 100_000, start: pdfSignature })).toEqual([]);
    const post = (files: unknown) =>
      readPreviewRequest(
        new Request('https://site.test/admin/render', {
          method: 'POST',
          headers: { origin: 'https://site.test', 'content-type': 'application/json' },
          body: JSON.stringify({ collection: 'technologies', folder: 'src/content/technologies', data: {}, files }),
        }),
      );
    expect(await post([{ field: 'image', path: './images/a.webp', bytes: 10, width: 800 }])).toMatchObject({
      ok: true,
    });
    for (const bad of ['x', [{ field: 'image', path: './images/a.webp' }], [{ field: 1, path: 'a', bytes: 1 }]])
      expect(await post(bad)).toMatchObject({ ok: false, status: 400 });
  });
});

describe('uploads take the name of their entry', () => {
  const folder = fromJS({
    name: 'aroma-finishes',
    folder: 'src/content/products/aroma-finishes',
    slug: '{{slug}}',
    identifier_field: 'name',
  });

  it("prefixes an upload with the entry's slug, unless it already starts with it", () => {
    expect(uploadName('photo.webp', 'jasmine-night')).toBe('jasmine-night-photo.webp');
    expect(uploadName('jasmine-night.webp', 'jasmine-night')).toBe('jasmine-night.webp');
    expect(uploadName('jasmine-night-tds.pdf', 'jasmine-night')).toBe('jasmine-night-tds.pdf');
    // Another entry's file name becomes this entry's own.
    expect(uploadName('lavender-calm.webp', 'jasmine-night')).toBe('jasmine-night-lavender-calm.webp');
    expect(uploadName('photo.webp', '')).toBe('photo.webp');
  });

  it("reads the slug of a saved entry, of a new one from the field its collection's slug comes from, and none for a collection of one file", () => {
    expect(entrySlug(fromJS({ slug: 'amber-oud', data: { name: 'Amber Oud' } }), folder)).toBe('amber-oud');
    expect(entrySlug(fromJS({ slug: '', newRecord: true, data: { name: 'Jasmine Night Élan' } }), folder)).toBe(
      'jasmine-night-elan',
    );
    const technologies = fromJS({ name: 'technologies', folder: 'src/content/technologies', slug: '{{fields.slug}}' });
    expect(
      entrySlug(fromJS({ newRecord: true, data: { title: 'Plasma', slug: 'plasma-finishing' } }), technologies),
    ).toBe('plasma-finishing');
    const pages = fromJS({ name: 'pages', files: [{ name: 'home' }, { name: 'about' }] });
    expect(entrySlug(fromJS({ slug: 'home', data: {} }), pages)).toBe('home');
    const certifications = fromJS({ name: 'certifications', files: [{ name: 'certifications' }] });
    expect(entrySlug(fromJS({ slug: 'certifications', data: {} }), certifications)).toBe('');
  });
});

describe("/admin's list and search", () => {
  const config = parseYaml(editorConfig(process.cwd(), {})) as { collections: CmsCollection[] };
  const catalogue = config.collections.filter((c) => c.folder?.startsWith(`${products}/`));

  it("names each item's product codes in its summary, where Decap's search looks, without showing them", () => {
    expect(catalogue.length).toBeGreaterThan(0);
    for (const collection of catalogue) {
      const kind = (collection.fields!.find((f) => f.name === 'kind')!.default ?? collection.filter?.value) as string;
      const field = codeFields[kind as keyof typeof codeFields];
      expect(
        collection.fields!.map((f) => f.name),
        collection.name,
      ).toContain(field);
      expect(collection.summary, collection.name).toContain(`{{${field} | ternary('', '')}}`);
    }
  });

  it('says why a file cannot be read in its summary, and edits Markdown bodies as written', () => {
    for (const collection of config.collections.filter((c) => c.summary))
      expect(collection.summary, collection.name).toContain(`{{${unreadableKey}}}`);
    const bodies = config.collections
      .flatMap((c) => [...(c.fields ?? []), ...(c.files ?? []).flatMap((f) => f.fields)])
      .filter((f) => f.name === 'body');
    expect(bodies.length).toBeGreaterThan(0);
    for (const body of bodies) expect(body).toMatchObject({ widget: 'markdown', modes: ['raw'] });
  });
});

describe('a file that cannot be read says so, and is never written over', () => {
  const frontmatter = frontmatterFormat(YAML);
  const text =
    '---\nkind: aroma\norder: 3\nname: Jasmine Night: the new one\nimage: ./images/jasmine-night.webp\n---\nText.\n';

  it('a colon in an unquoted value: the line as the file numbers it, what to do, and no fields', () => {
    const data = frontmatter.fromFile(text);
    expect(Object.keys(data).sort()).toEqual([sourceKey, unreadableKey].sort());
    expect(data[unreadableKey]).toContain('line 4 ("name: Jasmine Night: the new one")');
    expect(data[unreadableKey]).toContain('must be put in quotes');
    expect(() => frontmatter.toFile({ ...data, name: 'Jasmine Night' }, [])).toThrow(/This file cannot be read/);
  });

  it('the form says so above its first text field, and only there', () => {
    const data = frontmatter.fromFile(text);
    const collection = fromJS({
      name: 'aroma-finishes',
      folder: 'src/content/products/aroma-finishes',
      fields: [
        { name: 'kind', widget: 'hidden' },
        { name: 'order', widget: 'number' },
        { name: 'name', widget: 'string' },
        { name: 'variantName', widget: 'string' },
      ],
    });
    const entry = fromJS({ slug: 'jasmine-night', data });
    const said = (name: string) => unreadableWords({ entry, collection, field: fromJS({ name }) });
    expect(said('name')).toBe(data[unreadableKey]);
    expect([said('kind'), said('order'), said('variantName')]).toEqual([undefined, undefined, undefined]);
    const readable = fromJS({ slug: 'jasmine-night', data: { name: 'Jasmine Night' } });
    expect(unreadableWords({ entry: readable, collection, field: fromJS({ name: 'name' }) })).toBeUndefined();
  });

  it('a JSON file with a syntax error too', () => {
    for (const format of [jsonFormat, jsonListFormat('items')]) {
      const data = format.fromFile('{ "name": "Acme", }');
      expect(data[unreadableKey]).toMatch(/^This file cannot be read/);
      expect(() => format.toFile(data)).toThrow(/This file cannot be read/);
    }
  });

  it('a readable file is read as before', () => {
    const good = text.replace('Jasmine Night: the new one', '"Jasmine Night: the new one"');
    expect(frontmatter.fromFile(good)).toMatchObject({ name: 'Jasmine Night: the new one', body: 'Text.\n' });
    expect(frontmatter.fromFile(good)[unreadableKey]).toBeUndefined();
  });
});
