/**
 * Finds the pictures the content asks for: every `image` field (at any depth) in the YAML
 * frontmatter of the Markdown files under a root folder, with a subject and a colour for each.
 * The frontmatter is read by the site's own parser, the one `npm run content:check` uses.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseFrontmatter } from '../../../src/lib/frontmatter.mjs';
import { BRAND_COLOURS } from './palette.mjs';
import { hashString } from './random.mjs';

/**
 * One picture to draw, found in the content or given on the command line.
 * @typedef {object} Job
 * @property {string} out absolute path of the picture; its extension picks the format
 * @property {string} subject words that pick the motif
 * @property {string} [colour] a brand colour name (or hex)
 * @property {string} [seed] the same seed draws the same picture
 * @property {number} [width]
 * @property {number} [height]
 * @property {number} [quality]
 * @property {string} source the content file that names the picture, or "--job"
 */
/**
 * An object of the frontmatter holding an `image` path; its siblings describe the picture.
 * @typedef {Record<string, unknown> & { image: string }} ImageHolder
 */

/**
 * Used when a category has no Markdown file (or no `colour`) to read the colour from.
 * @type {Record<string, string>}
 */
export const CATEGORY_FALLBACK_COLOURS = {
  'aroma-finishes': 'violet',
  'essential-oil-actives': 'emerald',
  'functional-actives': 'teal',
  pigments: 'rose',
  'printing-auxiliaries': 'indigo',
  'speciality-finishes': 'sky',
  'speciality-prints': 'amber',
};

/**
 * @param {string} dir
 * @returns {Promise<string[]>}
 */
async function listMarkdown(dir) {
  /** @type {string[]} */
  const out = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await listMarkdown(full)));
    else if (entry.isFile() && entry.name.endsWith('.md')) out.push(full);
  }
  return out.sort();
}

/**
 * Every object holding an `image` string, with that object (its siblings describe the picture).
 * @param {unknown} node
 * @param {ImageHolder[]} [found]
 */
function findImages(node, found = []) {
  if (Array.isArray(node)) node.forEach((item) => findImages(item, found));
  else if (node && typeof node === 'object') {
    if ('image' in node && typeof node.image === 'string') found.push(/** @type {ImageHolder} */ (node));
    for (const [key, value] of Object.entries(node)) if (key !== 'image') findImages(value, found);
  }
  return found;
}

/** @param {string} p */
const isRelative = (p) => !/^([a-z][a-z0-9+.-]*:|\/|\\|~)/i.test(p) && p.trim() !== '';

/**
 * @param {unknown} c
 * @returns {string | null}
 */
const validColour = (c) => (typeof c === 'string' && BRAND_COLOURS.includes(c.trim().toLowerCase()) ? c.trim().toLowerCase() : null);

const CATALOGUE = new Set(['technologies', 'categories', 'products']);

/**
 * Scan `root` and return { jobs, warnings }. A job is
 * { out, subject, colour, seed, source } with `out` absolute and `seed` the output path
 * relative to the root (so the picture does not depend on where the project lives).
 * @param {string} root
 * @returns {Promise<{ jobs: Job[], warnings: string[] }>}
 */
export async function scanContent(root) {
  /** @type {string[]} */
  const warnings = [];
  /** @type {{ file: string, rel: string, data: Record<string, unknown> }[]} */
  const docs = [];
  for (const file of await listMarkdown(root)) {
    const rel = path.relative(root, file).split(path.sep).join('/');
    let data;
    try {
      data = parseFrontmatter(await readFile(file, 'utf8'));
    } catch (error) {
      warnings.push(`${rel}: ${(error instanceof Error ? error.message : String(error)).split('\n')[0]}, skipped`);
      continue;
    }
    if (data && typeof data === 'object') docs.push({ file, rel, data: /** @type {Record<string, unknown>} */ (data) });
  }

  // Category colours first: product pictures take the colour of their category.
  /** @type {Record<string, string | null>} */
  const categoryColours = {};
  for (const { rel, data } of docs) {
    const segs = rel.split('/');
    if (segs[0] === 'categories' && segs.length === 2) {
      const slug = typeof data.slug === 'string' ? data.slug : path.basename(rel, '.md');
      const colour = validColour(data.colour);
      if (colour) categoryColours[slug] = colour;
      categoryColours[path.basename(rel, '.md')] ??= colour;
    }
  }

  /** @type {Map<string, Job>} */
  const jobs = new Map();
  for (const { file, rel, data } of docs) {
    if (data.colour !== undefined && !validColour(data.colour)) warnings.push(`${rel}: colour "${data.colour}" is not one of ${BRAND_COLOURS.join(', ')}; using a fallback`);
    const holders = findImages(data);
    for (const holder of holders) {
      const value = holder.image.trim();
      if (!isRelative(value)) continue;
      const out = path.resolve(path.dirname(file), value);
      const seed = path.relative(root, out).split(path.sep).join('/');
      if (seed.startsWith('..')) {
        warnings.push(`${rel}: image "${value}" points outside ${root}, skipped`);
        continue;
      }
      if (jobs.has(out)) continue;
      const { subject, colour } = describe(rel, data, holder, categoryColours);
      jobs.set(out, { out, subject, colour, seed, source: rel });
    }
  }
  return { jobs: [...jobs.values()], warnings };
}

/**
 * Subject words and colour for one picture, from where the file lives and what it says.
 * @param {string} rel the content file, relative to the root
 * @param {Record<string, unknown>} data its frontmatter
 * @param {ImageHolder} holder the object naming the picture
 * @param {Record<string, string | null>} categoryColours
 * @returns {{ subject: string, colour: string }}
 */
function describe(rel, data, holder, categoryColours) {
  const segs = rel.split('/');
  const collection = segs.length > 1 ? segs[0] : '';
  const base = path.basename(rel, '.md');
  const slug = typeof data.slug === 'string' ? data.slug : base;
  const category = collection === 'products' ? segs[1] : collection === 'categories' ? slug : '';
  const words = [collection, category, data.kind, slug, data.title ?? data.name, data.printCategory, data.page];
  // Outside the catalogue there is no kind or category to go on, so the picture's own
  // description (alt text, caption, heading) is the best hint at what it should show.
  if (!CATALOGUE.has(collection)) words.push(holder.imageAlt, holder.alt, holder.caption, holder.heading, holder.title);
  const subject = words.filter((w) => typeof w === 'string' && w.trim()).join(' ');

  let colour = validColour(data.colour);
  if (!colour && category) colour = categoryColours[category] ?? CATEGORY_FALLBACK_COLOURS[category] ?? null;
  if (!colour) colour = BRAND_COLOURS[hashString(`${collection}/${slug}`) % BRAND_COLOURS.length];
  return { subject, colour };
}
