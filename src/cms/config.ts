/**
 * The content editor's configuration (Decap CMS at /admin), derived from the content schemas.
 * Each schema is turned into JSON Schema by zod's public `z.toJSONSchema`, and each JSON Schema
 * property into a Decap field:
 *
 * - the field's name, whether it is required (`required` of its object; optional fields and fields
 *   with a default are not), its hint (the schema's `.describe()`), its default;
 * - its widget from its type: text -> string (image for the pictures `image()` stands for, file
 *   for documents, the date picker for dates),
 *   whole number -> number (int), true/false -> boolean, one of a list of values -> select,
 *   a fixed value -> hidden, a list of allowed values -> select (multiple), a list of objects ->
 *   list with fields, a list of sections told apart by a fixed `type` -> list with types, an
 *   object -> object; a regular expression or length bounds -> pattern, list bounds -> min/max.
 *
 * src/cms/overlay.ts adds only what the schemas cannot say (labels, folders, field order, a
 * widget where it differs), and src/cms/content-layout.ts lists the category folders and page
 * files, so a new schema field, category folder or page file reaches /admin with no other edit.
 * `astro build` writes the result to dist/admin/config.yml; `astro dev` serves it at the same
 * address (src/cms/integration.ts).
 */
import { z } from 'astro/zod';
import { stringify } from 'yaml';
import { formats, listField } from './admin';
import { unreadableKey } from './formats';
import { codeFields } from '../model/catalogue-item';
import { contentSources, isFolder, type ContentSource, type SchemaOf } from '../model/content-collections';
import { standInContext } from '../schemas/common';
import { documentFolder } from '../schemas/product';
import { documentLimits, fileNamePattern, lengthHint, pictureLimits, type FileLimits } from '../schemas/content-limits';
import type { ContentLayout } from './content-layout';
import { cmsBackend, type CmsBackend } from './backend';
import { overlay as defaultOverlay, type BodyField, type CollectionOverlay, type Overlay } from './overlay';

export type { SchemaOf };

/** The schema of each kind of content the editor edits: every entry of src/model/content-collections.ts. */
// Object.fromEntries types its keys as any string; they are exactly contentSources' keys.
export const contentSchemas = Object.fromEntries(
  Object.entries(contentSources).map(([name, source]) => [name, source.schema]),
) as unknown as {
  [K in keyof typeof contentSources]: SchemaOf;
};
export type ContentSchemas = Record<string, SchemaOf>;

/**
 * The schema context the schemas are read with: `image()` is a string marked as a picture, and
 * the mark comes through `z.toJSONSchema` as `widget: "image"`; a reference to another
 * collection is the other entry's slug, which the overlay turns into a relation widget.
 */
export const schemaContext = standInContext(() => z.string().meta({ widget: 'image' }));

/** The JSON Schema `z.toJSONSchema` writes, as far as the editor needs it. */
export interface JsonSchema {
  type?: string;
  description?: string;
  default?: unknown;
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  widget?: string;
  $ref?: string;
}

/** A schema as the editor sees it: what a file may hold, before defaults apply. */
export const jsonSchemaOf = (schema: z.ZodType): JsonSchema =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

/** What a Decap field is, apart from its name and label: its widget and the widget's options. */
export interface FieldShape {
  widget: string;
  required?: false;
  hint?: string;
  default?: unknown;
  options?: unknown[];
  multiple?: true;
  min?: number;
  max?: number;
  pattern?: [string, string];
  /** Length bounds of a text, shown as a count while the editor types (src/cms/admin.ts). */
  characters?: { min?: number; max?: number };
  summary?: string;
  field?: CmsField;
  fields?: CmsField[];
  types?: CmsField[];
  typeKey?: string;
  [option: string]: unknown;
}

/** One Decap field. */
export interface CmsField extends FieldShape {
  name: string;
  label: string;
}

/** One Decap collection: a folder of entries or a list of files. */
export interface CmsCollection {
  name: string;
  label: string;
  folder?: string;
  fields?: CmsField[];
  files?: { name: string; label: string; file: string; fields: CmsField[]; [option: string]: unknown }[];
  filter?: { field: string; value: string };
  [option: string]: unknown;
}

export interface CmsConfig {
  collections: CmsCollection[];
  [option: string]: unknown;
}

/** "shortDescription" -> "Short description", "essential-oil" -> "Essential oil". */
const labelOf = (name: string) => {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** Fields whose value names a list entry best, for the entry's one-line summary, in preference order. */
const summaryFields = ['title', 'name', 'heading', 'label', 'caption', 'value', 'city'];

/** zod's `.int()` bounds a number by the safe integers: no bound an editor needs to see. */
const bound = (n: number | undefined) => (n !== undefined && Math.abs(n) < Number.MAX_SAFE_INTEGER ? n : undefined);

/**
 * The rules of src/schemas/content-limits.ts as a file field's options: the largest upload, in bytes
 * (Decap refuses a larger one and names the limit), and the file name's rule (Decap checks a
 * file field's pattern against the chosen file's name).
 */
const uploadLimit = (limits: FileLimits) => ({
  media_library: { config: { max_file_size: limits.maxBytes } },
  pattern: fileNamePattern(limits),
});

const isScalar = (value: unknown) => ['string', 'number', 'boolean'].includes(typeof value);

/** The values a field may take when the schema lists them (an enum, or a union of fixed values). */
function choicesOf(node: JsonSchema): unknown[] | undefined {
  if (node.enum) return node.enum;
  const options = node.anyOf ?? node.oneOf;
  if (options?.length && options.every((o) => o.const !== undefined)) return options.map((o) => o.const);
  return undefined;
}

/**
 * A string's length bounds, for the character count src/cms/admin.ts shows under the field as
 * the editor types ("58 / 65 characters").
 */
function charactersOf(node: JsonSchema): Pick<CmsField, 'characters'> {
  const min = node.minLength !== undefined && node.minLength > 1 ? node.minLength : undefined;
  const max = node.maxLength;
  if (min === undefined && max === undefined) return {};
  return { characters: { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) } };
}

/** A string's regular expression and length bounds as one Decap pattern with its message. */
function patternOf(node: JsonSchema): Pick<CmsField, 'pattern'> {
  // A minimum of 1 only says "not empty", which Decap's required check already says.
  const min = node.minLength !== undefined && node.minLength > 1 ? node.minLength : undefined;
  const max = node.maxLength;
  const length = min !== undefined || max !== undefined ? `[\\s\\S]{${min ?? 0},${max ?? ''}}` : undefined;
  const words =
    min !== undefined && max !== undefined
      ? `${min}-${max} characters`
      : min !== undefined
        ? `at least ${min} characters`
        : `at most ${max} characters`;
  const form = node.description ?? 'does not have the expected form';
  if (node.pattern && length) return { pattern: [`^(?=${length}$)(?:${node.pattern})`, `${words}; ${form}`] };
  if (node.pattern) return { pattern: [node.pattern, form] };
  if (length) return { pattern: [`^${length}$`, words] };
  return {};
}

/**
 * A field's hint: its description, and the longest text it takes (of each entry, for a list of
 * texts) unless the description speaks of characters already. A hint that only repeats the label says nothing.
 */
function hintOf(node: JsonSchema, label: string): Pick<CmsField, 'hint'> {
  const max = node.maxLength ?? node.items?.maxLength;
  const said = node.description && node.description !== label ? node.description : undefined;
  const limit = max !== undefined && !said?.includes('characters') ? lengthHint(max) : undefined;
  const hint = [said, limit].filter(Boolean).join(said && !/[.!?]$/.test(said) ? '. ' : ' ');
  return hint ? { hint } : {};
}

/** The property every variant fixes to its own value (`type` of a section), if there is one. */
function discriminatorOf(variants: JsonSchema[]): string | undefined {
  const first = variants[0]?.properties ?? {};
  return Object.keys(first).find((key) => variants.every((v) => v.properties?.[key]?.const !== undefined));
}

/** The variant of a union whose `key` is, or may be, `value` (`page: about`, `kind: aroma`). */
export function variantOf(node: JsonSchema, key: string, value: string): JsonSchema | undefined {
  return (node.oneOf ?? node.anyOf ?? [node]).find((variant) => {
    const tag = variant.properties?.[key];
    return tag !== undefined && (tag.const === value || (choicesOf(tag) ?? []).includes(value));
  });
}

/** Entries named in `first` come first, in that order; the others keep their order. */
function ordered<T extends { name: string }>(entries: T[], first: readonly string[] = []): T[] {
  const rank = (e: T) => (first.includes(e.name) ? first.indexOf(e.name) : first.length);
  return entries
    .map((e, i) => [e, i] as const)
    .sort(([a, i], [b, j]) => rank(a) - rank(b) || i - j)
    .map(([e]) => e);
}

const hasPicture = (fields: CmsField[] = []): boolean =>
  fields.some(
    (f) => f.widget === 'image' || hasPicture(f.fields) || hasPicture(f.field ? [f.field] : []) || hasPicture(f.types),
  );

const bodyField = (body: BodyField | undefined): CmsField[] =>
  body
    ? [
        {
          name: 'body',
          label: body.label,
          widget: 'markdown',
          ...(body.required ? {} : { required: false as const }),
          hint: body.hint,
          editor_components: [],
          // The Markdown as written: the rich-text mode would write the whole text anew in its own
          // style on saving (every "-" bullet a "*", blank lines dropped), not only what was edited.
          modes: ['raw'],
        },
      ]
    : [];

/** Decap's keys of a collection from its overlay: everything but what only this module reads. */
function collectionKeys(options: CollectionOverlay): Record<string, unknown> {
  const { fieldOrder: _order, fileOrder: _files, body: _body, previewPath: _preview, ...keys } = options;
  return keys;
}

/**
 * How a folder's entries are named, listed, searched and sorted, from the fields they have.
 *
 * - The summary is "3. Jasmine Night"; a file that cannot be read has neither, and says so
 *   instead (`unreadableKey` of src/cms/formats.ts), rather than showing as ".".
 * - Decap's search looks in the fields the summary names (and the title): the `searchable`
 *   fields (an item's product codes) are named there too, written as nothing (`ternary('', '')`),
 *   so "AF-210" finds Jasmine Night without the list repeating the code.
 */
function listing(fields: CmsField[], searchable: readonly string[] = []): Record<string, unknown> {
  const names = fields.map((f) => f.name);
  const identifier = ['title', 'name'].find((n) => names.includes(n));
  if (!identifier) return {};
  const order = names.includes('order');
  const hidden = searchable
    .filter((n) => names.includes(n) && n !== identifier)
    .map((n) => `{{${n} | ternary('', '')}}`)
    .join('');
  const shown = order ? `{{order}}{{${identifier} | ternary('. ', '')}}{{${identifier}}}` : `{{${identifier}}}`;
  return {
    ...(identifier === 'title' ? {} : { identifier_field: identifier }),
    summary: `${shown}${hidden}{{${unreadableKey}}}`,
    sortable_fields: order ? ['order', identifier] : [identifier],
  };
}

export interface GeneratorInput {
  layout: ContentLayout;
  /** The kinds of content: all of src/model/content-collections.ts unless told. */
  sources?: Record<string, ContentSource>;
  /** Their schemas, when other than the sources' own. */
  schemas?: ContentSchemas;
  overlay?: Overlay;
  /** Where editors log in and save on the live site (src/cms/backend.ts); that of an empty environment unless told. */
  backend?: CmsBackend;
}

/** A list entry's summary in the editor: its first text field of `summaryFields`. */
function summaryOf(node: JsonSchema): Pick<CmsField, 'summary'> {
  const name = summaryFields.find((n) => node.properties?.[n]?.type === 'string');
  return name ? { summary: `{{fields.${name}}}` } : {};
}

/** The widget of a text field: a picture, a document, a date, or a text with its pattern and length. */
function stringWidget(node: JsonSchema, preset: { default?: unknown }): FieldShape {
  if (node.widget === 'image') return { widget: 'image', choose_url: false, ...uploadLimit(pictureLimits) };
  // A document (src/schemas/product.ts): uploaded into the documents folder next to the entry.
  if (node.widget === 'file') {
    return {
      widget: 'file',
      choose_url: false,
      media_folder: documentFolder,
      public_folder: documentFolder,
      ...uploadLimit(documentLimits),
    };
  }
  // A date (src/schemas/product.ts): the date picker, saving year-month-day as the content writes it.
  if (node.widget === 'date') return { widget: 'datetime', date_format: 'YYYY-MM-DD', time_format: false, ...preset };
  return { widget: 'string', ...patternOf(node), ...charactersOf(node), ...preset };
}

/** Turns JSON Schema into Decap fields, with the overlay's labels and widget choices. */
function fieldConverter(overlay: Overlay) {
  const choices = overlay.fields;

  function fieldOf(name: string, node: JsonSchema, required: boolean, path: string): CmsField {
    const { label = labelOf(name), widget: chosen, ...options } = choices[name] ?? {};
    let typed = widgetOf(name, node, `${path}${name}`);
    // A widget choice stands in for the string widget only (of the field, or of a list's
    // entries): a field of that name with another type keeps the widget its type gives.
    const entries = typed.field;
    const applies = chosen !== undefined && (typed.widget === 'string' || entries?.widget === 'string');
    if (applies && entries && chosen === 'relation') {
      // A list of references is one relation field that takes several entries: Decap wants the
      // relation's collection and fields on the field itself, not on a list's entries.
      const { field: _entries, widget: _list, ...limits } = typed;
      typed = { widget: 'relation', multiple: true, ...limits };
    } else if (applies && entries) typed.field = { ...entries, widget: chosen };
    else if (applies) typed.widget = chosen;
    if (typed.field) typed.field.label = label;
    const { widget, ...rest } = typed;
    return {
      name,
      label,
      widget,
      ...(required ? {} : { required: false as const }),
      ...hintOf(node, label),
      ...rest,
      ...(applies || chosen === undefined ? options : {}),
    };
  }

  function fieldsOf(node: JsonSchema, path: string, omit: string[] = []): CmsField[] {
    const required = node.required ?? [];
    return Object.entries(node.properties ?? {})
      .filter(([name]) => !omit.includes(name))
      .map(([name, property]) => fieldOf(name, property, required.includes(name), path));
  }

  function widgetOf(name: string, node: JsonSchema, path: string): FieldShape {
    if (node.$ref) throw new Error(`${path}: a schema referred to by $ref (a recursive schema) has no editor field`);
    const preset = isScalar(node.default) ? { default: node.default } : {};
    if (node.const !== undefined) return { widget: 'hidden', default: node.const };
    const values = choicesOf(node);
    if (values) return { widget: 'select', options: values, ...preset };
    switch (node.type) {
      case 'string':
        return stringWidget(node, preset);
      case 'integer':
      case 'number': {
        const [min, max] = [bound(node.minimum), bound(node.maximum)];
        return {
          widget: 'number',
          value_type: node.type === 'integer' ? 'int' : 'float',
          ...(min !== undefined ? { min } : {}),
          ...(max !== undefined ? { max } : {}),
          ...preset,
        };
      }
      case 'boolean':
        // An unticked box means "no": without a default Decap would save nothing.
        return { widget: 'boolean', default: node.default ?? false };
      case 'object':
        return { widget: 'object', fields: fieldsOf(node, `${path}.`) };
      case 'array':
        return listOf(name, node, path);
    }
    throw new Error(`${path}: no editor field for the JSON Schema ${JSON.stringify(node)}`);
  }

  function listOf(name: string, node: JsonSchema, path: string): FieldShape {
    const items = node.items ?? {};
    const limits = {
      ...(node.minItems ? { min: node.minItems } : {}),
      ...(node.maxItems !== undefined ? { max: node.maxItems } : {}),
    };
    const values = choicesOf(items);
    if (values) return { widget: 'select', multiple: true, options: values, ...limits };
    const variants = items.oneOf ?? items.anyOf;
    if (variants) {
      const key = discriminatorOf(variants);
      if (!key) throw new Error(`${path}[]: a list of variants needs a field that each variant fixes, such as "type"`);
      return {
        widget: 'list',
        typeKey: key,
        ...limits,
        types: variants.map((variant) => {
          const value = String(variant.properties![key]!.const);
          return {
            name: value,
            label: overlay.types[value] ?? labelOf(value),
            widget: 'object',
            ...summaryOf(variant),
            fields: fieldsOf(variant, `${path}[${value}].`, [key]),
          };
        }),
      };
    }
    if (items.type === 'object')
      return { widget: 'list', ...limits, ...summaryOf(items), fields: fieldsOf(items, `${path}[].`) };
    return { widget: 'list', ...limits, field: { name, label: labelOf(name), ...widgetOf(name, items, `${path}[]`) } };
  }

  return { fieldOf, fieldsOf };
}

/** The fields of the form for one document of `schema` (an object schema), in the schema's order. */
export function editorFields(schema: z.ZodType, overlay: Overlay = defaultOverlay): CmsField[] {
  return fieldConverter(overlay).fieldsOf(jsonSchemaOf(schema), '');
}

/**
 * Document fields upload into, and offer the files of, the category's documents folder itself,
 * and picture fields its pictures folder (`images`, written "./images/…" as before): Decap lists a
 * new entry's files from its collection's folder when the field's folder is relative (the entry
 * has no path yet), so a PDF picker offered the category's Markdown files and a new item's
 * picture window said "No images found."
 */
const inFolder = (fields: CmsField[], folder: string, images?: string): CmsField[] =>
  fields.map((f) => ({
    ...f,
    ...(f.widget === 'file' ? { media_folder: folder } : {}),
    ...(f.widget === 'image' && images ? { media_folder: images, public_folder: 'images' } : {}),
    ...(f.fields ? { fields: inFolder(f.fields, folder, images) } : {}),
    ...(f.field ? { field: inFolder([f.field], folder, images)[0] } : {}),
    ...(f.types ? { types: inFolder(f.types, folder, images) } : {}),
  }));

/** What the builders of collections read: the overlay's words, the JSON Schemas, the field converter. */
interface Builders extends ReturnType<typeof fieldConverter> {
  /** The overlay's words for a collection; a collection it does not name is called by its name. */
  optionsOf: (name: string) => CollectionOverlay;
  /** A collection's schema as JSON Schema. */
  json: (name: string) => JsonSchema;
  /** The media folders of a collection whose fields hold a picture. */
  pictures: (fields: CmsField[], folder?: string) => { media_folder?: string; public_folder?: string };
}

/** One JSON file, its fields at the top. */
function jsonFile({ optionsOf, json, fieldsOf }: Builders, name: string, file: string): CmsCollection {
  const options = collectionKeys(optionsOf(name)) as { label: string };
  const fields = fieldsOf(json(name), `${name}.`);
  return {
    name,
    ...options,
    extension: 'json',
    format: formats.json,
    files: [{ name, label: options.label, file, fields }],
  };
}

/** One JSON file holding a list, edited as the field `items` (the json-list format of src/cms/admin.ts). */
function jsonList({ optionsOf, json, fieldOf, pictures }: Builders, name: string, file: string): CmsCollection {
  const { media_folder: folder, ...options } = collectionKeys(optionsOf(name)) as {
    label: string;
    media_folder?: string;
  };
  const list = {
    ...fieldOf(listField, { type: 'array', items: json(name) }, true, `${name}.`),
    label: options.label,
  };
  return {
    name,
    ...options,
    extension: 'json',
    format: formats.jsonList,
    ...pictures([list], folder),
    files: [{ name, label: options.label, file, fields: [list] }],
  };
}

/** The whole editor configuration, as Decap reads it from config.yml. */
export function cmsConfig({
  layout,
  sources = contentSources,
  schemas = contentSchemas,
  overlay = defaultOverlay,
  backend = cmsBackend({}),
}: GeneratorInput): CmsConfig {
  const { fieldOf, fieldsOf } = fieldConverter(overlay);
  const c: Record<string, CollectionOverlay> = overlay.collections;
  /** The overlay's words for a collection; a collection it does not name is called by its name. */
  const optionsOf = (name: string): CollectionOverlay => c[name] ?? { label: labelOf(name) };
  const json = (name: string) => jsonSchemaOf((schemas[name] ?? sources[name]!.schema)(schemaContext));
  const pictures = (fields: CmsField[], folder = 'images') =>
    hasPicture(fields) ? { media_folder: folder, public_folder: folder } : {};
  const builders: Builders = { optionsOf, json, fieldOf, fieldsOf, pictures };

  /** A folder of Markdown files, one entry each. */
  function markdownFolder(name: string, folder: string): CmsCollection {
    const options = optionsOf(name);
    const fields = ordered(fieldsOf(json(name), `${name}.`), options.fieldOrder);
    return {
      name,
      ...(collectionKeys(options) as { label: string }),
      folder,
      extension: 'md',
      format: formats.markdown,
      ...pictures(fields),
      ...listing(fields),
      fields: [...fields, ...bodyField(options.body)],
    };
  }

  /** One collection per category folder, and per kind of item when the folder holds several. */
  function catalogue(name: string, root: string): CmsCollection[] {
    const products = json(name);
    const { label, body, ...options } = optionsOf(name);
    return layout.catalogue.flatMap(({ folder, title, kinds, groupHeadings }) =>
      kinds.flatMap((kind) => {
        // A kind no schema knows is content:check's to report; it has no form.
        const variant = variantOf(products, 'kind', kind);
        if (!variant) return [];
        const fields = inFolder(
          fieldsOf(variant, `${folder}.`),
          `/${root}/${folder}/${documentFolder}`,
          `/${root}/${folder}/images`,
        );
        const several = kinds.length > 1;
        return [
          {
            name: several ? `${folder}-${kind}` : folder,
            label: `${label}: ${title ?? labelOf(folder)}${several ? ` (${groupHeadings[kind] ?? labelOf(kind)})` : ''}`,
            label_singular: labelOf(kind),
            ...options,
            folder: `${root}/${folder}`,
            ...(several ? { filter: { field: 'kind', value: kind } } : {}),
            extension: 'md',
            format: formats.markdown,
            preview_path: `products/${folder}`,
            ...pictures(fields),
            ...listing(fields, [codeFields[kind as keyof typeof codeFields]].filter(Boolean)),
            fields: [...fields, ...bodyField(body)],
          },
        ];
      }),
    );
  }

  /** Home, About...: one file each, edited with the schema of the page it describes. */
  function pages(name: string): CmsCollection {
    const node = json(name);
    const { fileOrder, previewPath } = optionsOf(name) as CollectionOverlay & {
      fileOrder?: string[];
      previewPath?: (page: string) => string;
    };
    const options = collectionKeys(optionsOf(name)) as { label: string };
    const files = ordered(
      layout.pages.map(({ file, page }) => ({ name: page, file })),
      fileOrder,
    ).flatMap(({ file, name: page }) => {
      const variant = variantOf(node, 'page', page);
      if (!variant) return [];
      const fields = fieldsOf(variant, `${page}.`).map((f) =>
        f.name === 'page' ? { name: 'page', label: 'Page', widget: 'hidden', default: page } : f,
      );
      return [{ name: page, label: labelOf(page), file, preview_path: previewPath?.(page) ?? page, fields }];
    });
    return {
      name,
      ...options,
      extension: 'md',
      format: formats.markdown,
      ...pictures(files.flatMap((f) => f.fields)),
      files,
    };
  }

  /** Each kind of content, in the list's order, edited the way its files are kept. */
  const collectionsOf = ([name, source]: [string, ContentSource]): CmsCollection[] => {
    if (!isFolder(source))
      return [source.list ? jsonList(builders, name, source.file) : jsonFile(builders, name, source.file)];
    if (source.pattern === '*/*.md') return catalogue(name, source.folder);
    if (source.id === 'page') return [pages(name)];
    return [markdownFolder(name, source.folder)];
  };

  return { backend, ...overlay.site, collections: Object.entries(sources).flatMap(collectionsOf) };
}

/** config.yml as the build writes it and the dev server serves it. */
export function cmsConfigYaml(config: CmsConfig): string {
  const header = [
    '# The content editor (Decap CMS) at /admin. Generated by src/cms/config.ts from the content schemas',
    '# (src/schemas) and src/cms/overlay.ts at every build and in `npm run dev`: edit those, not this file.',
  ].join('\n');
  return `${header}\n${stringify(config, { lineWidth: 0, aliasDuplicateObjects: false })}`;
}
