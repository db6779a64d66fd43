/**
 * The browser editor's configuration (public/admin/config.yml) and the content schemas
 * (src/lib/schemas) describe the same content: for every collection and every kind of catalogue
 * item, the same field names, the same required fields, the same allowed values and the same
 * nested objects and lists. Neither side can change alone.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'astro/zod';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { fromJS, isImmutable } from 'immutable';
import { categorySchema } from '../../src/lib/schemas/category';
import { certificationSchema, legalSchema, pageSchema } from '../../src/lib/schemas/company';
import { identitySchema } from '../../src/lib/schemas/identity';
import { productKinds, productSchema } from '../../src/lib/schemas/product';
import { technologySchema } from '../../src/lib/schemas/technology';
import { topicSchema } from '../../src/lib/schemas/topic';
import { jsonList, listField, pictureFields, tidy } from '../../public/admin/cms.js';

/** The shape both sides are reduced to before they are compared. */
type Shape =
  | { type: 'text' | 'number' | 'boolean' | 'picture' }
  | { type: 'choice'; values: (string | number)[] }
  | { type: 'fixed'; value: string | number }
  | { type: 'object'; fields: Fields }
  | { type: 'list'; of: Shape; min?: number; max?: number }
  | { type: 'variants'; key: string; variants: Record<string, Fields> };
type Field = Shape & { required: boolean };
type Fields = Record<string, Field>;

// ---------------------------------------------------------------- zod side

/** The pictures `image()` stands for, recognisable after `.describe()` (which keeps the type). */
const picture = () => z.custom<string>(() => true);
const context = { image: picture } as never;

type Def = { type: string; [key: string]: unknown };
const def = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

function fromZod(schema: z.ZodType): Field {
  let required = true;
  let current = schema;
  for (;;) {
    const d = def(current);
    if (d.type === 'optional' || d.type === 'default') {
      required = false;
      current = d.innerType as z.ZodType;
    } else if (d.type === 'pipe') current = d.in as z.ZodType;
    else break;
  }
  return { ...zodShape(current), required };
}

function zodShape(schema: z.ZodType): Shape {
  const d = def(schema);
  switch (d.type) {
    case 'string':
      return { type: 'text' };
    case 'number':
      return { type: 'number' };
    case 'boolean':
      return { type: 'boolean' };
    case 'custom':
      return { type: 'picture' };
    case 'enum':
      return { type: 'choice', values: Object.values(d.entries as Record<string, string>) };
    case 'literal': {
      const values = d.values as (string | number)[];
      return values.length === 1 ? { type: 'fixed', value: values[0]! } : { type: 'choice', values };
    }
    case 'object':
      return { type: 'object', fields: zodFields(schema) };
    case 'array': {
      const checks = ((d.checks ?? []) as { _zod: { def: { check: string; minimum?: number; maximum?: number; length?: number } } }[]).map((c) => c._zod.def);
      const min = checks.find((c) => c.check === 'min_length')?.minimum ?? checks.find((c) => c.check === 'length_equals')?.length;
      const max = checks.find((c) => c.check === 'max_length')?.maximum ?? checks.find((c) => c.check === 'length_equals')?.length;
      return { type: 'list', of: zodShape(d.element as z.ZodType), ...(min ? { min } : {}), ...(max ? { max } : {}) };
    }
    case 'union': {
      const options = d.options as z.ZodType[];
      if (options.every((o) => def(o).type === 'literal')) {
        return { type: 'choice', values: options.flatMap((o) => def(o).values as (string | number)[]) };
      }
      const key = d.discriminator as string;
      const variants: Record<string, Fields> = {};
      for (const option of options) {
        const { [key]: tag, ...fields } = zodFields(option);
        variants[String((tag as { value: string }).value)] = fields;
      }
      return { type: 'variants', key, variants };
    }
    default:
      throw new Error(`no CMS counterpart for a zod ${d.type}`);
  }
}

function zodFields(schema: z.ZodType): Fields {
  const shape = def(schema).shape as Record<string, z.ZodType>;
  return Object.fromEntries(Object.entries(shape).map(([name, field]) => [name, fromZod(field)]));
}

// ---------------------------------------------------------------- Decap side

type CmsField = {
  name: string;
  widget?: string;
  required?: boolean;
  default?: string | number;
  options?: (string | number | { value: string | number })[];
  multiple?: boolean;
  min?: number;
  max?: number;
  field?: CmsField;
  fields?: CmsField[];
  types?: (CmsField & { fields: CmsField[] })[];
  typeKey?: string;
};
type CmsCollection = {
  name: string;
  folder?: string;
  files?: { name: string; file: string; fields: CmsField[]; media_folder?: string }[];
  fields?: CmsField[];
  filter?: { field: string; value: string };
  format?: string;
  media_folder?: string;
  public_folder?: string;
};

const config = parseYaml(readFileSync('public/admin/config.yml', 'utf8'), { merge: true, maxAliasCount: -1 }) as {
  collections: CmsCollection[];
};

const optionValues = (options: CmsField['options'] = []) => options.map((o) => (typeof o === 'object' ? o.value : o));

function fromCms(field: CmsField): Field {
  const required = field.required !== false;
  const widget = field.widget ?? 'string';
  const limits = { ...(field.min ? { min: field.min } : {}), ...(field.max ? { max: field.max } : {}) };
  switch (widget) {
    case 'string':
    case 'text':
    case 'relation':
      return { type: 'text', required };
    case 'number':
      return { type: 'number', required };
    case 'boolean':
      return { type: 'boolean', required };
    case 'image':
      return { type: 'picture', required };
    case 'hidden':
      return { type: 'fixed', value: field.default!, required };
    case 'select': {
      const choice: Shape = { type: 'choice', values: optionValues(field.options) };
      return field.multiple ? { type: 'list', of: choice, ...limits, required } : { ...choice, required };
    }
    case 'object':
      return { type: 'object', fields: cmsFields(field.fields!), required };
    case 'list': {
      if (field.types) {
        const key = field.typeKey ?? 'type';
        const variants = Object.fromEntries(field.types.map((t) => [t.name, cmsFields(t.fields)]));
        return { type: 'list', of: { type: 'variants', key, variants }, ...limits, required };
      }
      const of: Shape = field.field ? stripRequired(fromCms(field.field)) : { type: 'object', fields: cmsFields(field.fields!) };
      return { type: 'list', of, ...limits, required };
    }
    default:
      throw new Error(`field "${field.name}": no schema counterpart for the ${widget} widget`);
  }
}

const stripRequired = ({ required: _, ...shape }: Field): Shape => shape;

/** `body` is the Markdown text after the frontmatter, which the schemas do not describe. */
function cmsFields(fields: CmsField[]): Fields {
  return Object.fromEntries(fields.filter((f) => f.name !== 'body').map((f) => [f.name, fromCms(f)]));
}

// ---------------------------------------------------------------- comparison

/** Every difference between the two descriptions, as "path: what differs". */
function differences(zod: Shape | Field, cms: Shape | Field, path: string): string[] {
  const out: string[] = [];
  if ('required' in zod && 'required' in cms && zod.required !== cms.required) {
    out.push(`${path}: required in ${zod.required ? 'the schema' : 'the CMS'} only`);
  }
  if (zod.type !== cms.type) return [...out, `${path}: ${zod.type} in the schema, ${cms.type} in the CMS`];
  if (zod.type === 'choice' && cms.type === 'choice' && JSON.stringify(zod.values) !== JSON.stringify(cms.values)) {
    out.push(`${path}: allowed values ${JSON.stringify(zod.values)} in the schema, ${JSON.stringify(cms.values)} in the CMS`);
  }
  if (zod.type === 'fixed' && cms.type === 'fixed' && zod.value !== cms.value) out.push(`${path}: "${zod.value}" in the schema, "${cms.value}" in the CMS`);
  if (zod.type === 'list' && cms.type === 'list') {
    if ((zod.min ?? 0) !== (cms.min ?? 0)) out.push(`${path}: at least ${zod.min ?? 0} in the schema, ${cms.min ?? 0} in the CMS`);
    if (zod.max !== cms.max) out.push(`${path}: at most ${zod.max ?? 'any'} in the schema, ${cms.max ?? 'any'} in the CMS`);
    out.push(...differences(zod.of, cms.of, `${path}[]`));
  }
  if (zod.type === 'object' && cms.type === 'object') out.push(...fieldDifferences(zod.fields, cms.fields, path));
  if (zod.type === 'variants' && cms.type === 'variants') {
    if (zod.key !== cms.key) out.push(`${path}: variants told apart by "${zod.key}" in the schema, "${cms.key}" in the CMS`);
    for (const name of new Set([...Object.keys(zod.variants), ...Object.keys(cms.variants)])) {
      if (!zod.variants[name]) out.push(`${path}<${name}>: only in the CMS`);
      else if (!cms.variants[name]) out.push(`${path}<${name}>: only in the schema`);
      else out.push(...fieldDifferences(zod.variants[name], cms.variants[name], `${path}<${name}>`));
    }
  }
  return out;
}

function fieldDifferences(zod: Fields, cms: Fields, path: string): string[] {
  const at = (name: string) => (path ? `${path}.${name}` : name);
  return [...new Set([...Object.keys(zod), ...Object.keys(cms)])].flatMap((name) => {
    if (!zod[name]) return [`${at(name)}: only in the CMS`];
    if (!cms[name]) return [`${at(name)}: only in the schema`];
    return differences(zod[name], cms[name], at(name));
  });
}

const collection = (name: string) => {
  const found = config.collections.find((c) => c.name === name);
  if (!found) throw new Error(`the CMS has no collection "${name}"`);
  return found;
};
const zodOf = (schema: z.ZodType) => (zodShape(schema) as { fields: Fields }).fields;

// ---------------------------------------------------------------- the tests

describe('the CMS configuration matches the content schemas', () => {
  it('technologies', () => {
    expect(fieldDifferences(zodOf(technologySchema(context)), cmsFields(collection('technologies').fields!), '')).toEqual([]);
  });

  it('product categories', () => {
    expect(fieldDifferences(zodOf(categorySchema(context)), cmsFields(collection('categories').fields!), '')).toEqual([]);
  });

  const products = (zodShape(productSchema(context)) as Extract<Shape, { type: 'variants' }>).variants;
  const productCollections = config.collections.filter((c) => c.folder?.startsWith('src/content/products/'));
  const kindOf = (c: CmsCollection) => c.fields!.find((f) => f.name === 'kind')?.default;

  it.each(productKinds)('catalogue items of kind %s', (kind) => {
    const editors = productCollections.filter((c) => kindOf(c) === kind);
    expect(editors.length, `collections editing kind ${kind}`).toBeGreaterThan(0);
    for (const c of editors) {
      const fields = cmsFields(c.fields!);
      expect(fields.kind?.required && fields.kind.type === 'fixed').toBe(true);
      const { kind: _, ...rest } = fields;
      expect(fieldDifferences(products[kind]!, rest, c.name)).toEqual([]);
    }
  });

  it('has a catalogue collection for every category folder and every kind in it, with the kind fixed', () => {
    const root = 'src/content/products';
    for (const category of readdirSync(root, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name)) {
      const kinds = new Set(
        readdirSync(join(root, category))
          .filter((f) => f.endsWith('.md'))
          .map((f) => readFileSync(join(root, category, f), 'utf8').match(/^kind:\s*(\S+)/m)![1]),
      );
      const editors = productCollections.filter((c) => c.folder === `${root}/${category}`);
      expect(editors.map(kindOf).sort(), category).toEqual([...kinds].sort());
      for (const c of editors) {
        // Two collections on one folder each see only their own kind.
        if (editors.length > 1) expect(c.filter, c.name).toEqual({ field: 'kind', value: kindOf(c) });
      }
    }
    expect(productCollections.every((c) => existsDir(c.folder!))).toBe(true);
  });

  it.each(['home', 'about', 'careers', 'contact', 'technologies', 'products', 'portfolio'])('the %s page', (page) => {
    const pages = zodShape(pageSchema(context)) as Extract<Shape, { type: 'variants' }>;
    const variant = Object.entries(pages.variants).find(([tag]) => tag === page)?.[1] ?? pageVariantFor(page);
    const file = collection('pages').files!.find((f) => f.name === page)!;
    expect(file.file).toBe(`src/content/pages/${page}.md`);
    const fields = cmsFields(file.fields);
    expect(fields.page).toEqual({ type: 'fixed', value: page, required: true });
    const { page: _, ...rest } = fields;
    expect(fieldDifferences(variant, rest, page)).toEqual([]);
  });

  it('has an editor for every page file', () => {
    const files = readdirSync('src/content/pages').filter((f) => f.endsWith('.md'));
    expect(collection('pages').files!.map((f) => f.file.split('/').pop()).sort()).toEqual(files.sort());
  });

  it('legal texts', () => {
    const legal = collection('legal');
    expect(legal.folder).toBe('src/content/legal');
    expect(legal.fields!.find((f) => f.name === 'body')).toMatchObject({ widget: 'markdown' });
    expect(fieldDifferences(zodOf(legalSchema), cmsFields(legal.fields!), '')).toEqual([]);
  });

  it('company identity', () => {
    const [file] = collection('identity').files!;
    expect(file!.file).toBe('src/content/company/identity.json');
    expect(fieldDifferences(zodOf(identitySchema), cmsFields(file!.fields), '')).toEqual([]);
  });

  it.each([
    ['topics', 'src/content/topics.json', topicSchema],
    ['certifications', 'src/content/certifications/certifications.json', certificationSchema(context)],
  ] as const)('%s: the list at the top of the JSON file', (name, path, schema) => {
    const c = collection(name);
    expect(c.format).toBe('json-list');
    const [file] = c.files!;
    expect(file!.file).toBe(path);
    expect(file!.fields.map((f) => f.name)).toEqual([listField]);
    expect(differences({ type: 'list', of: zodShape(schema), required: true }, fromCms(file!.fields[0]!), name)).toEqual([]);
  });

  it('has one collection per content folder and file, and nothing else', () => {
    const edited = config.collections.flatMap((c) => (c.folder ? [c.folder] : c.files!.map((f) => f.file)));
    expect([...new Set(edited)].sort()).toEqual(
      [
        'src/content/technologies',
        'src/content/categories',
        ...readdirSync('src/content/products').filter((d) => !d.includes('.')).map((d) => `src/content/products/${d}`),
        ...readdirSync('src/content/pages').filter((f) => f.endsWith('.md')).map((f) => `src/content/pages/${f}`),
        'src/content/legal',
        'src/content/company/identity.json',
        'src/content/topics.json',
        'src/content/certifications/certifications.json',
      ].sort(),
    );
  });
});

function existsDir(path: string) {
  try {
    return readdirSync(path) !== undefined;
  } catch {
    return false;
  }
}

/** The overview pages share one schema variant, told apart by an enum rather than a literal. */
function pageVariantFor(page: string): Fields {
  const options = def(pageSchema(context)).options as z.ZodType[];
  const option = options.find((o) => {
    const tag = zodFields(o).page!;
    return tag.type === 'choice' && tag.values.includes(page);
  });
  if (!option) throw new Error(`no page schema for "${page}"`);
  const { page: _, ...fields } = zodFields(option);
  return fields;
}

describe('pictures are written as the content writes them', () => {
  const images = (fields: CmsField[] = []): CmsField[] =>
    fields.flatMap((f) => [
      ...(f.widget === 'image' ? [f] : []),
      ...images(f.fields),
      ...(f.field ? images([f.field]) : []),
      ...(f.types ?? []).flatMap((t) => images(t.fields)),
    ]);
  const all = config.collections.flatMap((c) => [...images(c.fields), ...(c.files ?? []).flatMap((f) => images(f.fields))]);

  it('every picture field is one the save hook makes relative', () => {
    expect(all.length).toBeGreaterThan(5);
    for (const field of all) expect(pictureFields).toContain(field.name);
  });

  it('every collection with pictures keeps them in a folder next to its files', () => {
    for (const c of config.collections) {
      const hasPictures = images(c.fields).length + (c.files ?? []).flatMap((f) => images(f.fields)).length > 0;
      if (!hasPictures) continue;
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
    const saved = tidy(data);
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
    expect(Object.keys(data)).toEqual([listField]);
    expect(JSON.parse(jsonList.toFile(data))).toEqual(JSON.parse(text));
  });
});

describe('every schema field carries a description (hover help in editors, hints in the CMS)', () => {
  const undescribed = (schema: z.ZodType, path: string): string[] => {
    let current = schema;
    let described = Boolean(current.description);
    for (let d = def(current); ['optional', 'default', 'pipe'].includes(d.type); d = def(current)) {
      current = (d.type === 'pipe' ? d.in : d.innerType) as z.ZodType;
      described ||= Boolean(current.description);
    }
    const d = def(current);
    const own = path.endsWith('.') || described ? [] : [path];
    if (d.type === 'object') {
      return [...own, ...Object.entries(d.shape as Record<string, z.ZodType>).flatMap(([name, field]) => undescribed(field, `${path}${path ? '.' : ''}${name}`))];
    }
    if (d.type === 'array') return [...own, ...undescribed(d.element as z.ZodType, `${path}[].`).map((p) => p.replace('[]..', '[].'))];
    if (d.type === 'union') return [...own, ...(d.options as z.ZodType[]).flatMap((o, i) => undescribed(o, `${path}<${i}>.`))];
    return own;
  };

  it.each([
    ['technology', technologySchema(context)],
    ['category', categorySchema(context)],
    ['product', productSchema(context)],
    ['page', pageSchema(context)],
    ['certification', certificationSchema(context)],
    ['legal text', legalSchema],
    ['identity', identitySchema],
    ['topic', topicSchema],
  ] as const)('%s', (_, schema) => {
    // Whole documents, list entries and union variants are not fields; everything under them is.
    expect(undescribed(schema, '.').filter((p) => !p.endsWith('.'))).toEqual([]);
  });
});
