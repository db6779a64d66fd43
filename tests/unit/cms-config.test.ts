/**
 * The browser editor's configuration is generated from the content schemas (src/cms/config.ts,
 * through zod's `z.toJSONSchema`) with a small overlay (src/cms/overlay.ts). These tests prove the
 * generator: each type of schema field becomes its Decap field; a new optional field reaches the
 * form with no other edit; on the real schemas every field, required flag and allowed value is in
 * the form; every category folder gets its catalogue collection; and the YAML is what Decap needs.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { z } from 'astro/zod';
import type { ContentContext } from '../../src/schemas/common';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { fromJS, isImmutable } from 'immutable';
import {
  cmsConfig,
  cmsConfigYaml,
  contentSchemas,
  editorFields,
  jsonSchemaOf,
  schemaContext,
  variantOf,
  type CmsCollection,
  type CmsConfig,
  type CmsField,
  type JsonSchema,
} from '../../src/cms/config';
import { readContentLayout } from '../../src/cms/content-layout';
import { lengthHint, textLimits } from '../../src/schemas/content-limits';
import { contentSources } from '../../src/model/content-collections';
import { parseFrontmatter } from '../../src/text/frontmatter.mjs';
import { documentFolder } from '../../src/schemas/product';
import { documentLimits, fileNamePattern, pictureLimits } from '../../src/schemas/content-limits';

/** What every picture field carries: the upload limit and the file name's rule. */
const pictureRules = {
  media_library: { config: { max_file_size: pictureLimits.maxBytes } },
  pattern: fileNamePattern(pictureLimits),
};
import { overlay } from '../../src/cms/overlay';
import { productSchema } from '../../src/schemas/product';
import { technologySchema } from '../../src/schemas/technology';
import { formats, jsonList, listField, pictureFields, tidy } from '../../src/cms/admin';
import { sourceKey } from '../../src/cms/formats';

const layout = readContentLayout(process.cwd());
const config = cmsConfig({ layout });
const collectionIn = (c: CmsConfig, name: string): CmsCollection => {
  const found = c.collections.find((entry) => entry.name === name);
  if (!found) throw new Error(`the CMS has no collection "${name}"`);
  return found;
};
const collection = (name: string) => collectionIn(config, name);
/** The catalogue collection whose items are of `kind`, wherever the editors keep that kind. */
const collectionOfKind = (c: CmsConfig, kind: string): CmsCollection => {
  const found = c.collections.find((entry) => entry.fields?.find((f) => f.name === 'kind')?.default === kind);
  if (!found)
    throw new Error(
      `the CMS has no collection for items of kind "${kind}" (no product file of that kind in src/content/products)`,
    );
  return found;
};
const json = (name: keyof typeof contentSchemas) => jsonSchemaOf(contentSchemas[name](schemaContext));

describe('the generator turns each kind of schema field into its Decap field', () => {
  // No labels or widget choices from the overlay: only what the types give.
  const bare = { ...overlay, fields: {}, types: {} };
  const fixture = z.strictObject({
    title: z.string().min(1).describe('Title of the thing.'),
    count: z.number().int().min(1).max(9).describe('How many.'),
    ratio: z.number().describe('A ratio.'),
    visible: z.boolean().describe('Whether it shows.'),
    colour: z.enum(['red', 'blue']).describe('Colour.'),
    kind: z.literal('thing').describe('Fixed kind.'),
    columns: z
      .union([z.literal(2), z.literal(3)])
      .default(2)
      .describe('Columns.'),
    code: z
      .string()
      .regex(/^[A-Z]{2}$/)
      .describe('Two capital letters.'),
    summary: z.string().min(10).max(20).describe('Ten to twenty characters.'),
    tags: z.array(z.string()).min(1).describe('Tags.'),
    sizes: z
      .array(z.enum(['S', 'M']))
      .max(2)
      .describe('Sizes.'),
    parts: z
      .array(z.strictObject({ name: z.string().describe('Part name.'), note: z.string().optional().describe('Note.') }))
      .describe('Parts.'),
    box: z
      .strictObject({ width: z.number().int().describe('Width.') })
      .optional()
      .describe('Box.'),
    blocks: z
      .array(
        z.discriminatedUnion('type', [
          z.strictObject({ type: z.literal('quote'), heading: z.string().describe('Heading.') }),
          z.strictObject({ type: z.literal('figure'), value: z.string().describe('Value.') }),
        ]),
      )
      .default([])
      .describe('Blocks.'),
    picture: schemaContext.image().describe('A picture.'),
    city: z.string().describe('City'),
  });

  it('maps types, required flags, hints, bounds and nesting', () => {
    expect(editorFields(fixture, bare)).toEqual([
      { name: 'title', label: 'Title', widget: 'string', hint: 'Title of the thing.' },
      { name: 'count', label: 'Count', widget: 'number', hint: 'How many.', value_type: 'int', min: 1, max: 9 },
      { name: 'ratio', label: 'Ratio', widget: 'number', hint: 'A ratio.', value_type: 'float' },
      { name: 'visible', label: 'Visible', widget: 'boolean', hint: 'Whether it shows.', default: false },
      { name: 'colour', label: 'Colour', widget: 'select', hint: 'Colour.', options: ['red', 'blue'] },
      { name: 'kind', label: 'Kind', widget: 'hidden', hint: 'Fixed kind.', default: 'thing' },
      {
        name: 'columns',
        label: 'Columns',
        widget: 'select',
        required: false,
        hint: 'Columns.',
        options: [2, 3],
        default: 2,
      },
      {
        name: 'code',
        label: 'Code',
        widget: 'string',
        hint: 'Two capital letters.',
        pattern: ['^[A-Z]{2}$', 'Two capital letters.'],
      },
      {
        name: 'summary',
        label: 'Summary',
        widget: 'string',
        hint: 'Ten to twenty characters.',
        pattern: ['^[\\s\\S]{10,20}$', '10-20 characters'],
        characters: { min: 10, max: 20 },
      },
      {
        name: 'tags',
        label: 'Tags',
        widget: 'list',
        hint: 'Tags.',
        min: 1,
        field: { name: 'tags', label: 'Tags', widget: 'string' },
      },
      { name: 'sizes', label: 'Sizes', widget: 'select', hint: 'Sizes.', multiple: true, options: ['S', 'M'], max: 2 },
      {
        name: 'parts',
        label: 'Parts',
        widget: 'list',
        hint: 'Parts.',
        summary: '{{fields.name}}',
        fields: [
          { name: 'name', label: 'Name', widget: 'string', hint: 'Part name.' },
          { name: 'note', label: 'Note', widget: 'string', required: false, hint: 'Note.' },
        ],
      },
      {
        name: 'box',
        label: 'Box',
        widget: 'object',
        required: false,
        hint: 'Box.',
        fields: [{ name: 'width', label: 'Width', widget: 'number', hint: 'Width.', value_type: 'int' }],
      },
      {
        name: 'blocks',
        label: 'Blocks',
        widget: 'list',
        required: false,
        hint: 'Blocks.',
        typeKey: 'type',
        types: [
          {
            name: 'quote',
            label: 'Quote',
            widget: 'object',
            summary: '{{fields.heading}}',
            fields: [{ name: 'heading', label: 'Heading', widget: 'string', hint: 'Heading.' }],
          },
          {
            name: 'figure',
            label: 'Figure',
            widget: 'object',
            summary: '{{fields.value}}',
            fields: [{ name: 'value', label: 'Value', widget: 'string', hint: 'Value.' }],
          },
        ],
      },
      { name: 'picture', label: 'Picture', widget: 'image', hint: 'A picture.', choose_url: false, ...pictureRules },
      // A description that only repeats the label is no hint.
      { name: 'city', label: 'City', widget: 'string' },
    ]);
  });

  it("applies the overlay's labels and widget choices by field name, to text fields only", () => {
    const fields = editorFields(
      z.strictObject({
        intro: z.string().describe('Opening paragraph.'),
        paragraphs: z.array(z.string()).describe('Paragraphs.'),
        description: z.strictObject({ short: z.string().describe('Short.') }).describe('Not a text here.'),
      }),
    );
    expect(fields.map((f) => [f.name, f.label, f.widget, f.field?.widget])).toEqual([
      ['intro', 'Introduction', 'text', undefined],
      ['paragraphs', 'Paragraphs', 'list', 'text'],
      ['description', 'Description', 'object', undefined],
    ]);
  });
});

describe('a new kind of content is one entry of src/model/content-collections.ts', () => {
  const glossary = z.strictObject({
    term: z.string().min(1).describe('The word.'),
    meaning: z.string().min(1).describe('What it means.'),
  });

  it('a folder of Markdown files becomes a folder collection, labelled by its name', () => {
    const sources = {
      ...contentSources,
      glossary: { folder: 'src/content/glossary', pattern: '*.md', id: 'file', schema: () => glossary } as const,
    };
    const changed = cmsConfig({ layout, sources });
    expect(collectionIn(changed, 'glossary')).toMatchObject({
      label: 'Glossary',
      folder: 'src/content/glossary',
      extension: 'md',
      format: formats.markdown,
    });
    expect(collectionIn(changed, 'glossary').fields!.map((f) => [f.name, f.widget, f.hint])).toEqual([
      ['term', 'string', 'The word.'],
      ['meaning', 'string', 'What it means.'],
    ]);
    expect(changed.collections.filter((c) => c.name !== 'glossary')).toEqual(config.collections);
  });

  it('a JSON list becomes a json-list collection', () => {
    const sources = {
      ...contentSources,
      glossary: { file: 'src/content/glossary.json', list: true, schema: () => glossary } as const,
    };
    const changed = cmsConfig({ layout, sources });
    expect(collectionIn(changed, 'glossary')).toMatchObject({
      format: 'json-list',
      files: [{ name: 'glossary', file: 'src/content/glossary.json' }],
    });
  });

  it("every entry of the list, and nothing else, is edited at /admin, in the list's order", () => {
    const kinds = config.collections.map((c) =>
      c.folder?.startsWith(`${contentSources.products.folder}/`) ? 'products' : c.name,
    );
    expect([...new Set(kinds)]).toEqual(Object.keys(contentSources));
  });
});

describe('a new optional schema field appears in /admin with no other edit', () => {
  it('in a folder collection (technologies)', () => {
    const schemas = {
      ...contentSchemas,
      technologies: (context: ContentContext) =>
        technologySchema(context).extend({ brochure: z.string().optional().describe('Address of the PDF brochure.') }),
    };
    const changed = cmsConfig({ layout, schemas });
    const fields = collectionIn(changed, 'technologies').fields!;
    expect(fields.find((f) => f.name === 'brochure')).toEqual({
      name: 'brochure',
      label: 'Brochure',
      widget: 'string',
      required: false,
      hint: 'Address of the PDF brochure.',
    });
    // Nothing else changed: the other fields, and every other collection.
    expect(fields.filter((f) => f.name !== 'brochure')).toEqual(collection('technologies').fields);
    expect(changed.collections.filter((c) => c.name !== 'technologies')).toEqual(
      config.collections.filter((c) => c.name !== 'technologies'),
    );
  });

  it('in one kind of catalogue item (aroma), and only in its collection', () => {
    const schemas = {
      ...contentSchemas,
      products: (context: ContentContext) => {
        const variants = productSchema(context).options.map((variant) =>
          variant.shape.kind.value === 'aroma'
            ? variant.extend({ launchYear: z.number().int().optional().describe('Year the fragrance was launched.') })
            : variant,
        );
        return z.discriminatedUnion('kind', variants as unknown as Parameters<typeof z.discriminatedUnion>[1]);
      },
    };
    const changed = cmsConfig({ layout, schemas });
    const { name } = collectionOfKind(config, 'aroma');
    const aroma = collectionIn(changed, name).fields!;
    expect(aroma.find((f) => f.name === 'launchYear')).toEqual({
      name: 'launchYear',
      label: 'Launch year',
      widget: 'number',
      required: false,
      hint: 'Year the fragrance was launched.',
      value_type: 'int',
    });
    expect(changed.collections.filter((c) => c.name !== name)).toEqual(
      config.collections.filter((c) => c.name !== name),
    );
  });
});

/**
 * Every difference between a JSON Schema object (as `z.toJSONSchema` writes the content schema)
 * and the Decap fields generated for it: a field missing or extra, a required flag, allowed
 * values, and the same inside objects, lists and section types. `body` (the Markdown text) is not
 * in the schemas.
 */
function differences(node: JsonSchema, fields: CmsField[], path: string, omit: string[] = []): string[] {
  const properties = Object.fromEntries(Object.entries(node.properties ?? {}).filter(([name]) => !omit.includes(name)));
  const byName = new Map(fields.filter((f) => f.name !== 'body').map((f) => [f.name, f]));
  const out: string[] = [];
  for (const name of byName.keys()) if (!(name in properties)) out.push(`${path}${name}: only in the editor`);
  for (const [name, property] of Object.entries(properties)) {
    const field = byName.get(name);
    const at = `${path}${name}`;
    if (!field) {
      out.push(`${at}: only in the schema`);
      continue;
    }
    const required = (node.required ?? []).includes(name);
    if ((field.required !== false) !== required)
      out.push(`${at}: required ${required} in the schema, ${field.required !== false} in the editor`);
    out.push(...valueDifferences(property, field, at));
  }
  return out;
}

function valueDifferences(property: JsonSchema, field: CmsField, at: string): string[] {
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const allowed = (node: JsonSchema) => node.enum ?? (node.anyOf ?? node.oneOf)?.map((o) => o.const);
  if (property.const !== undefined)
    return field.widget === 'hidden' && field.default === property.const
      ? []
      : [`${at}: fixed to ${String(property.const)} in the schema only`];
  const values = allowed(property);
  if (values?.every((v) => v !== undefined)) return same(field.options, values) ? [] : [`${at}: allowed values differ`];
  if (property.type === 'object') return differences(property, field.fields ?? [], `${at}.`);
  if (property.type !== 'array') return [];
  const bounds = same([property.minItems || undefined, property.maxItems], [field.min, field.max])
    ? []
    : [`${at}: list bounds differ`];
  const items = property.items!;
  const itemValues = allowed(items);
  if (itemValues?.every((v) => v !== undefined))
    return [
      ...bounds,
      ...(field.multiple && same(field.options, itemValues) ? [] : [`${at}[]: allowed values differ`]),
    ];
  const variants = items.oneOf ?? items.anyOf;
  if (variants) {
    const key = field.typeKey!;
    return [
      ...bounds,
      ...variants.flatMap((variant) => {
        const tag = String(variant.properties?.[key]?.const);
        const type = field.types?.find((t) => t.name === tag);
        return type
          ? differences(variant, type.fields ?? [], `${at}<${tag}>.`, [key])
          : [`${at}<${tag}>: only in the schema`];
      }),
    ];
  }
  if (items.type === 'object') return [...bounds, ...differences(items, field.fields ?? [], `${at}[].`)];
  // A list of values: a list widget of entries, or one relation field that takes several.
  const several = field.field !== undefined || (field.widget === 'relation' && field.multiple === true);
  return [...bounds, ...(several ? [] : [`${at}: a list of values in the schema, not in the editor`])];
}

describe('for the real schemas, every field, required flag and allowed value is in the editor', () => {
  it.each(['technologies', 'categories', 'legal'] as const)('%s', (name) => {
    expect(differences(json(name), collection(name).fields!, '')).toEqual([]);
  });

  const catalogue = config.collections.filter((c) => c.folder?.startsWith(`${contentSources.products.folder}/`));
  it.each(catalogue.map((c) => c.name))('catalogue collection %s', (name) => {
    const fields = collection(name).fields!;
    const kind = String(fields.find((f) => f.name === 'kind')?.default);
    expect(differences(variantOf(json('products'), 'kind', kind)!, fields, '')).toEqual([]);
  });

  it.each(layout.pages.map((p) => p.page))('the %s page', (page) => {
    const file = collection('pages').files!.find((f) => f.name === page)!;
    expect(file.fields.find((f) => f.name === 'page')).toEqual({
      name: 'page',
      label: 'Page',
      widget: 'hidden',
      default: page,
    });
    const others = file.fields.filter((f) => f.name !== 'page');
    expect(differences(variantOf(json('pages'), 'page', page)!, others, '', ['page'])).toEqual([]);
  });

  it.each([
    ['identity', 'src/content/company/identity.json'],
    ['labels', 'src/content/site/labels.json'],
    ['contactForm', 'src/content/contact-form.json'],
  ] as const)('%s: the fields at the top of the JSON file', (name, path) => {
    const [file] = collection(name).files!;
    expect(file!.file).toBe(path);
    expect(differences(json(name), file!.fields, '')).toEqual([]);
  });

  it.each([
    ['topics', 'src/content/topics.json'],
    ['certifications', 'src/content/certifications/certifications.json'],
  ] as const)('%s: the list at the top of the JSON file', (name, path) => {
    const c = collection(name);
    expect(c.format).toBe('json-list');
    const [file] = c.files!;
    expect(file!.file).toBe(path);
    expect(file!.fields.map((f) => f.name)).toEqual([listField]);
    expect(differences(json(name), file!.fields[0]!.fields!, '')).toEqual([]);
  });

  it('has one collection per content folder and file, and nothing else', () => {
    const edited = config.collections.flatMap((c) => (c.folder ? [c.folder] : c.files!.map((f) => f.file)));
    expect([...new Set(edited)].sort()).toEqual(
      [
        'src/content/technologies',
        'src/content/categories',
        ...readdirSync('src/content/products', { withFileTypes: true })
          .filter((d) => d.isDirectory())
          .map((d) => `src/content/products/${d.name}`),
        ...readdirSync('src/content/pages')
          .filter((f) => f.endsWith('.md'))
          .map((f) => `src/content/pages/${f}`),
        'src/content/legal',
        'src/content/company/identity.json',
        'src/content/site/labels.json',
        'src/content/contact-form.json',
        'src/content/topics.json',
        'src/content/search/synonyms.json',
        'src/content/certifications/certifications.json',
      ].sort(),
    );
  });
});

describe('every category folder gets a catalogue collection', () => {
  const root = 'src/content/products';
  const kindsIn = (folder: string) =>
    new Set(
      readdirSync(join(root, folder))
        .filter((f) => f.endsWith('.md'))
        .map((f) => String((parseFrontmatter(readFileSync(join(root, folder, f), 'utf8')) as { kind: unknown }).kind)),
    );
  const folders = readdirSync(root, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);

  it.each(folders)('%s: one collection per kind of item in it, its kind fixed and no category field', (folder) => {
    const editors = config.collections.filter((c) => c.folder === `${root}/${folder}`);
    const kindOf = (c: CmsCollection) => c.fields!.find((f) => f.name === 'kind');
    expect(editors.map((c) => String(kindOf(c)?.default)).sort()).toEqual([...kindsIn(folder)].sort());
    for (const c of editors) {
      expect(kindOf(c), c.name).toMatchObject({ widget: 'hidden' });
      expect(c.fields!.map((f) => f.name)).not.toContain('category');
      // Two collections on one folder each see only their own kind.
      if (editors.length > 1) expect(c.filter, c.name).toEqual({ field: 'kind', value: kindOf(c)!.default });
    }
  });

  it('a new category folder becomes a new collection, named after its category', () => {
    const project = mkdtempSync(join(tmpdir(), 'cms-layout-'));
    try {
      const write = (path: string, text: string) => {
        mkdirSync(dirname(join(project, path)), { recursive: true });
        writeFileSync(join(project, path), text);
      };
      write('src/content/categories/coatings.md', '---\ntitle: Coatings\nslug: coatings\norder: 1\n---\n');
      write('src/content/products/coatings/primer.md', '---\nkind: pigment-category\norder: 1\ntitle: Primer\n---\n');
      write('src/content/pages/home.md', '---\npage: home\n---\n');
      const generated = cmsConfig({ layout: readContentLayout(project) });
      expect(collectionIn(generated, 'coatings')).toMatchObject({
        label: 'Catalogue: Coatings',
        folder: 'src/content/products/coatings',
        preview_path: 'products/coatings',
      });
      // The same fields; documents go to each category's own folder.
      const pigments = collectionOfKind(config, 'pigment-category');
      const same = JSON.stringify(pigments.fields).replaceAll(
        `/${pigments.folder}/`,
        '/src/content/products/coatings/',
      );
      expect(collectionIn(generated, 'coatings').fields).toEqual(JSON.parse(same));
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });
});

describe('config.yml', () => {
  const text = cmsConfigYaml(config);
  const parsed = parseYaml(text) as CmsConfig;

  it('parses as YAML to the generated configuration', () => {
    expect(parsed).toEqual(JSON.parse(JSON.stringify(config)));
  });

  it('saves through Git Gateway with the editorial workflow, and locally through decap-server', () => {
    expect(parsed).toMatchObject({
      backend: { name: 'git-gateway', branch: 'main' },
      publish_mode: 'editorial_workflow',
      local_backend: true,
    });
  });

  it('has the keys Decap requires of every collection, file and field', () => {
    const problems: string[] = [];
    const checkFields = (fields: CmsField[] | undefined, at: string) => {
      if (!fields?.length) problems.push(`${at}: no fields`);
      for (const f of fields ?? []) {
        if (!f.name || !f.label || !f.widget) problems.push(`${at}.${f.name}: name, label and widget`);
        if (f.pattern) new RegExp(f.pattern[0]); // throws on a pattern Decap could not compile
        if (f.widget === 'object') checkFields(f.fields, `${at}.${f.name}`);
        if (f.widget === 'list' && f.types) {
          if (!f.typeKey) problems.push(`${at}.${f.name}: typeKey`);
          for (const t of f.types) checkFields(t.fields, `${at}.${f.name}<${t.name}>`);
        } else if (f.widget === 'list') {
          if (!f.field === !f.fields) problems.push(`${at}.${f.name}: one of field and fields`);
          if (f.field) checkFields([f.field], `${at}.${f.name}[]`);
          else checkFields(f.fields, `${at}.${f.name}[]`);
        }
      }
    };
    const names = parsed.collections.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    for (const c of parsed.collections) {
      if (!c.name || !c.label) problems.push(`${c.name}: name and label`);
      if (!c.folder === !c.files) problems.push(`${c.name}: one of folder and files`);
      if (c.folder) checkFields(c.fields, c.name);
      for (const f of c.files ?? []) {
        if (!f.name || !f.label || !f.file) problems.push(`${c.name}/${f.name}: name, label and file`);
        checkFields(f.fields, `${c.name}/${f.name}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('pictures are written as the content writes them', () => {
  const images = (fields: CmsField[] = []): CmsField[] =>
    fields.flatMap((f) => [
      ...(f.widget === 'image' ? [f] : []),
      ...images(f.fields),
      ...(f.field ? images([f.field]) : []),
      ...(f.types ?? []).flatMap((t) => images(t.fields)),
    ]);
  const imagesOf = (c: CmsCollection) => [...images(c.fields), ...(c.files ?? []).flatMap((f) => images(f.fields))];

  it('every picture field refuses an upload over the picture limit of src/schemas/content-limits.ts, and a badly named file', () => {
    const all = config.collections.flatMap(imagesOf);
    expect(all.length).toBeGreaterThan(10);
    for (const field of all) expect(field, field.name).toMatchObject(pictureRules);
  });

  it('every picture field is one the save hook makes relative', () => {
    const all = config.collections.flatMap(imagesOf);
    expect(all.length).toBeGreaterThan(5);
    for (const field of all) expect(pictureFields).toContain(field.name);
  });

  it('every collection with pictures keeps them in a folder next to its files', () => {
    for (const c of config.collections) {
      if (imagesOf(c).length === 0) continue;
      expect(c.media_folder, c.name).toMatch(/^(images|logos)$/);
      expect(c.public_folder, c.name).toBe(c.media_folder);
    }
  });

  it('the save hook writes "./images/..." and drops emptied optional fields, in Immutable data as Decap has it', () => {
    const data = fromJS({
      name: 'Neroli Morning',
      image: 'images/neroli-morning.webp',
      advantages: [],
      testMethod: '',
      order: 0,
      showOnHome: false,
      hero: { eyebrow: '', heading: 'Heading', actions: [{ label: 'Go', href: '/contact', topic: null }] },
      culture: { images: [{ image: 'images/lab.webp', alt: 'Lab' }] },
      logo: './logos/iso-9001.svg',
    });
    const saved = tidy(data) as typeof data;
    expect(isImmutable(saved)).toBe(true);
    expect(saved.toJS()).toEqual({
      name: 'Neroli Morning',
      image: './images/neroli-morning.webp',
      order: 0,
      showOnHome: false,
      hero: { heading: 'Heading', actions: [{ label: 'Go', href: '/contact' }] },
      culture: { images: [{ image: './images/lab.webp', alt: 'Lab' }] },
      logo: './logos/iso-9001.svg',
    });
  });

  it('topics.json round-trips through the list format unchanged in content', () => {
    const text = readFileSync('src/content/topics.json', 'utf8');
    const data = jsonList.fromFile(text);
    expect(Object.keys(data)).toEqual([listField, sourceKey]);
    expect(jsonList.toFile(data)).toBe(text);
  });
});

describe('every schema field carries a description (hover help in editors, hints in the CMS)', () => {
  /** Paths of the properties, at any depth, that have no description. */
  const undescribed = (node: JsonSchema, path: string): string[] => {
    const variants = node.oneOf ?? node.anyOf ?? [];
    const inVariants = variants.flatMap((v, i) => undescribed(v, `${path}<${i}>.`));
    const inItems = node.items ? undescribed(node.items, `${path}[].`) : [];
    const inProperties = Object.entries(node.properties ?? {}).flatMap(([name, property]) => [
      ...(property.description ? [] : [`${path}${name}`]),
      ...undescribed(property, `${path}${name}.`),
    ]);
    return [...inVariants, ...inItems, ...inProperties];
  };

  it.each(Object.keys(contentSchemas) as (keyof typeof contentSchemas)[])('%s', (name) => {
    // Whole documents, list entries and union variants are not fields; every property under them is.
    expect(undescribed(json(name), '')).toEqual([]);
  });
});

describe('catalogue documents in the editor', () => {
  const config = cmsConfig({ layout });
  it('uploads each PDF into the documents folder next to the item, as a path the save hook makes relative', () => {
    const catalogue = config.collections.filter((c) => c.folder?.startsWith('src/content/products/'));
    expect(catalogue.length).toBeGreaterThan(0);
    for (const c of catalogue) {
      const documents = (c.fields ?? []).find((f) => f.name === 'documents');
      const file = documents?.fields?.find((f) => f.name === 'file');
      // The picker lists, and uploads into, the category's documents folder (also for a new item,
      // which has no folder of its own yet), and the saved path is relative to the item's file.
      expect(file, c.name).toMatchObject({
        widget: 'file',
        media_folder: `/${c.folder}/${documentFolder}`,
        public_folder: documentFolder,
      });
      // Pictures alike: a new item's picture window lists the category's pictures.
      for (const picture of (c.fields ?? []).filter((f) => f.widget === 'image'))
        expect(picture, c.name).toMatchObject({ media_folder: `/${c.folder}/images`, public_folder: 'images' });
      // The form refuses an upload over the limit the check and the build hold documents to.
      expect(file?.media_library, c.name).toEqual({ config: { max_file_size: documentLimits.maxBytes } });
      expect(file?.pattern, c.name).toEqual(fileNamePattern(documentLimits));
      const [pattern] = fileNamePattern(documentLimits);
      expect(['lavender-oil-tds.pdf', 'tds-2.pdf'].every((name) => new RegExp(pattern).test(name))).toBe(true);
      expect(['Lavender.pdf', 'lavender oil.pdf', 'lavender.md'].some((name) => new RegExp(pattern).test(name))).toBe(
        false,
      );
      expect(pictureFields).toContain('file');
      const technologies = (c.fields ?? []).find((f) => f.name === 'technologies');
      // One relation field taking several entries: Decap rejects a list whose entries are relations
      // with the relation's settings on the list.
      expect(technologies, c.name).toMatchObject({
        widget: 'relation',
        multiple: true,
        collection: 'technologies',
        value_field: 'slug',
        required: false,
      });
      expect(technologies?.field, c.name).toBeUndefined();
    }
  });
});

describe('the data buyers look for, in the editor', () => {
  const config = cmsConfig({ layout });
  const catalogue = config.collections.filter((c) => c.folder?.startsWith('src/content/products/'));
  const fieldOf = (fields: CmsField[] | undefined, name: string) => (fields ?? []).find((f) => f.name === name);

  it('gives every kind of item typical properties, packaging, storage, shelf life and compliance, all optional', () => {
    expect(catalogue.length).toBeGreaterThan(0);
    for (const c of catalogue) {
      const properties = fieldOf(c.fields, 'typicalProperties');
      expect(properties, c.name).toMatchObject({ widget: 'list', required: false, summary: '{{fields.name}}' });
      expect(properties?.fields?.map((f) => [f.name, f.widget, f.required ?? true])).toEqual([
        ['name', 'string', true],
        ['value', 'string', true],
        ['unit', 'string', false],
        ['testMethod', 'string', false],
      ]);
      for (const name of ['packaging', 'storage', 'shelfLife'])
        expect(fieldOf(c.fields, name), `${c.name}: ${name}`).toMatchObject({ widget: 'string', required: false });
      const compliance = fieldOf(c.fields, 'compliance');
      expect(compliance, c.name).toMatchObject({ widget: 'list', required: false });
      expect(compliance?.fields?.map((f) => [f.name, f.widget, f.required ?? true])).toEqual([
        ['scheme', 'string', true],
        ['status', 'string', false],
        ['certificateNumber', 'string', false],
        ['validUntil', 'datetime', false],
        ['verifyUrl', 'string', false],
      ]);
      // The date picker saves year-month-day, as the schema reads it; no time.
      expect(fieldOf(compliance?.fields, 'validUntil')).toMatchObject({
        date_format: 'YYYY-MM-DD',
        time_format: false,
        label: 'Valid until',
      });
      expect(fieldOf(compliance?.fields, 'status')?.label).toBe('Level or status');
      // Each document may name its country or region.
      expect(fieldOf(fieldOf(c.fields, 'documents')?.fields, 'region'), c.name).toMatchObject({
        widget: 'string',
        required: false,
      });
      // Before the documents, which stay where they were, with the technologies last.
      const names = (c.fields ?? []).map((f) => f.name);
      expect(names.indexOf('typicalProperties')).toBeLessThan(names.indexOf('documents'));
      expect(names.indexOf('documents')).toBeLessThan(names.indexOf('technologies'));
    }
  });

  it('saves what the date picker writes in a form the content check accepts', () => {
    // Decap's date picker writes "2027-03-31"; YAML readers give it back as text or as a date.
    const compliance = productSchema(schemaContext as ContentContext);
    const oil = {
      kind: 'essential-oil',
      order: 1,
      slug: 'oil',
      name: 'Oil',
      variant: 'V-1',
      properties: ['p'],
      benefits: ['b'],
      image: './images/o.webp',
      imageAlt: 'An oil',
    };
    for (const validUntil of ['2027-03-31', new Date('2027-03-31T00:00:00Z')]) {
      const parsed = compliance.safeParse({ ...oil, compliance: [{ scheme: 'GOTS', validUntil }] });
      expect(parsed.success).toBe(true);
      expect((parsed.data as { compliance: { validUntil: string }[] }).compliance[0]!.validUntil).toBe('2027-03-31');
    }
  });
});

describe('text limits reach the form', () => {
  const fieldOf = (c: CmsCollection, name: string) => c.fields!.find((f) => f.name === name)!;
  it("counts an item's description against its limit and states the limit in its hint", () => {
    const description = fieldOf(collectionOfKind(config, 'aroma'), 'description');
    expect(description.characters).toEqual({ max: textLimits.description });
    expect(description.hint).toContain(lengthHint(textLimits.description));
    // The form refuses a longer text through the pattern Decap checks before saving.
    const [pattern] = description.pattern!;
    expect(new RegExp(pattern).test('x'.repeat(textLimits.description))).toBe(true);
    expect(new RegExp(pattern).test('x'.repeat(textLimits.description + 1))).toBe(false);
  });

  it("counts each entry of a list of texts, and the list's hint states the entry's limit", () => {
    const benefits = fieldOf(collectionOfKind(config, 'essential-oil'), 'benefits');
    expect(benefits.field?.characters).toEqual({ max: textLimits.entry });
    expect(benefits.hint).toContain(lengthHint(textLimits.entry));
  });
});
