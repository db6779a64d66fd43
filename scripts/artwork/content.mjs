/**
 * Finds the pictures the content asks for: every `image` field (at any depth) in the YAML
 * frontmatter of the Markdown files under a root folder, with a subject and a colour for each.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { BRAND_COLOURS } from './palette.mjs';
import { hashString } from './random.mjs';

/** Used when a category has no Markdown file (or no `colour`) to read the colour from. */
export const CATEGORY_FALLBACK_COLOURS = {
  'aroma-finishes': 'violet',
  'essential-oil-actives': 'emerald',
  'functional-actives': 'teal',
  pigments: 'rose',
  'printing-auxiliaries': 'indigo',
  'speciality-finishes': 'sky',
  'speciality-prints': 'amber',
};

/** The `yaml` package is a devDependency; fall back to a line parser if it is ever missing. */
let parseYaml;
try {
  ({ parse: parseYaml } = await import('yaml'));
} catch {
  parseYaml = tinyYaml;
}

/**
 * Minimal fallback: top-level `key: value` scalars, plus every `image:` line at any depth
 * (collected under `__images`), which is all this script needs.
 */
function tinyYaml(text) {
  const data = {};
  const images = [];
  for (const line of text.split(/\r?\n/)) {
    const top = /^([A-Za-z_][\w-]*):\s*(.*?)\s*$/.exec(line);
    if (top && top[2] !== '') data[top[1]] = unquote(top[2]);
    const img = /^\s*(?:-\s+)?image:\s*(.+?)\s*$/.exec(line);
    if (img) images.push({ image: unquote(img[1]) });
  }
  if (images.length) data.__images = images;
  return data;
}
const unquote = (v) => v.replace(/^(['"])(.*)\1$/, '$2');

export function frontmatter(text) {
  const match = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---[ \t]*(\r?\n|$)/.exec(text);
  return match ? parseYaml(match[1]) ?? {} : null;
}

async function listMarkdown(dir) {
  const out = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await listMarkdown(full)));
    else if (entry.isFile() && entry.name.endsWith('.md')) out.push(full);
  }
  return out.sort();
}

/** Every object holding an `image` string, with that object (its siblings describe the picture). */
function findImages(node, found = []) {
  if (Array.isArray(node)) node.forEach((item) => findImages(item, found));
  else if (node && typeof node === 'object') {
    if (typeof node.image === 'string') found.push(node);
    for (const [key, value] of Object.entries(node)) if (key !== 'image') findImages(value, found);
  }
  return found;
}

const isRelative = (p) => !/^([a-z][a-z0-9+.-]*:|\/|\\|~)/i.test(p) && p.trim() !== '';

const validColour = (c) => (typeof c === 'string' && BRAND_COLOURS.includes(c.trim().toLowerCase()) ? c.trim().toLowerCase() : null);

const CATALOGUE = new Set(['technologies', 'categories', 'products']);

/**
 * Scan `root` and return { jobs, warnings }. A job is
 * { out, subject, colour, seed, source } with `out` absolute and `seed` the output path
 * relative to the root (so the picture does not depend on where the project lives).
 */
export async function scanContent(root) {
  const warnings = [];
  const docs = [];
  for (const file of await listMarkdown(root)) {
    const rel = path.relative(root, file).split(path.sep).join('/');
    let data;
    try {
      data = frontmatter(await readFile(file, 'utf8'));
    } catch (error) {
      warnings.push(`${rel}: frontmatter is not valid YAML (${error.message.split('\n')[0]}), skipped`);
      continue;
    }
    if (data && typeof data === 'object') docs.push({ file, rel, data });
  }

  // Category colours first: product pictures take the colour of their category.
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

  const jobs = new Map();
  for (const { file, rel, data } of docs) {
    if (data.colour !== undefined && !validColour(data.colour)) warnings.push(`${rel}: colour "${data.colour}" is not one of ${BRAND_COLOURS.join(', ')}; using a fallback`);
    const holders = data.__images ?? findImages(data);
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

/** Subject words and colour for one picture, from where the file lives and what it says. */
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
