/**
 * npm run bench -- --catalogue N: how the build grows with the catalogue. Copies the project to a
 * temporary folder, adds 0, N/2 and N synthetic catalogue items spread over the categories,
 * builds each, and reports build time, pages, output size and the heaviest page.
 *
 * Goals (bench/budgets.json, "catalogue"): each extra item adds at most `msPerExtraItem` to the
 * build on this machine, the growth is linear (the second half costs about what the first did),
 * and every page of the largest build stays within the byte budget of every page (HTML and CSS,
 * gzip). `measureSearch`, when given, is called on the largest build's dist/ and its figures are
 * printed with the rest.
 *
 * A synthetic item is a copy of a real item of the same category with its name, codes and order
 * made unique, so it is valid whatever fields the schemas gain, and reuses that item's picture.
 * A build only copies pictures (Netlify Image CDN resizes them when first requested), so a new
 * picture an editor adds costs the copy of one file.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

const productsFolder = 'src/content/products';

/** Front-matter keys whose value names an item (made unique with a suffix). */
const nameKeys = new Set(['name', 'title', 'variantName']);
/** Front-matter keys whose value is a product code (replaced by a synthetic code). */
const codeKeys = new Set(['variant']);

/**
 * The text of synthetic item `n` made from a real item's file: names get " S<n>", single codes
 * become "SYN-<n>", list codes (the `variants:` lists) get "-S<n>", and `order` moves past the
 * real items. Everything else, the body included, stays as it is.
 * @param {string} text
 * @param {number} n
 */
function syntheticItem(text, n) {
  const lines = text.split('\n');
  let inFrontmatter = false;
  let list = '';
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
        if (key === 'order') return `order: ${100_000 + n}`;
        if (nameKeys.has(key) && value) return `${key}: ${JSON.stringify(`${unquote(value)} S${n}`)}`;
        if (codeKeys.has(key) && value) return `${key}: SYN-${n}`;
        return line;
      }
      const item = /^(\s+-\s+)(.*)$/.exec(line);
      if (item && list === 'variants') return `${item[1]}${JSON.stringify(`${unquote(item[2])}-S${n}`)}`;
      return line;
    })
    .join('\n');
}

function unquote(value) {
  return /^".*"$/.test(value) ? JSON.parse(value) : /^'.*'$/.test(value) ? value.slice(1, -1).replaceAll("''", "'") : value;
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
    if (statSync(path).isDirectory()) return name === '_astro' || name === 'admin' || name === 'pagefind' ? [] : htmlFiles(path);
    return name.endsWith('.html') ? [path] : [];
  });
}

/** The heaviest page of a build by HTML + linked CSS, gzip, and how many pages exceed `maxKB`. */
function pageBytes(dist, maxKB) {
  let heaviest = { route: '', kb: 0 };
  let over = 0;
  const files = htmlFiles(dist);
  for (const file of files) {
    const html = readFileSync(file);
    const linked = [...html.toString().matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((m) => readFileSync(join(dist, m[1])));
    const kb = [html, ...linked].reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0) / 1024;
    if (kb > maxKB) over++;
    if (kb > heaviest.kb) heaviest = { route: '/' + relative(dist, file).replace(/(^|\/)index\.html$/, '').replace(/\.html$/, ''), kb };
  }
  return { pages: files.length, heaviest, over };
}

function addItems(root, extra) {
  const categories = readdirSync(join(root, productsFolder)).filter((name) => statSync(join(root, productsFolder, name)).isDirectory());
  const sources = categories.map((category) => {
    const folder = join(root, productsFolder, category);
    return { folder, files: readdirSync(folder).filter((name) => name.endsWith('.md')).map((name) => readFileSync(join(folder, name), 'utf8')) };
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
    for (const entry of ['astro.config.mjs', 'tsconfig.json', 'package.json', 'netlify.toml', 'src', 'public', 'scripts', 'netlify', 'bench']) {
      if (existsSync(entry)) cpSync(entry, join(root, entry), { recursive: true });
    }
    symlinkSync(join(process.cwd(), 'node_modules'), join(root, 'node_modules'));
    addItems(root, extra);
    const started = performance.now();
    const result = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
    const seconds = (performance.now() - started) / 1000;
    if (result.status !== 0) throw new Error(`build with ${extra} extra items failed:\n${result.stdout.slice(-4000)}\n${result.stderr.slice(-4000)}`);
    return { extra, seconds, bytes: dirSize(join(root, 'dist')), root: keep ? root : undefined };
  } finally {
    if (!keep) rmSync(root, { recursive: true, force: true });
  }
}

/**
 * @param {number} n
 * @param {{ budgets: any, measureSearch?: (dist: string) => Promise<{ lines: string[], over: number }> }} options
 * @returns {Promise<{ lines: string[], over: number }>}
 */
export async function benchCatalogue(n, { budgets, measureSearch }) {
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
    for (const p of points) lines.push(`| ${p.extra} | ${p.seconds.toFixed(1)} | ${(p.bytes / 1024 / 1024).toFixed(1)} |`);
    lines.push(
      '',
      `- per extra item: ${mark(perItemMs <= budgets.catalogue.msPerExtraItem.max, `${perItemMs.toFixed(1)} ms`)} (budget ≤ ${budgets.catalogue.msPerExtraItem.max} ms)`,
      `- growth: first half +${firstHalf.toFixed(1)} s, second half +${secondHalf.toFixed(1)} s: ${mark(linear, linear ? 'linear' : 'not linear')}`,
      `- pages of the largest build: ${bytes.pages}; heaviest ${bytes.heaviest.route} at ${bytes.heaviest.kb.toFixed(1)} KB HTML + CSS gzip; ${mark(
        bytes.over === 0,
        `${bytes.over} page(s) over ${budgets.bytes.htmlAndCssGzipKB.max} KB`,
      )}`,
    );
    if (measureSearch) {
      const search = await measureSearch(join(full.root, 'dist'));
      lines.push(...search.lines);
      over += search.over;
    }
  } finally {
    rmSync(full.root, { recursive: true, force: true });
  }
  return { lines, over };
}
