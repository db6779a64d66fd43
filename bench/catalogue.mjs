/**
 * npm run bench -- --catalogue N: how the build grows with the catalogue. Copies the project to a
 * temporary folder, adds 0, N/2 and N synthetic catalogue items spread over the categories,
 * builds each, and reports build time, pages, output size and the heaviest page.
 *
 * Goals (bench/budgets.json, "catalogue"): each extra item adds at most `msPerExtraItem` to the
 * build on this machine, the growth is linear (the second half costs about what the first did),
 * and every page of the largest build stays within the byte budget of every page (HTML and CSS,
 * gzip). `measureLargest`, when given, is called on the largest build's dist/ with the route of
 * its full-data test item, and its figures (search, and Lighthouse on that page) are printed with
 * the rest.
 *
 * A synthetic item is a copy of a real item of the same category with its name, codes and order
 * made unique, so it is valid whatever fields the schemas gain, and reuses that item's picture.
 * A build only copies pictures (Netlify Image CDN resizes them when first requested), so a new
 * picture an editor adds costs the copy of one file.
 *
 * Every build, the one with 0 extra items included, also holds the full-data test item
 * (`addFullDataItem`): an item page with a full table of typical properties, packaging and
 * storage, compliance entries and documents in three languages, whose bytes are reported on their
 * own line. The browser tests build a copy of the project with the same item
 * (tests/e2e/item-data.spec.ts). It is never written into the project's own content.
 */
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { dataSheetPdf } from '../src/text/data-sheet-pdf.mjs';
import { splitStylesheets } from '../src/model/page-stylesheets.ts';

const productsFolder = 'src/content/products';

/** Front-matter keys whose value names an item (made unique with a suffix). */
const nameKeys = new Set(['name', 'title', 'variantName']);
/** Front-matter keys whose value is a product code (replaced by a synthetic code). */
const codeKeys = new Set(['variant']);
/** Front-matter keys whose value, or each of whose list entries, may start with a product code. */
const codedKeys = new Set(['variantName', 'keyProducts', 'series', 'variants', 'finishes']);
/** A code at the start of a line, as src/model/catalogue-item.ts reads it (`codeAtStart`). */
const leadingCode = /^[A-Z]{1,6}(?:-[A-Z0-9]{1,6})+(?: \d{1,6})?(?=$|[\s:,;.])/;
/**
 * `text` with the code it starts with, if any, replaced by synthetic item `n`'s own: codes are
 * unique across the catalogue (the content check refuses a repeat).
 * @param {string} text
 * @param {number} n
 * @param {number} i
 */
function ownCode(text, n, i) {
  const code = leadingCode.exec(text)?.[0];
  return code && /\d/.test(code) ? `SY-${n}-${i}${text.slice(code.length)}` : text;
}

/**
 * The text of synthetic item `n` made from a real item's file: names get " S<n>", single codes
 * become "SYN-<n>", list codes (the `variants:` lists) get "-S<n>", and `order` moves past the
 * real items, and the slug (the address) is "synthetic-<n>". Everything else, the body included,
 * stays as it is.
 * @param {string} text
 * @param {number} n
 */
function syntheticItem(text, n) {
  const lines = text.split('\n');
  let inFrontmatter = false;
  let list = '';
  let entry = 0;
  return lines
    .map((line, index) => {
      if (line === '---') {
        inFrontmatter = index === 0;
        return line;
      }
      if (!inFrontmatter) return line;
      const field = /^([A-Za-z]+):\s*(.*)$/.exec(line);
      if (field) {
        const [, key, value] = field;
        list = value === '' ? key : '';
        entry = 0;
        if (key === 'order') return `order: ${100_000 + n}`;
        // The address, as the file name gives it: synthetic-<n>.
        if (key === 'slug') return `slug: synthetic-${n}`;
        if (nameKeys.has(key) && value)
          return `${key}: ${JSON.stringify(`${codedKeys.has(key) ? ownCode(unquote(value), n, 0) : unquote(value)} S${n}`)}`;
        if (codeKeys.has(key) && value) return `${key}: SYN-${n}`;
        return line;
      }
      const item = /^(\s+-\s+)(.*)$/.exec(line);
      if (item && list === 'variants')
        return `${item[1]}${JSON.stringify(`${ownCode(unquote(item[2]), n, entry++)}-S${n}`)}`;
      if (item && codedKeys.has(list)) return `${item[1]}${JSON.stringify(ownCode(unquote(item[2]), n, entry++))}`;
      return line;
    })
    .join('\n');
}

/** The file name and the slug, and so the address, of the full-data test item. */
export const fullDataSlug = 'full-data-test-item';

/**
 * What the full-data test item carries beyond its copied fields: made-up values for measuring and
 * testing (the links lead to the reserved example.org), sized as a full data sheet would be.
 */
export const fullData = {
  typicalProperties: [
    { name: 'Appearance', value: 'White to off-white liquid dispersion' },
    { name: 'Ionic character', value: 'Non-ionic' },
    { name: 'pH (as supplied)', value: '6.0-7.5', testMethod: 'ISO 976' },
    { name: 'Solids content', value: '35', unit: '%', testMethod: 'ISO 3251, 2 h at 105 °C' },
    { name: 'Density at 20 °C', value: '1.05', unit: 'g/cm³', testMethod: 'ISO 2811-1' },
    {
      name: 'Viscosity at 25 °C',
      value: '1500-2500',
      unit: 'mPa·s',
      testMethod: 'ISO 2555, Brookfield RVT, spindle 3, 20 rpm',
    },
    { name: 'Capsule size (median)', value: '4-8', unit: 'µm', testMethod: 'ISO 13320, laser diffraction' },
    { name: 'Active load', value: '30', unit: '%', testMethod: 'Internal method QC-12' },
    { name: 'Flash point', value: '> 100', unit: '°C', testMethod: 'ISO 2719' },
    { name: 'Wash durability at 40 °C', value: '20', unit: 'washes', testMethod: 'ISO 6330, 4N' },
    { name: 'Recommended dosage, pad', value: '40-60', unit: 'g/l' },
    { name: 'Recommended dosage, exhaust', value: '2-4', unit: '% o.w.f.' },
  ],
  packaging: '25 kg carboys, 125 kg drums and 1,000 kg IBCs',
  storage: '5-30 °C, closed, away from frost and direct sunlight; stir before use',
  shelfLife: '12 months from the date of production',
  compliance: [
    {
      scheme: 'ZDHC MRSL',
      status: 'Level 3',
      certificateNumber: 'TEST-ZDHC-0001',
      validUntil: '2030-06-30',
      verifyUrl: 'https://example.org/zdhc/TEST-ZDHC-0001',
    },
    {
      scheme: 'bluesign',
      status: 'Approved',
      certificateNumber: 'TEST-BS-0002',
      verifyUrl: 'https://example.org/bluesign/TEST-BS-0002',
    },
    {
      scheme: 'OEKO-TEX ECO PASSPORT',
      status: 'Certified',
      certificateNumber: 'TEST-EP-0003',
      validUntil: '2029-12-31',
      verifyUrl: 'https://example.org/oeko-tex/TEST-EP-0003',
    },
    { scheme: 'GOTS', status: 'Approved input' },
  ],
  documents: [
    {
      type: 'Technical data sheet',
      title: 'Full Data Test Item technical data sheet',
      language: 'en',
      file: './documents/full-data-test-item-tds-en.pdf',
    },
    {
      type: 'Technical data sheet',
      title: 'Full Data Test Item technisches Merkblatt',
      language: 'de',
      region: 'European Union',
      file: './documents/full-data-test-item-tds-de.pdf',
    },
    {
      type: 'Safety data sheet',
      title: 'Full Data Test Item safety data sheet, EU',
      language: 'de',
      region: 'European Union',
      file: './documents/full-data-test-item-sds-eu-de.pdf',
    },
    {
      type: 'Safety data sheet',
      title: 'Full Data Test Item safety data sheet, India',
      language: 'en',
      region: 'India',
      file: './documents/full-data-test-item-sds-in-en.pdf',
    },
    {
      type: 'Safety data sheet',
      title: 'Full Data Test Item safety data sheet, Thailand',
      language: 'th',
      region: 'Thailand',
      file: './documents/full-data-test-item-sds-th-th.pdf',
    },
    {
      type: 'Brochure',
      title: 'Full Data Test Item brochure',
      language: 'en',
      file: './documents/full-data-test-item-brochure-en.pdf',
    },
  ],
};

/** The category folders of the catalogue under `root`, in name order. */
const categoryFolders = (root) =>
  readdirSync(join(root, productsFolder))
    .filter((name) => statSync(join(root, productsFolder, name)).isDirectory())
    .sort();

/**
 * Writes the full-data test item into the first category of the project at `root` (a copy, never
 * the project itself): a copy of that category's first item, named "Full Data Test Item", with
 * `fullData` added and its documents written as PDFs. Returns its id, category, file name and data.
 * @param {string} root
 */
export function addFullDataItem(root) {
  const [category] = categoryFolders(root);
  if (!category) throw new Error(`${productsFolder}: no category folder to add the full-data test item to`);
  const folder = join(root, productsFolder, category);
  const [base] = readdirSync(folder)
    .filter((name) => name.endsWith('.md'))
    .sort();
  if (!base) throw new Error(`${productsFolder}/${category}: no item to copy for the full-data test item`);
  const text = syntheticItem(readFileSync(join(folder, base), 'utf8'), 0);
  const match = /^---\n([\s\S]*?)\n---\n?([\s\S]*)$/.exec(text);
  if (!match) throw new Error(`${productsFolder}/${category}/${base}: no frontmatter`);
  const copied = parseYaml(match[1]);
  const nameKey = 'name' in copied ? 'name' : 'title';
  const data = { ...copied, slug: fullDataSlug, [nameKey]: 'Full Data Test Item', ...fullData };
  mkdirSync(join(folder, 'documents'), { recursive: true });
  for (const document of fullData.documents) {
    writeFileSync(
      join(folder, document.file),
      dataSheetPdf(document.title, [
        `${document.type}, ${document.region ?? 'all markets'}, language ${document.language}.`,
        'A test document: its values are made up.',
      ]),
    );
  }
  writeFileSync(join(folder, `${fullDataSlug}.md`), `---\n${stringifyYaml(data, { lineWidth: 0 })}---\n${match[2]}`);
  return { id: `${category}/${fullDataSlug}`, category, slug: fullDataSlug, data };
}

function unquote(value) {
  return /^".*"$/.test(value)
    ? JSON.parse(value)
    : /^'.*'$/.test(value)
      ? value.slice(1, -1).replaceAll("''", "'")
      : value;
}

function dirSize(dir) {
  return readdirSync(dir).reduce((n, name) => {
    const path = join(dir, name);
    const s = statSync(path);
    return n + (s.isDirectory() ? dirSize(path) : s.size);
  }, 0);
}

function htmlFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === '_astro' || name === 'admin' ? [] : htmlFiles(path);
    return name.endsWith('.html') ? [path] : [];
  });
}

/** The heaviest page of a build (or of `files`) by HTML + linked CSS, gzip, and how many pages exceed `maxKB`. */
function pageBytes(dist, maxKB, files = htmlFiles(dist)) {
  let heaviest = { route: '', kb: 0 };
  let over = 0;
  for (const file of files) {
    const html = readFileSync(file);
    const linked = splitStylesheets(html.toString()).linked.map((path) => readFileSync(join(dist, path)));
    const kb = [html, ...linked].reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0) / 1024;
    if (kb > maxKB) over++;
    if (kb > heaviest.kb)
      heaviest = {
        route:
          '/' +
          relative(dist, file)
            .replace(/(^|\/)index\.html$/, '')
            .replace(/\.html$/, ''),
        kb,
      };
  }
  return { pages: files.length, heaviest, over };
}

function addItems(root, extra) {
  const categories = categoryFolders(root);
  const sources = categories.map((category) => {
    const folder = join(root, productsFolder, category);
    return {
      folder,
      files: readdirSync(folder)
        .filter((name) => name.endsWith('.md'))
        .map((name) => readFileSync(join(folder, name), 'utf8')),
    };
  });
  for (let n = 1; n <= extra; n++) {
    const { folder, files } = sources[n % sources.length];
    writeFileSync(join(folder, `synthetic-${n}.md`), syntheticItem(files[n % files.length], n));
  }
}

/**
 * @param {number} extra items to add
 * @param {{ keep?: boolean }} [options] keep: leave the folder for further measurement
 */
function buildWith(extra, { keep = false } = {}) {
  const root = mkdtempSync(join(tmpdir(), 'bench-catalogue-'));
  try {
    for (const entry of [
      'astro.config.mjs',
      'tsconfig.json',
      'package.json',
      'netlify.toml',
      'src',
      'public',
      'scripts',
      'netlify',
      'bench',
      'tools',
    ]) {
      if (existsSync(entry)) cpSync(entry, join(root, entry), { recursive: true });
    }
    symlinkSync(join(process.cwd(), 'node_modules'), join(root, 'node_modules'));
    addItems(root, extra);
    const fullItem = addFullDataItem(root);
    const started = performance.now();
    const result = spawnSync('npm', ['run', 'build', '--silent'], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    });
    const seconds = (performance.now() - started) / 1000;
    if (result.status !== 0)
      throw new Error(
        `build with ${extra} extra items failed:\n${result.stdout.slice(-4000)}\n${result.stderr.slice(-4000)}`,
      );
    const fullPage = pageBytes(join(root, 'dist'), Infinity, [
      join(root, 'dist', 'products', `${fullItem.id}.html`),
    ]).heaviest;
    return { extra, seconds, bytes: dirSize(join(root, 'dist')), fullPage, root: keep ? root : undefined };
  } finally {
    if (!keep) rmSync(root, { recursive: true, force: true });
  }
}

/**
 * @param {number} n
 * @param {{ budgets: any, measureLargest?: (dist: string, fullItemRoute: string) => Promise<{ lines: string[], over: number }> }} options
 * @returns {Promise<{ lines: string[], over: number }>}
 */
export async function benchCatalogue(n, { budgets, measureLargest }) {
  const points = [];
  for (const extra of [0, Math.round(n / 2), n]) {
    const point = buildWith(extra, { keep: extra === n });
    console.error(`built with ${extra} extra items in ${point.seconds.toFixed(1)} s`);
    points.push(point);
  }
  const [base, half, full] = points;
  const lines = [];
  let over = 0;
  const mark = (ok, text) => {
    if (!ok) over++;
    return ok ? text : `**${text} ✗**`;
  };
  try {
    const bytes = pageBytes(join(full.root, 'dist'), budgets.bytes.htmlAndCssGzipKB.max);
    const perItemMs = ((full.seconds - base.seconds) / n) * 1000;
    const firstHalf = half.seconds - base.seconds;
    const secondHalf = full.seconds - half.seconds;
    // Linear: the second half of the items costs what the first did, within a quarter (or 2 s,
    // for small runs where the noise of a build is larger than the difference).
    const linear = Math.abs(secondHalf - firstHalf) <= Math.max(0.25 * Math.max(firstHalf, secondHalf), 2);
    lines.push('| extra items | build s | output MB |', '|---|---|---|');
    for (const p of points)
      lines.push(`| ${p.extra} | ${p.seconds.toFixed(1)} | ${(p.bytes / 1024 / 1024).toFixed(1)} |`);
    lines.push(
      '',
      `- per extra item: ${mark(perItemMs <= budgets.catalogue.msPerExtraItem.max, `${perItemMs.toFixed(1)} ms`)} (budget ≤ ${budgets.catalogue.msPerExtraItem.max} ms)`,
      `- growth: first half +${firstHalf.toFixed(1)} s, second half +${secondHalf.toFixed(1)} s: ${mark(linear, linear ? 'linear' : 'not linear')}`,
      `- pages of the largest build: ${bytes.pages}; heaviest ${bytes.heaviest.route} at ${bytes.heaviest.kb.toFixed(1)} KB HTML + CSS gzip; ${mark(
        bytes.over === 0,
        `${bytes.over} page(s) over ${budgets.bytes.htmlAndCssGzipKB.max} KB`,
      )}`,
      `- the full-data test item (${fullData.typicalProperties.length} typical properties, ${fullData.compliance.length} compliance entries, ${fullData.documents.length} documents in ${
        new Set(fullData.documents.map((d) => d.language)).size
      } languages), ${full.fullPage.route}: ${mark(full.fullPage.kb <= budgets.bytes.htmlAndCssGzipKB.max, `${full.fullPage.kb.toFixed(1)} KB HTML + CSS gzip`)} (budget ≤ ${budgets.bytes.htmlAndCssGzipKB.max} KB)`,
    );
    if (measureLargest) {
      const largest = await measureLargest(join(full.root, 'dist'), full.fullPage.route);
      lines.push(...largest.lines);
      over += largest.over;
    }
  } finally {
    rmSync(full.root, { recursive: true, force: true });
  }
  return { lines, over };
}
