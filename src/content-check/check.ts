/**
 * Checks every content file without building the site, and reports each problem as
 * `file: field: message`. Every file of every kind of content in src/model/content-collections.ts
 * is read (Markdown through the project's frontmatter parser) and validated against its schema.
 * Beyond the schemas it finds what they cannot see on their own: duplicate slugs, catalogue
 * folders that are not a category, references to topics that do not exist, references to other
 * entries that do not exist (through the build's own check, src/schemas/content-references.ts),
 * pictures and documents that are missing, badly named or outside the limits of
 * src/schemas/content-limits.ts, and pictures in the content folders that nothing uses.
 * `npm run content:check` and the build run it alike (tools/content-check/project.ts). An unused picture is a warning, not an error: Decap CMS does not delete the pictures of an
 * entry an editor deletes, so one is left behind after every deletion in /admin.
 */
import { closeSync, existsSync, openSync, readdirSync, readFileSync, readSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { z } from 'astro/zod';
import { standInContext } from '../schemas/common';
import {
  documentLimits,
  fileProblems,
  filePathProblem,
  heicName,
  heicProblem,
  pictureLimits,
  pdfSignature,
  picturesCommand,
} from '../schemas/content-limits';
import { contentSources, isFolder, type ContentSources, type SchemaOf } from '../model/content-collections';
import { fieldDescription, issueMessage, issuePath } from '../schemas/content-errors';
import { documentPath, itemPath, linkedAddress, routes, siteAddresses } from '../model/routes';
import { linksIn } from './links';
import { markdownBody, parseFrontmatter } from '../text/frontmatter.mjs';
import { documentProblem, documentSource } from '../model/documents';
import { referenceProblems } from '../schemas/content-references';
import { countPlaceholders, isCountedPage, overviewCounts, unknownPlaceholders } from '../model/item-count';
import { productKinds } from '../schemas/product';
import {
  catalogueItem,
  codeAtStart,
  codeFields,
  itemCodes,
  itemIdOf,
  type CategoryDefaults,
  type ItemData,
} from '../model/catalogue-item';
import { unlistedMethods } from '../model/named-methods';
import { namedFiles, writtenSlug, yamlProblem } from './yaml-problem';
import {
  conflictMarkers,
  conflictProblem,
  countInWordsProblem,
  countsInWords,
  longWordProblem,
  longWords,
} from './text-rules';

export interface Problem {
  file: string;
  field: string;
  message: string;
  /**
   * A warning is printed but does not fail the check; a notice says what the check could not
   * do (printed as a note, without file and field); without either, the problem is an error.
   */
  severity?: 'warning' | 'notice';
}

export const formatProblem = (p: Problem) => `${p.file}: ${p.field}: ${p.message}`;

const isWarning = (p: Problem) => p.severity === 'warning';

/** Whether a problem fails the check: neither a warning nor a notice. */
export const isError = (p: Problem) => p.severity === undefined;

/**
 * What `npm run content:check` prints, and its exit code: errors first, then warnings, each as
 * `file: field: message`, then notices as notes; 1 when there is any error, 0 when there are
 * only warnings, notices or nothing.
 */
export function report(problems: readonly Problem[]): { text: string; exitCode: 0 | 1 } {
  const errors = problems.filter(isError);
  const warnings = problems.filter(isWarning);
  const notes = problems.filter((p) => p.severity === 'notice');
  const lines = errors.map(formatProblem);
  if (warnings.length) {
    if (lines.length) lines.push('');
    lines.push(`Warning${warnings.length === 1 ? '' : 's'} (the check still passes):`, ...warnings.map(formatProblem));
  }
  if (notes.length) {
    if (lines.length) lines.push('');
    lines.push(...notes.map((p) => `Note: ${p.message}`));
  }
  if (lines.length) lines.push('');
  lines.push(
    errors.length
      ? `${errors.length} problem(s) in the content.`
      : `Content OK: every file is valid${warnings.length ? `, with ${warnings.length} warning(s)` : ''}.`,
  );
  return { text: lines.join('\n'), exitCode: errors.length ? 1 : 0 };
}

type ImageRef = { file: string; field: string; path: string; unchecked?: boolean };

// HEIC is not a picture the site takes, but a phone's photo in the content folders is one to report.
const imageExtensions = /\.(png|jpe?g|webp|avif|gif|svg|heic|heif)$/i;

function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

const imageMarker = '\u0000image:';

/**
 * Validates one document. `image()` becomes a string check that marks each picture path, so the
 * pictures and the fields naming them can be checked afterwards.
 */
function validate(schemaFor: SchemaOf, data: unknown, file: string, images: ImageRef[], problems: Problem[]) {
  const image = () =>
    z
      .string({ error: 'must be the path of a picture next to this file, e.g. "./images/name.webp"' })
      .transform((path) => `${imageMarker}${path}`);
  const schema = schemaFor(standInContext(image));
  const result = schema.safeParse(data);
  if (!result.success) {
    for (const issue of result.error.issues)
      problems.push({ file, field: issuePath(issue.path), message: issueMessage(issue, schema, data) });
    // The pictures (and documents) an invalid file names still count as used, so one mistake is
    // reported once; pictures in fields without a problem of their own are checked too.
    const faulty = new Set(result.error.issues.map((issue) => issuePath(issue.path)));
    const mention = (value: unknown, path: PropertyKey[]): void => {
      const field = issuePath(path);
      if (typeof value === 'string' && value.startsWith('.') && /\.pdf$/i.test(value))
        images.push({ file, field, path: value, unchecked: true });
      else if (typeof value === 'string' && imageExtensions.test(value) && value.startsWith('.'))
        images.push({ file, field, path: value, unchecked: faulty.has(field) });
      else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) mention(v, [...path, k]);
    };
    mention(data, []);
    return undefined;
  }
  const visit = (value: unknown, path: PropertyKey[]) => {
    if (typeof value === 'string' && value.startsWith(imageMarker)) {
      images.push({ file, field: issuePath(path), path: value.slice(imageMarker.length) });
    } else if (Array.isArray(value)) {
      value.forEach((v, i) => visit(v, [...path, i]));
    } else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) visit(v, [...path, k]);
    }
  };
  visit(result.data, []);
  problems.push(...misplacedCounts(schema, data, file), ...wordProblems(schema, data, file));
  return result.data as Record<string, unknown>;
}

/**
 * `{count}` where nothing fills it in: it would show as written. A text may say it when its own
 * explanation names it (a category's intros, the search's count of results...) or when it is a
 * text of an overview page, which counts the cards it lists (src/model/item-count.ts).
 */
function misplacedCounts(schema: z.ZodType, data: unknown, file: string): Problem[] {
  const counted = isCountedPage((data as { page?: unknown } | undefined)?.page);
  const found: Problem[] = [];
  const visit = (value: unknown, path: PropertyKey[]) => {
    if (typeof value === 'string') {
      const written = countPlaceholders(value);
      if (written.length === 0 || fieldDescription(schema, data, path)?.includes('{count')) return;
      const wrong = counted ? written.filter((w) => w !== '{count}') : written;
      for (const placeholder of new Set(wrong))
        found.push({
          file,
          field: issuePath(path),
          message: counted
            ? `"${placeholder}" is not filled in here; on this page {count} is the number of its cards, with no kind`
            : `"${placeholder}" is not filled in here: no count is known for this text, and it would show as written; ` +
              `write the number in words, or move the sentence to a text that has a count (a category's itemsIntro, the Technologies, Products or Portfolio page)`,
        });
    } else if (Array.isArray(value)) value.forEach((v, i) => visit(v, [...path, i]));
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) visit(v, [...path, k]);
  };
  visit(data, []);
  return found;
}

/**
 * The words of every text of a file: none too long for a phone's screen, and no count written in
 * words where `{count}` fits (a text of an overview page, or one whose explanation names
 * `{count}`) (src/content-check/text-rules.ts). Values that are not read as words (addresses,
 * files, slugs, e-mail addresses) are left out.
 */
function wordProblems(schema: z.ZodType, data: unknown, file: string): Problem[] {
  const page = (data as { page?: unknown } | undefined)?.page;
  const counted = isCountedPage(page);
  const found: Problem[] = [];
  const visit = (value: unknown, path: PropertyKey[]) => {
    if (typeof value === 'string') {
      const key = String(path.at(-1) ?? '');
      if (/^(slug|href|id|icon|colour|kind|page|topic|email|url|verifyUrl|file|image|logo)$/i.test(key)) return;
      if (/^(\.{0,2}\/|https?:|mailto:|tel:)/.test(value) || /^\S+@\S+$/.test(value)) return;
      const field = issuePath(path);
      for (const word of longWords(value)) found.push({ file, field, message: longWordProblem(word) });
      const explained = fieldDescription(schema, data, path);
      const countFits = counted || Boolean(explained?.includes('{count'));
      if (!countFits) return;
      const what = counted
        ? `the number of ${overviewCounts[page]}`
        : (/\{count\} is (the number of [^;,.]+)/.exec(explained ?? '')?.[1] ?? 'the number the field counts');
      for (const written of countsInWords(value))
        found.push({ file, field, message: countInWordsProblem(written, what) });
    } else if (Array.isArray(value)) value.forEach((v, i) => visit(v, [...path, i]));
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) visit(v, [...path, k]);
  };
  visit(data, []);
  return found;
}

/** The fields of a catalogue item the rules across items read. */
type ItemFields = { formerSlugs?: string[] };

interface FormerAddresses {
  file: string;
  category: string;
  formerSlugs: readonly string[];
}

/**
 * A former slug keeps an old address (a 301 to the item's page, src/model/routes.ts): it may not be
 * an address an item has now, which would never be reached, nor another item's former slug.
 * `live` holds the slugs claimed, as `item:<category>:<slug>` to the file that has it.
 */
function formerSlugProblems(items: readonly FormerAddresses[], live: ReadonlyMap<string, string>): Problem[] {
  const found: Problem[] = [];
  const former = new Map<string, string>();
  for (const { file, category, formerSlugs } of items)
    formerSlugs.forEach((slug, index) => {
      const field = `formerSlugs.${index}`;
      const address = itemPath(category, slug);
      const owner = live.get(`item:${category}:${slug}`);
      const earlier = former.get(`${category}:${slug}`);
      if (owner === file)
        found.push({ file, field, message: `"${slug}" is this item's slug now; remove it from the former slugs` });
      else if (owner)
        found.push({
          file,
          field,
          message: `"${slug}" is the slug of ${owner}, which is at ${address} now; a former slug must be an address no item has: remove it here, or give that item another slug`,
        });
      else if (earlier)
        found.push({
          file,
          field,
          message: `"${slug}" is ${earlier === file ? 'already in this list' : `a former slug of ${earlier} too`}; ${address} can lead to one item only: remove it from one list`,
        });
      else former.set(`${category}:${slug}`, file);
    });
  return found;
}

export interface CheckOptions {
  /** Project root; content is read from <root>/src/content. */
  root: string;
  /** Reads a picture's width; sharp in production, a stub in tests. */
  imageWidth: (path: string) => Promise<number | undefined>;
  /** Whether a picture carries a GPS position; sharp in production, none unless told. */
  imageLocation?: (path: string) => Promise<boolean>;
  /** A file's size in bytes; the file system's unless told (tests give large sizes without large files). */
  fileSize?: (path: string) => number;
  /** A document's first bytes, to tell a PDF; the file's own unless told. */
  fileStart?: (path: string) => string;
  /** The kinds of content and their schemas; all of src/model/content-collections.ts unless told. */
  sources?: ContentSources;
}

/** A document's first bytes, to tell a PDF: what the check reads of a file unless told. */
export const readStart = (path: string) => {
  const descriptor = openSync(path, 'r');
  try {
    const buffer = Buffer.alloc(pdfSignature.length);
    readSync(descriptor, buffer, 0, buffer.length, 0);
    return buffer.toString('latin1');
  } finally {
    closeSync(descriptor);
  }
};

/** The files of one kind of content, each with its data (none when it could not be read). */
type Loaded = readonly (readonly [path: string, data: Record<string, unknown> | undefined])[];

export async function checkContent({
  root,
  imageWidth,
  imageLocation = async () => false,
  sources = contentSources,
  fileSize = (path) => statSync(path).size,
  fileStart = readStart,
}: CheckOptions): Promise<Problem[]> {
  const content = join(root, 'src/content');
  const rel = (path: string) => relative(root, path).split(sep).join('/');
  const problems: Problem[] = [];
  const images: ImageRef[] = [];
  const read = (path: string) => readFileSync(path, 'utf8');

  const markdown = (folder: string, depth: 1 | 2) =>
    walk(join(root, folder)).filter(
      (f) => f.endsWith('.md') && relative(join(root, folder), f).split(sep).length === depth,
    );

  // Files with a mistake (the parser or the schema refused them), by path, with the slug they
  // write: what refers or links to them is not reported as well, so one mistake is reported once.
  const unreadable = new Map<string, string>();
  const fileSlug = (path: string) => basename(path).replace(/\.(md|json)$/, '');
  const load = (path: string, schema: Parameters<typeof validate>[0]) => {
    const file = rel(path);
    let data: unknown;
    const source = read(path);
    const markers = conflictMarkers(source);
    if (markers.length > 0) {
      // A merge Git could not finish: nothing else of the file is reported until it is resolved.
      problems.push({ file, field: '(file)', message: conflictProblem(markers) });
      for (const named of namedFiles(source)) images.push({ file, field: '(file)', path: named, unchecked: true });
      unreadable.set(path, writtenSlug(source) ?? fileSlug(path));
      return undefined;
    }
    try {
      data = path.endsWith('.json') ? JSON.parse(source) : parseFrontmatter(source);
    } catch (error) {
      const yaml = (error as { name?: string }).name === 'YAMLParseError';
      problems.push(
        yaml
          ? { file, ...yamlProblem(source, error) }
          : { file, field: '(file)', message: error instanceof Error ? error.message.split('\n')[0]! : String(error) },
      );
      // What the file names is still in use: one mistake is reported once, with no warning that
      // its picture or documents are unused.
      for (const named of namedFiles(source)) images.push({ file, field: '(file)', path: named, unchecked: true });
      unreadable.set(path, writtenSlug(source) ?? fileSlug(path));
      return undefined;
    }
    const valid = validate(schema, data, file, images, problems);
    if (!valid) {
      const slug = (data as { slug?: unknown } | null)?.slug;
      unreadable.set(path, typeof slug === 'string' && slug ? slug : fileSlug(path));
    }
    return valid;
  };

  // Every file of every kind of content, validated against its schema. A JSON list may be
  // absent (no entries yet); a single JSON document is read by every page, so it must exist.
  const loaded = Object.fromEntries(
    Object.entries(sources).map(([name, source]): [string, Loaded] => {
      if (isFolder(source)) {
        return [
          name,
          markdown(source.folder, source.pattern === '*/*.md' ? 2 : 1).map(
            (path) => [path, load(path, source.schema)] as const,
          ),
        ];
      }
      const path = join(root, source.file);
      if (source.list && !existsSync(path)) return [name, []];
      const schema: SchemaOf = source.list ? (context) => z.array(source.schema(context)) : source.schema;
      return [name, [[path, load(path, schema)]]];
    }),
  );
  const entries = (name: keyof typeof contentSources): Loaded => loaded[name] ?? [];
  const run: Run = {
    root,
    content,
    rel,
    read,
    problems,
    images,
    unreadable,
    sources,
    loaded,
    entries,
    fileSize,
    fileStart,
    imageWidth,
    imageLocation,
  };
  const names = checkNames(run);
  const catalogue = checkItems(run, names);
  checkCountsAndOrder(run, names, catalogue);
  checkLinks(run, names, catalogue);
  await checkFiles(run, catalogue);
  return problems;
}

/** What every step of `checkContent` reads, and the problems and pictures the steps add to. */
interface Run extends Required<Omit<CheckOptions, 'sources'>> {
  sources: ContentSources;
  /** <root>/src/content. */
  content: string;
  /** A path as problems name it: from the root, with forward slashes. */
  rel: (path: string) => string;
  read: (path: string) => string;
  problems: Problem[];
  /** The pictures and documents the content names, as the files were read. */
  images: ImageRef[];
  /** Files with a mistake, by path, with the slug they write (see `load`). */
  unreadable: Map<string, string>;
  /** Every kind of content's files, by the kind's name. */
  loaded: Record<string, Loaded>;
  entries: (name: keyof typeof contentSources) => Loaded;
}

/** Slugs claimed once in each address space, and the placeholders of the categories' texts. */
function checkNames(run: Run) {
  const { rel, problems, entries, unreadable } = run;
  // Buttons everywhere refer to the contact topics.
  const topics = entries('topics')[0]?.[1];
  const topicList = (Array.isArray(topics) ? topics : []) as { id: string }[];
  const topicIds = new Set(topicList.map((t) => t.id));

  const slugs = new Map<string, string>();
  const claimSlug = (slug: string, file: string, field: string, scope: string) => {
    const key = `${scope}:${slug}`;
    const first = slugs.get(key);
    if (first) problems.push({ file, field, message: `slug "${slug}" is already used by ${first}` });
    else slugs.set(key, file);
  };

  const technologies = entries('technologies');
  const categories = entries('categories');
  // Technologies live at /<slug> beside the company pages, so they share one address space.
  const rootPages = new Set([...Object.values(routes).map((path) => path.split('/')[1]!), 'admin']);
  for (const route of [...rootPages].filter(Boolean)) {
    slugs.set(`root:${route}`, `the page /${route}`);
  }
  for (const [path, data] of technologies) if (data) claimSlug(String(data.slug), rel(path), 'slug', 'root');
  for (const [path, data] of categories) if (data) claimSlug(String(data.slug), rel(path), 'slug', 'category');
  const unreadableSlugs = (entries: Loaded) => entries.flatMap(([path, d]) => (d ? [] : [unreadable.get(path) ?? '']));
  const categorySlugs = new Set(categories.flatMap(([, d]) => (d ? [String(d.slug)] : [])));
  const knownCategories = new Set([...categorySlugs, ...unreadableSlugs(categories)]);
  // A category's texts may say "{count}" or "{count:<kind>}" (src/model/item-count.ts), nothing else in braces.
  for (const [path, data] of categories) {
    const texts: [string, unknown][] = [
      ['itemsIntro', data?.itemsIntro],
      ...((data?.itemGroups as { intro?: string }[] | undefined) ?? []).map((g, i): [string, unknown] => [
        `itemGroups.${i}.intro`,
        g.intro,
      ]),
    ];
    for (const [field, text] of texts) {
      if (typeof text !== 'string') continue;
      for (const unknown of unknownPlaceholders(text, productKinds)) {
        problems.push({
          file: rel(path),
          field,
          message: `"${unknown}" is not a placeholder; write {count} for the number of items, or {count:<kind>} for those of one kind (${productKinds.join(', ')})`,
        });
      }
    }
  }
  return { topicIds, slugs, claimSlug, technologies, categories, unreadableSlugs, categorySlugs, knownCategories };
}

/** Catalogue items: their addresses, codes, application methods, certificates and documents. */
function checkItems(
  run: Run,
  { slugs, claimSlug, technologies, categories, unreadableSlugs }: ReturnType<typeof checkNames>,
) {
  const { root, rel, read, problems, entries, fileSize, fileStart } = run;
  // A catalogue item's category is the folder its file is in: every folder must be a category.
  const productsDir = join(root, contentSources.products.folder);
  const technologySlugs = new Set(technologies.flatMap(([, d]) => (d ? [String(d.slug)] : [])));
  const knownTechnologies = new Set([...technologySlugs, ...unreadableSlugs(technologies)]);
  const products: { file: string; data: unknown }[] = [];
  const formerAddresses: FormerAddresses[] = [];
  // Buyers quote codes in enquiries: each code names one item in the whole catalogue.
  const codeOwners = new Map<string, string>();
  const codesOf = (file: string, item: ItemData) => {
    const field = codeFields[item.kind];
    // The field codeFields names for the item's kind (TypeScript cannot follow it through the union).
    const value = (item as unknown as Record<string, string | string[]>)[field];
    const lines = Array.isArray(value) ? value : [value];
    for (const code of itemCodes(item)) {
      const index = lines.findIndex((line) => typeof line === 'string' && codeAtStart(line) === code);
      const where = Array.isArray(value) && index >= 0 ? `${field}.${index}` : field;
      const first = codeOwners.get(code);
      if (first === undefined) codeOwners.set(code, file);
      else
        problems.push({
          file,
          field: where,
          message: `code "${code}" is also the code of ${first}; buyers quote codes in enquiries, so each names one item: give one of them another code`,
        });
    }
  };
  const itemAddresses: string[] = [];
  const documentAddresses: string[] = [];
  const usedDocuments = new Set<string>();
  const today = new Date().toISOString().slice(0, 10);
  const categoryDefaults = new Map(
    categories.flatMap(([, d]) => (d ? [[String(d.slug), d as CategoryDefaults] as const] : [])),
  );
  for (const [path, item] of entries('products')) {
    const data = item as { documents?: { file: string }[]; compliance?: { validUntil?: string }[] } | undefined;
    if (!data) continue;
    products.push({ file: rel(path), data });
    const itemId = itemIdOf(relative(productsDir, path).split(sep).join('/'), data);
    // The address is the slug field's: two items of one category may not share it.
    claimSlug(itemId.slice(itemId.indexOf('/') + 1), rel(path), 'slug', `item:${itemId.split('/')[0]}`);
    formerAddresses.push({
      file: rel(path),
      category: itemId.split('/')[0]!,
      formerSlugs: (item as ItemFields).formerSlugs ?? [],
    });
    codesOf(rel(path), item as ItemData);
    // The search filters read the field, a buyer the text: a method the text names and the field
    // (or the category's, which the item takes) leaves out is a filter that misses the item.
    const model = catalogueItem({ id: itemId, data: item as ItemData }, categoryDefaults.get(itemId.split('/')[0]!));
    itemAddresses.push(model.href);
    for (const document of data.documents ?? [])
      documentAddresses.push(documentPath(model.category, document.file.slice(document.file.lastIndexOf('/') + 1)));
    const missing = unlistedMethods(model, markdownBody(read(path)));
    if (missing.length > 0) {
      problems.push({
        file: rel(path),
        field: 'applicationMethods',
        message:
          `the text names ${missing.join(' and ')}, which ` +
          `${model.inherited.applicationMethods ? "the category's application methods" : 'the application methods'} leave out; ` +
          `add ${missing.length === 1 ? 'it' : 'them'} (search filters by the field), or reword the text`,
        severity: 'warning',
      });
    }
    // A certificate that has run out still shows on the page with its date: say so, without stopping the build.
    data.compliance?.forEach((entry, index) => {
      if (entry.validUntil && entry.validUntil < today) {
        problems.push({
          file: rel(path),
          field: `compliance.${index}.validUntil`,
          message: `${entry.validUntil} has passed; the item page still lists this entry with that date: renew it or remove it`,
          severity: 'warning',
        });
      }
    });
    data.documents?.forEach((document, index) => {
      const field = `documents.${index}.file`;
      usedDocuments.add(documentSource(root, itemId, document.file));
      const problem = documentProblem(root, itemId, index, document.file);
      if (problem) {
        problems.push({ file: rel(path), field, message: problem.split(': ').slice(2).join(': ') });
        return;
      }
      const source = documentSource(root, itemId, document.file);
      const facts = { bytes: fileSize(source), start: fileStart(source) };
      for (const message of fileProblems(document.file, documentLimits, facts))
        problems.push({ file: rel(path), field, message });
    });
  }
  problems.push(...formerSlugProblems(formerAddresses, slugs));
  return { productsDir, knownTechnologies, products, itemAddresses, documentAddresses, usedDocuments };
}

/** Categories with no item, lists' order numbers, and what items refer to. */
function checkCountsAndOrder(
  run: Run,
  { technologies, categories }: ReturnType<typeof checkNames>,
  { productsDir, knownTechnologies, products, itemAddresses }: ReturnType<typeof checkItems>,
) {
  const { rel, problems, entries, unreadable } = run;
  // A category with no item would go live with its heading saying "Zero ..." above no cards.
  const itemsPer = new Map<string, number>();
  for (const [path] of entries('products')) {
    const folder = relative(productsDir, path).split(sep)[0]!;
    itemsPer.set(folder, (itemsPer.get(folder) ?? 0) + 1);
  }
  for (const [path, data] of categories) {
    if (!data || itemsPer.get(String(data.slug))) continue;
    problems.push({
      file: rel(path),
      field: 'slug',
      message: `category "${data.slug}" has no items: its page would go live saying "Zero ..." above no cards; add an item in ${contentSources.products.folder}/${data.slug}/, or remove the category`,
    });
  }

  // Two entries of one list with one order number are shown in no order anyone chose.
  const orderProblems = (list: readonly { file: string; field: string; order: unknown }[], what: string) => {
    const first = new Map<number, string>();
    for (const { file, field, order } of list) {
      if (typeof order !== 'number') continue;
      const earlier = first.get(order);
      if (earlier === undefined) first.set(order, file);
      else
        problems.push({
          file,
          field,
          message: `order ${order} is also the order of ${earlier === file ? 'another entry of this file' : earlier}; give each ${what} its own number, so the list shows them in the order you chose`,
        });
    }
  };
  const ordered = (loaded: Loaded) =>
    loaded.flatMap(([path, data]) => (data ? [{ file: rel(path), field: 'order', order: data.order }] : []));
  orderProblems(ordered(technologies), 'technology');
  orderProblems(ordered(categories), 'category');
  for (const [path, data] of entries('certifications')) {
    const list = (Array.isArray(data) ? data : []) as { order?: unknown }[];
    orderProblems(
      list.map((entry, index) => ({ file: rel(path), field: `${index}.order`, order: entry.order })),
      'certification',
    );
  }
  const itemsByCategory = new Map<string, Loaded[number][]>();
  for (const entry of entries('products')) {
    const folder = relative(productsDir, entry[0]).split(sep)[0]!;
    itemsByCategory.set(folder, [...(itemsByCategory.get(folder) ?? []), entry]);
  }
  for (const items of itemsByCategory.values()) orderProblems(ordered(items), 'item of a category');
  problems.push(...referenceProblems(products, { technologies: knownTechnologies }));
  for (const [path, data] of entries('products')) {
    if (!data) itemAddresses.push(itemPath(relative(productsDir, path).split(sep)[0]!, unreadable.get(path) ?? ''));
  }
}

/** Links, category folders, page files and the topics buttons name. */
function checkLinks(
  run: Run,
  { topicIds, categorySlugs, knownCategories }: ReturnType<typeof checkNames>,
  { productsDir, knownTechnologies, itemAddresses, documentAddresses }: ReturnType<typeof checkItems>,
) {
  const { rel, read, problems, entries, loaded, sources } = run;
  // Links written in texts and buttons lead to pages the site has: a link to a deleted or renamed
  // entry is named here, in every file that writes it.
  const addresses = siteAddresses({
    technologies: [...knownTechnologies],
    categories: [...knownCategories],
    items: itemAddresses,
    documents: documentAddresses,
  });
  const deadLink = (file: string, field: string, href: string) => {
    const address = linkedAddress(href);
    if (address !== undefined && !addresses.has(address))
      problems.push({
        file,
        field,
        message: `links to "${href}", an address the site does not have (a deleted or renamed page?); correct the link or remove it`,
      });
  };
  const linksOf = (file: string, value: unknown, path: PropertyKey[]): void => {
    if (typeof value === 'string') {
      const field = issuePath(path);
      if (path.at(-1) === 'href') deadLink(file, field, value);
      else for (const href of linksIn(value)) deadLink(file, field, href);
    } else if (Array.isArray(value)) value.forEach((v, i) => linksOf(file, v, [...path, i]));
    else if (value && typeof value === 'object')
      for (const [k, v] of Object.entries(value)) linksOf(file, v, [...path, k]);
  };
  for (const [name, source] of Object.entries(sources)) {
    for (const [path, data] of loaded[name] ?? []) {
      if (!data) continue;
      linksOf(rel(path), data, []);
      if (!isFolder(source)) continue;
      const body = markdownBody(read(path));
      for (const href of linksIn(body)) deadLink(rel(path), 'body', href);
      for (const word of longWords(body))
        problems.push({ file: rel(path), field: 'body', message: longWordProblem(word) });
    }
  }
  const folders = existsSync(productsDir)
    ? readdirSync(productsDir).filter((name) => statSync(join(productsDir, name)).isDirectory())
    : [];
  for (const folder of folders) {
    if (!categorySlugs.has(folder)) {
      problems.push({
        file: `${rel(productsDir)}/${folder}/`,
        field: '(folder)',
        message: `folder "${folder}" is not a product category (known: ${[...categorySlugs].join(', ')})`,
      });
    }
  }

  const pageKinds = new Map<string, string>();
  for (const [path, data] of entries('pages')) {
    if (!data) continue;
    const first = pageKinds.get(String(data.page));
    if (first)
      problems.push({
        file: rel(path),
        field: 'page',
        message: `page "${data.page}" is already described by ${first}`,
      });
    else pageKinds.set(String(data.page), rel(path));
  }

  // Buttons naming topics that do not exist, found in the parsed data: any button (an object with
  // a "label" and a "topic") at any depth.
  const buttonTopics = (value: unknown, path: PropertyKey[]): { field: string; topic: string }[] => {
    if (Array.isArray(value)) return value.flatMap((v, i) => buttonTopics(v, [...path, i]));
    if (!value || typeof value !== 'object') return [];
    const { label, topic } = value as { label?: unknown; topic?: unknown };
    const own =
      label !== undefined && typeof topic === 'string' ? [{ field: issuePath([...path, 'topic']), topic }] : [];
    return [...own, ...Object.entries(value).flatMap(([k, v]) => buttonTopics(v, [...path, k]))];
  };
  const markdownEntries = Object.entries(sources).flatMap(([name, source]) =>
    isFolder(source) ? (loaded[name] ?? []) : [],
  );
  for (const [path, data] of markdownEntries) {
    for (const { field, topic } of buttonTopics(data, [])) {
      if (!topicIds.has(topic))
        problems.push({
          file: rel(path),
          field,
          message: `"${topic}" is not a contact topic of src/content/topics.json`,
        });
    }
  }
}

/** Pictures and documents: named, present, within the limits, used; conflict markers in any other file. */
async function checkFiles(run: Run, { productsDir, usedDocuments }: ReturnType<typeof checkItems>) {
  const { root, content, rel, read, problems, images, loaded, fileSize, imageWidth, imageLocation } = run;
  // Pictures: named by the rules, present, within the limits, and every picture in the content
  // folders used. A picture several files use is measured once.
  const used = new Set<string>();
  const widths = new Map<string, Promise<number | undefined>>();
  const located = new Set<string>();
  for (const ref of images) {
    const absolute = resolve(root, dirname(ref.file), ref.path);
    used.add(absolute);
    if (ref.unchecked) continue;
    if (heicName.test(ref.path)) {
      const message = existsSync(absolute)
        ? heicProblem(ref.path, rel(absolute))
        : `picture "${ref.path}" does not exist`;
      problems.push({ file: ref.file, field: ref.field, message });
      continue;
    }
    const named = filePathProblem(ref.path, pictureLimits);
    if (named) {
      problems.push({ file: ref.file, field: ref.field, message: named });
      continue;
    }
    if (!existsSync(absolute)) {
      problems.push({ file: ref.file, field: ref.field, message: `picture "${ref.path}" does not exist` });
      continue;
    }
    const svg = absolute.toLowerCase().endsWith('.svg');
    if (!svg && !widths.has(absolute)) widths.set(absolute, imageWidth(absolute));
    const facts = {
      bytes: fileSize(absolute),
      width: await widths.get(absolute),
      text: svg ? read(absolute) : undefined,
    };
    for (const message of fileProblems(ref.path, pictureLimits, facts, rel(absolute)))
      problems.push({ file: ref.file, field: ref.field, message });
    // The build publishes no metadata (tools/build/published-pictures.ts), but Git keeps the file's.
    if (!svg && !located.has(absolute)) {
      located.add(absolute);
      if (await imageLocation(absolute))
        problems.push({
          file: ref.file,
          field: ref.field,
          message: `picture "${ref.path}" carries the GPS position where it was taken; the site never shows it, but Git keeps it: run \`${picturesCommand} ${rel(absolute)}\` before committing it`,
          severity: 'warning',
        });
    }
  }
  for (const path of walk(content).filter((f) => imageExtensions.test(f))) {
    if (!used.has(path)) {
      problems.push({
        file: rel(path),
        field: '(file)',
        message: heicName.test(path)
          ? `HEIC photo that no content file uses, and Git would keep where it was taken: run \`${picturesCommand} ${rel(path)}\` and name the WebP it writes, or delete it`
          : 'picture is not used by any content file; delete it or refer to it',
        severity: 'warning',
      });
    }
  }

  // Conflict markers in any other text file of the content (an SVG badge, a stray file): the files
  // read above were checked as they were read.
  const readFiles = new Set(Object.values(loaded).flatMap((files) => files.map(([path]) => path)));
  for (const path of walk(content).filter((f) => /\.(md|json|ya?ml|svg|txt|csv)$/i.test(f) && !readFiles.has(f))) {
    const markers = conflictMarkers(read(path));
    if (markers.length > 0) problems.push({ file: rel(path), field: '(file)', message: conflictProblem(markers) });
  }

  // Documents no item names any more (Decap leaves them behind too).
  for (const path of walk(productsDir).filter((f) => /\.pdf$/i.test(f))) {
    if (!usedDocuments.has(path) && !used.has(path)) {
      problems.push({
        file: rel(path),
        field: '(file)',
        message: 'document is not used by any item; delete it or refer to it',
        severity: 'warning',
      });
    }
  }
}
