/**
 * The limits of the files content names, once: pictures and documents. Three things read them:
 *
 * - the content schemas (src/schemas), whose field descriptions state them;
 * - `npm run content:check` and the build, which run the same check (src/content-check, run by tools/content-check);
 * - the editor at /admin (src/cms/config.ts), whose pickers refuse a larger upload
 *   (Decap's `max_file_size`) and offer only files of their kind, and whose form and preview
 *   measure a chosen file and refuse it with the check's own words (`uploadProblems`,
 *   src/cms/file-checks.ts) before it is saved.
 *
 * An SVG's text is read too: one with a script, an event handler, a `javascript:` address or an
 * external reference is refused (src/schemas/svg-safety.ts).
 *
 * Sizes are in bytes, counted in thousands as Decap counts them (1 MB = 1,000,000 bytes), so the
 * limit the form names and the one the check names are the same number.
 */
import { svgProblem } from './svg-safety';

export interface FileLimits {
  /** Extensions a file of this kind may have, lowercase, without the dot. */
  extensions: readonly string[];
  /** Largest file, in bytes. */
  maxBytes: number;
  /** What a file of this kind is called in messages. */
  noun: string;
}

/** Pictures of the content (photos and illustrations; SVG only for certification badges). */
export const pictureLimits = {
  noun: 'picture',
  extensions: ['webp', 'png', 'jpg', 'jpeg', 'svg'],
  /** Smallest width of a bitmap picture, in pixels: the widest layout shows it at 1,200 px. */
  minWidth: 1200,
  maxBytes: 2_000_000,
} as const satisfies FileLimits & { minWidth: number };

/** Documents buyers download from an item page. */
export const documentLimits = {
  noun: 'document',
  extensions: ['pdf'],
  maxBytes: 10_000_000,
} as const satisfies FileLimits;

/** "2 MB", "750 KB", "6.4 MB": a size as the messages write it (1 MB = 1,000,000 bytes). */
export { formatSize } from '../text/sizes.mjs';
import { formatSize } from '../text/sizes.mjs';

/** The rule every uploaded file name follows, in words. */
export const fileNameRule = 'lowercase letters, digits and hyphens, e.g. "lavender-oil-tds.pdf"';

/**
 * A file name that follows the rule, as a regular expression: what /admin's pickers check (Decap
 * checks a file field's pattern against the chosen file's name), with its message.
 */
export function fileNamePattern(limits: FileLimits): [string, string] {
  const kinds = limits.extensions.map((e) => `.${e}`);
  return [
    `^[a-z0-9][a-z0-9._-]*\\.(${limits.extensions.join('|')})$`,
    `the file name may only use lowercase letters, digits and hyphens (no spaces, no capitals), and must end in ${kinds.join(', ')}`,
  ];
}

/**
 * What is wrong with the name of a file a content file names as `./<folder>/<name>`, in words
 * that say which rule it breaks (the folder, spaces, capitals, the kind of file), or undefined.
 * `folder` undefined accepts any folder next to the content file.
 */
export function filePathProblem(path: string, limits: FileLimits, folder?: string): string | undefined {
  const where = folder ? `the ${folder} folder next to this file` : 'a folder next to this file';
  const example = (name: string) => (folder ? `"./${folder}/${name}"` : `"./images/${name}"`);
  const slash = path.lastIndexOf('/');
  const dir = path.slice(0, slash + 1);
  const name = path.slice(slash + 1);
  const tidy = name
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9._-]/g, '');
  const inFolder = folder ? dir === `./${folder}/` : /^\.\/[^/]+\/$/.test(dir);
  if (!inFolder) return `"${path}" must be in ${where}: write ${example(tidy || `name.${limits.extensions[0]}`)}`;
  const extension = name.includes('.') ? name.slice(name.lastIndexOf('.') + 1) : '';
  if (!limits.extensions.includes(extension.toLowerCase())) {
    return `"${name}" is not a ${limits.extensions.map((e) => `.${e}`).join(', ')} file; a ${limits.noun} must be one`;
  }
  if (/\s/.test(name)) return `the file name "${name}" has spaces; use hyphens instead: ${example(tidy)}`;
  if (/[A-Z]/.test(name)) return `the file name "${name}" has capital letters; use lowercase: ${example(tidy)}`;
  if (!/^[a-z0-9][a-z0-9._-]*$/.test(name))
    return `the file name "${name}" may only use ${fileNameRule}: ${example(tidy)}`;
  return undefined;
}

/** The command that makes a photo web-sized, without metadata (scripts/pictures.mjs). */
export const picturesCommand = 'npm run pictures --';

/**
 * What is wrong with a file's size, or undefined. A picture's message names the command that
 * shrinks it, with the file's path from the project's folder when the caller knows it (`file`).
 */
export function fileSizeProblem(path: string, bytes: number, limits: FileLimits, file?: string): string | undefined {
  if (bytes <= limits.maxBytes) return undefined;
  const over = `${limits.noun} "${path}" is ${formatSize(bytes)}; a ${limits.noun} may be at most ${formatSize(limits.maxBytes)}`;
  if (limits.noun !== pictureLimits.noun || /\.svg$/i.test(path)) return `${over}: make it smaller`;
  return `${over}: make it smaller with \`${picturesCommand} ${file ?? '<the file>'}\` (at most 2,400 px, about 500 KB, no location data)`;
}

/** A HEIC photo (an iPhone's default format), by its name. */
export const heicName = /\.hei[cf]$/i;

/**
 * What a content file naming a HEIC photo (`path`, at `file` from the project's folder) is told:
 * the site does not take HEIC (only Safari shows it), and the command writes the WebP to name in
 * its place, without the photo's location (tools/content-check/pictures.mjs).
 */
export function heicProblem(path: string, file: string): string {
  const webp = path.replace(heicName, '.webp');
  return `picture "${path}" is a HEIC photo, which only Safari shows: run \`${picturesCommand} ${file}\`, which writes "${webp}" beside it (at most 2,400 px, about 500 KB, no location data), name "${webp}" here and delete the HEIC`;
}

/** What is wrong with a picture's width, or undefined. */
export function pictureWidthProblem(path: string, width: number): string | undefined {
  if (width >= pictureLimits.minWidth) return undefined;
  return `picture "${path}" is ${width} px wide; pictures must be at least ${pictureLimits.minWidth.toLocaleString('en')} px wide`;
}

/** The first bytes of every PDF file. */
export const pdfSignature = '%PDF-';

/** What is wrong with what a document holds (its first bytes), or undefined. */
export function documentContentProblem(path: string, start: string): string | undefined {
  if (start === pdfSignature) return undefined;
  return `"${path}" is not a PDF inside, whatever its name says: save or export it as PDF`;
}

/** What the checks measure of a file: its size, a bitmap picture's width, a document's first bytes. */
export interface FileFacts {
  bytes: number;
  /** A bitmap picture's width in pixels; undefined for SVG or when it cannot be read. */
  width?: number | undefined;
  /** A document's first bytes (as many as `pdfSignature` has), read as Latin-1. */
  start?: string | undefined;
  /** An SVG picture's text, to find what makes it unsafe (src/schemas/svg-safety.ts). */
  text?: string | undefined;
}

/**
 * Every problem of a picture or document file that exists and is named by the rules, in the order
 * the check reports them: a picture's size and width, what an SVG holds, a document's size, else
 * what it holds. `file` is the file's path from the project's folder, when known (the check).
 */
export function fileProblems(path: string, limits: FileLimits, facts: FileFacts, file?: string): string[] {
  const size = fileSizeProblem(path, facts.bytes, limits, file);
  if (limits === documentLimits) {
    const inside = size || facts.start === undefined ? undefined : documentContentProblem(path, facts.start);
    return [size, inside].filter((p): p is string => p !== undefined);
  }
  const narrow = facts.width === undefined ? undefined : pictureWidthProblem(path, facts.width);
  const unsafe = facts.text === undefined ? undefined : svgProblem(path, facts.text);
  return [size, narrow, unsafe].filter((p): p is string => p !== undefined);
}

/**
 * The longest text each kind of field may hold, in characters: what the layout carries at 320,
 * 390 and 1,280 px without a card outgrowing its row or a heading its line
 * (docs/decisions/0055-text-lengths-the-layout-carries.md says how each was measured). The
 * schemas give every text field one of them (src/schemas/text.ts); the form at /admin counts
 * against it as the editor types, and `npm run content:check` and the build refuse a longer text
 * as `file: field: length N, at most M`.
 */
export const textLimits = {
  /** A name or title: a card's heading, a menu entry, a button, a label. */
  name: 60,
  /** A heading of a page or a section. */
  heading: 90,
  /** One entry of a list (a feature, a variant, a benefit), a picture's description, a short line. */
  entry: 160,
  /** The description of a card: an item's, a card's text. */
  description: 500,
  /** Any other text: a paragraph under a heading, an intro, a page's words. */
  paragraph: 800,
} as const;

/** The message of a text over its limit: "length 3510, at most 500". */
export const lengthProblem = (length: number, max: number) => `length ${length}, at most ${max}`;

/** "Up to 500 characters.": how a field's hint states its limit. */
export const lengthHint = (max: number) => `Up to ${max.toLocaleString('en')} characters.`;
