/**
 * npm run bench: the site-wide budgets of the performance issue, measured.
 *
 *   1. a clean production build (dist/ and the image cache removed), timed;
 *   2. the production server of `npm start`;
 *   3. Lighthouse (mobile, simulated throttling; median of 3 runs, figure by figure, each run in a
 *      fresh browser; the pages of `lcpMs.everyRun` held to their worst run's LCP) on
 *      every page of the build and the 404 page (at /404.html: Lighthouse refuses to score a
 *      page answered with status 404, and the HTML is the same);
 *   4. per page: HTML and CSS bytes (raw and gzip), the JavaScript a 1280 px desktop visitor
 *      downloads, the requests and total weight Lighthouse saw.
 *
 * Prints one table with each figure next to its budget and a last line "N within budget,
 * M over", writes the same to bench/results.md, and exits 1 when anything is over budget.
 *
 *   npm run bench -- --runs 1          one Lighthouse run per page (quicker, less stable)
 *   npm run bench -- --catalogue 1000  build cost with 1,000 extra catalogue items instead
 *   npm run bench -- --search          the search budgets alone (bench/search.mjs)
 *   npm run bench -- --low-bandwidth   the site on a 2G-like link, with and without lite mode
 *                                      (bench/low-bandwidth.mjs)
 *   npm run bench -- --visit           a five-page visit on a slow phone, first and repeat: the
 *                                      stylesheet inline or as a file, the service worker's strategy
 *                                      against network first, and no worker (bench/visit.mjs)
 *
 * The search budgets (first search's bytes and time, later queries) are measured after the pages,
 * on the same server, and written to their own section of bench/results.md.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { cpus, loadavg } from 'node:os';
import { gzipSync } from 'node:zlib';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { findChromium } from '../tools/chromium.ts';
import { splitStylesheets } from '../src/model/page-stylesheets.ts';
import { htmlElements } from '../src/text/html-elements.ts';
import { benchCatalogue } from './catalogue.mjs';
import {
  chromeFlags,
  lighthouseChecks,
  lighthouseFigures,
  lighthouseHeadings,
  repeatedRunsNote,
} from './lighthouse.mjs';
import { benchSearch, searchTable } from './search.mjs';
import { benchSearchWork, searchWorkTable } from './search-work.mjs';
import { benchLowBandwidth } from './low-bandwidth.mjs';
import { benchVisit, configuredStylesheets, visitTables } from './visit.mjs';
import { slowLink } from './five-page-visit.mjs';

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    catalogue: { type: 'string' },
    search: { type: 'boolean' },
    'search-work': { type: 'boolean' },
    items: { type: 'string', default: '10000' },
    'low-bandwidth': { type: 'boolean' },
    visit: { type: 'boolean' },
    port: { type: 'string', default: '4349' },
  },
});
/** The search's work per request, worst cases beside a typical query, as lines of bench/results.md. */
async function searchWorkLines(items) {
  const budget = JSON.parse(readFileSync('bench/budgets.json', 'utf8')).searchWork;
  const rows = await benchSearchWork({ items, budget });
  return {
    lines: [
      '',
      `The search's work per request at ${items.toLocaleString('en')} extra items (the engine in one process, median of 15; bench/search-work.mjs):`,
      '',
      searchWorkTable(rows, budget),
    ],
    over: rows.filter((row) => !row.ok).length,
  };
}

if (options['search-work']) {
  const items = Number(options.items);
  const { lines, over } = await searchWorkLines(items);
  const title = `Search work per request: ${items.toLocaleString('en')} extra items`;
  writeSection(
    title,
    `## ${title}\n\nMeasured by \`npm run bench -- --search-work --items ${items}\` on ${new Date().toISOString().slice(0, 10)}, on a machine with ${cpus().length} cores (load average ${loadavg()[0].toFixed(1)} at the start).\n${lines.join('\n')}\n`,
  );
  console.log(`${lines.join('\n')}\n\n${over ? `${over} over budget` : 'all within budget'}`);
  process.exit(over ? 1 : 0);
}

if (options.catalogue) {
  const n = Number(options.catalogue);
  const allBudgets = JSON.parse(readFileSync('bench/budgets.json', 'utf8'));
  // On the largest build, with its own server: the search budgets, with its own catalogue's names
  // and codes, and Lighthouse on the full-data test item's page (the pages of the content have
  // theirs in the standard bench).
  const measureLargest = async (dist, fullItemRoute) => {
    const project = dirname(dist);
    const searchPort = Number(options.port);
    const server = spawn(process.execPath, ['scripts/serve.mjs'], {
      cwd: project,
      env: { ...process.env, PORT: String(searchPort) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      await new Promise((resolve, reject) => {
        server.stdout.on('data', (chunk) => String(chunk).includes('Site ready') && resolve());
        server.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
      });
      const rows = await benchSearch({
        chromium,
        origin: `http://localhost:${searchPort}`,
        executablePath: findChromium().full,
        budgets: allBudgets.search,
        project,
      });
      const figures = await lighthouseFigures(`http://localhost:${searchPort}${fullItemRoute}`, {
        runs: Number(options.runs),
      });
      const checks = lighthouseChecks(figures, allBudgets.lighthouse);
      const cell = ({ ok, text }) => (ok ? text : `**${text} ✗**`);
      return {
        lines: [
          '',
          `Lighthouse on the full-data test item's page (${options.runs} runs, median; mobile, simulated throttling):`,
          '',
          `| page | ${lighthouseHeadings(allBudgets.lighthouse).join(' | ')} | weight KB |`,
          `|---|${checks.map(() => '---|').join('')}---|`,
          `| ${fullItemRoute} | ${checks.map(cell).join(' | ')} | ${figures.weightKB.toFixed(1)} |`,
          '',
          repeatedRunsNote([{ route: fullItemRoute, repeated: figures.repeated }]),
          '',
          `Search on the largest build (${n.toLocaleString('en')} extra items; the same budgets: each answer carries at most one page of results):`,
          '',
          searchTable(rows),
        ],
        over: rows.filter((row) => row.budget && !row.ok).length + checks.filter((c) => !c.ok).length,
      };
    } finally {
      server.kill('SIGTERM');
    }
  };
  const grown = await benchCatalogue(n, { budgets: allBudgets, measureLargest });
  const work = await searchWorkLines(n);
  const lines = [...grown.lines, ...work.lines];
  const over = grown.over + work.over;
  const section = `## Catalogue growth: ${n.toLocaleString('en')} extra items\n\nMeasured by \`npm run bench -- --catalogue ${n}\` on ${new Date().toISOString().slice(0, 10)}, on a machine with ${cpus().length} cores (load average ${loadavg()[0].toFixed(1)} at the start).\n\n${lines.join('\n')}\n`;
  writeSection(`Catalogue growth: ${n.toLocaleString('en')} extra items`, section);
  console.log(`\n${lines.join('\n')}\n\n${over ? `${over} over budget` : 'all within budget'}`);
  process.exit(over ? 1 : 0);
}

const runs = Number(options.runs);
const port = Number(options.port);
const origin = `http://localhost:${port}`;
const kb = (bytes) => bytes / 1024;
// Every budget lives in bench/budgets.json, which the byte guard of `npm test` reads too.
const {
  lighthouse: lh,
  bytes: byteBudgets,
  build: buildBudget,
  search: searchBudgets,
} = JSON.parse(readFileSync('bench/budgets.json', 'utf8'));
const budgets = {
  htmlCssGzip: byteBudgets.htmlAndCssGzipKB,
  js1280: byteBudgets.jsAt1280WithoutIslandKB,
  homeWeight: byteBudgets.homeWeightKB,
  buildPerPage: buildBudget.secondsPerPage,
};

/** Runs the search budgets against the server at `origin`; writes their section of bench/results.md. */
async function measureSearch() {
  const load = loadavg()[0];
  const rows = await benchSearch({
    chromium,
    origin,
    executablePath: findChromium().full,
    budgets: searchBudgets,
  });
  const table = searchTable(rows);
  const over = rows.filter((row) => row.ok === false).length;
  const within = rows.filter((row) => row.ok === true).length;
  const section = `## Search\n\nMeasured by \`npm run bench\` (or \`npm run bench -- --search\`) on ${new Date().toISOString().slice(0, 10)} (bench/search.mjs): Chromium with the low-bandwidth profile's link (${slowLink.rttMs} ms round trip, ${slowLink.kbps} kbit/s each way, applied to every request) and ${slowLink.cpuSlowdown}x CPU slowdown, from the click into the search field and its first keystroke: on /search at 390 px once the page had settled, and in the top bar of /about at 1280 px before its island had loaded; machine with ${cpus().length} cores (load average ${load.toFixed(1)} at the start).\n\n${table}\n\n${within} within budget, ${over} over\n`;
  writeSection('Search', section);
  console.log(`\n${table}\n\nsearch: ${within} within budget, ${over} over`);
  return { within, over };
}

/** Replaces (or adds) one `## title` section of bench/results.md, keeping the rest. */
function writeSection(title, section) {
  const text = existsSync('bench/results.md') ? readFileSync('bench/results.md', 'utf8') : '# Benchmark results\n';
  const parts = text.split(/^(?=## )/m);
  const at = parts.findIndex((part) => part.startsWith(`## ${title}\n`));
  if (at === -1) parts.push(`\n${section}`);
  else parts[at] = `${section}\n`;
  writeFileSync('bench/results.md', parts.join('').replace(/\n{3,}/g, '\n\n'));
}

async function startServer() {
  const server = spawn(process.execPath, ['scripts/serve.mjs'], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    server.stdout.on('data', (chunk) => String(chunk).includes('Site ready') && resolve());
    server.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return server;
}

/** A production build (exits with its output if it fails), then the server over it. */
async function buildAndServe() {
  const built = spawnSync('astro', ['build'], { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
  if (built.status !== 0) {
    console.error(built.stdout);
    process.exit(1);
  }
  return startServer();
}

if (options['low-bandwidth']) {
  const server = await buildAndServe();
  try {
    const load = loadavg()[0];
    const { rows, table } = await benchLowBandwidth({
      chromium,
      origin,
      executablePath: findChromium().full,
      budgets: JSON.parse(readFileSync('bench/budgets.json', 'utf8')).lowBandwidth,
    });
    const over = rows.filter((row) => row.budget && !row.ok).length;
    const within = rows.filter((row) => row.budget && row.ok).length;
    const section = `## Low bandwidth\n\nMeasured by \`npm run bench -- --low-bandwidth\` on ${new Date().toISOString().slice(0, 10)}: Chromium at 390 px with a 2G-like profile applied by DevTools (300 ms round trip, 250 kbit/s down and up, CPU 4x slower), with and without lite mode (Chromium's data-saver emulation); machine with ${cpus().length} cores (load average ${load.toFixed(1)} at the start).\n\n${table}\n\n${within} within budget, ${over} over\n`;
    writeSection('Low bandwidth', section);
    console.log(`\n${table}\n\nlow bandwidth: ${within} within budget, ${over} over`);
    process.exitCode = over ? 1 : 0;
  } finally {
    server.kill('SIGTERM');
  }
  process.exit();
}

if (options.visit) {
  const load = loadavg()[0];
  const keep = configuredStylesheets();
  const tables = visitTables(await benchVisit({ chromium, executablePath: findChromium().full, keep }));
  const section = `## Five-page visit\n\nMeasured by \`npm run bench -- --visit\` on ${new Date().toISOString().slice(0, 10)} (bench/visit.mjs): Chromium at 390 px, ${slowLink.rttMs} ms round trip and ${slowLink.kbps} kbit/s each way for every request (the service worker's too), ${slowLink.cpuSlowdown}x CPU slowdown; each page until the network has been quiet for 3 s (so the islands that load after the load event, and the worker's work, count for the page that caused them); the repeat visit in a new tab of the same profile. Machine with ${cpus().length} cores (load average ${load.toFixed(1)} at the start); astro.config.mjs has \`inlineStylesheets: '${keep}'\`.\n\n${tables}\n`;
  writeSection('Five-page visit', section);
  console.log(`\n${tables}`);
  process.exit(0);
}

if (options.search) {
  const server = await buildAndServe();
  try {
    const { over } = await measureSearch();
    process.exitCode = over ? 1 : 0;
  } finally {
    server.kill('SIGTERM');
  }
  process.exit();
}

// 1. Clean build.
rmSync('dist', { recursive: true, force: true });
rmSync('node_modules/.astro', { recursive: true, force: true });
const started = performance.now();
const build = spawnSync('astro', ['build'], { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
const buildSeconds = (performance.now() - started) / 1000;
if (build.status !== 0) {
  console.error(build.stdout);
  process.exit(1);
}

const dist = join(process.cwd(), 'dist');
const htmlFiles = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    // /admin is the content editors' CMS, not a page of the site: it has no budget.
    if (statSync(path).isDirectory()) return name === '_astro' || name === 'admin' ? [] : htmlFiles(path);
    return name.endsWith('.html') ? [path] : [];
  });
const pages = htmlFiles(dist).map((file) => {
  const route =
    '/' +
    relative(dist, file)
      .replace(/\.html$/, '')
      .replace(/(^|\/)index$/, '');
  return { file, route, url: route === '/404' ? `${origin}/404.html` : `${origin}${route}` };
});
const buildPerPage = buildSeconds / pages.length;

// 2. The production server.
const server = await startServer();

const rows = [];
/** @type {{ within: number, over: number }} */
let searchResult;
try {
  // JavaScript at 1280 px, from a desktop browser.
  const browser = await chromium.launch({ executablePath: findChromium().full, args: chromeFlags.slice(1) });
  const desktopJs = new Map();
  const desktopRequests = new Map();
  for (const page of pages) {
    // Pictures are encoded by the image CDN on first request and cached there; a visit at a
    // phone's width first fills that cache, as earlier visitors do on the real site.
    const phone = await browser.newPage({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 });
    await phone.goto(page.url, { waitUntil: 'networkidle' });
    await phone.mouse.wheel(0, 20_000);
    await phone.waitForLoadState('networkidle');
    await phone.close();

    const tab = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const scripts = new Set();
    let requests = 0;
    tab.on('request', (request) => {
      requests++;
      if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
    });
    await tab.goto(page.url, { waitUntil: 'networkidle' });
    await tab.mouse.wheel(0, 20_000);
    await tab.waitForLoadState('networkidle');
    await tab.close();
    desktopJs.set(page.route, [...scripts]);
    desktopRequests.set(page.route, requests);
  }
  await browser.close();

  {
    for (const page of pages) {
      const html = readFileSync(page.file);
      // A stylesheet inline is counted in the HTML's bytes, a linked one is not; the CSS column
      // shows both, and the HTML + CSS budget adds the linked ones to the HTML.
      const { inline, linked } = splitStylesheets(html.toString());
      const inlineCss = inline.map((css) => Buffer.from(css));
      const linkedCss = linked.map((path) => readFileSync(join(dist, path)));
      const js = desktopJs.get(page.route).map((path) => readFileSync(join(dist, path)));
      const size = (buffers) => ({
        raw: kb(buffers.reduce((n, b) => n + b.length, 0)),
        gzip: kb(buffers.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0)),
      });

      const lcpEveryRun = (lh.lcpMs.everyRun ?? []).includes(page.route);
      const figures = await lighthouseFigures(page.url, { runs, lcpEveryRun });
      const elements = htmlElements(html.toString(), ['meta', 'astro-island']);
      const noindex = elements.some(
        (e) => e.name === 'meta' && e.attributes.name === 'robots' && e.attributes.content === 'noindex',
      );
      const islandAt1280 = elements.some(
        (e) => e.name === 'astro-island' && ['load', 'idle', 'visible', 'settled'].includes(e.attributes.client ?? ''),
      );
      rows.push({
        route: page.route,
        noindex,
        islandAt1280,
        figures,
        html: size([html]),
        css: size([...inlineCss, ...linkedCss]),
        linkedCss: size(linkedCss),
        js: size(js),
        requests: desktopRequests.get(page.route),
      });
      process.stderr.write(`measured ${page.route}\n`);
    }
  }
  searchResult = await measureSearch();
} finally {
  server.kill('SIGTERM');
}

// 3. The table.
let within = 0;
let over = 0;
const mark = ({ ok, text }) => {
  if (ok) within++;
  else over++;
  return ok ? text : `**${text} ✗**`;
};
const check = (value, budget, text) =>
  mark({ ok: budget.min !== undefined ? value >= budget.min : value <= budget.max, text });
const f1 = (n) => n.toFixed(1);
// The Lighthouse columns come from lighthouseChecks, the rest are this table's own.
const headings = lighthouseHeadings(lh);
const lines = [
  `| page | ${headings.join(' | ')} | HTML KB raw/gz | CSS KB raw/gz (inline + linked) | HTML+CSS gz ≤${budgets.htmlCssGzip.max} KB | JS at 1280 px KB raw/gz | requests at 1280 px | weight KB |`,
  `|---|${headings.map(() => '---|').join('')}---|---|---|---|---|---|`,
];
for (const r of rows) {
  // A page kept out of search engines (noindex) is not held to the SEO score.
  const lighthouseCells = lighthouseChecks(r.figures, lh).map((c) =>
    c.key === 'seo' && r.noindex ? `${c.text} (noindex)` : mark(c),
  );
  // Pages with an island that hydrates on wide screens (not only on a click of a small-screen toggle) may load script.
  const islandPage = r.islandAt1280;
  const weight = r.figures.weightKB;
  lines.push(
    `| ${r.route} | ${lighthouseCells.join(' | ')} | ${f1(r.html.raw)} / ${f1(r.html.gzip)} | ${f1(r.css.raw)} / ${f1(r.css.gzip)} | ${check(
      r.html.gzip + r.linkedCss.gzip,
      budgets.htmlCssGzip,
      f1(r.html.gzip + r.linkedCss.gzip),
    )} | ${islandPage ? `${f1(r.js.raw)} / ${f1(r.js.gzip)} (island)` : check(r.js.raw, budgets.js1280, `${f1(r.js.raw)} / ${f1(r.js.gzip)}`)} | ${r.requests} | ${
      r.route === '/' ? check(weight, budgets.homeWeight, `${f1(weight)} (≤${budgets.homeWeight.max})`) : f1(weight)
    } |`,
  );
}
const buildLine = `Clean production build: ${buildSeconds.toFixed(1)} s for ${pages.length} pages = ${check(buildPerPage, budgets.buildPerPage, `${buildPerPage.toFixed(2)} s per page`)} (budget ≤ ${budgets.buildPerPage.max} s per page, ${runs} Lighthouse run(s) per page, median).`;
const summary = `${within} within budget, ${over} over\n\n${repeatedRunsNote(rows.map((r) => ({ route: r.route, repeated: r.figures.repeated })))}`;
const report = `# Benchmark results\n\nMeasured by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}, Lighthouse ${lighthouseVersion()} mobile with simulated throttling, on a machine with ${cpus().length} cores.\n\n${buildLine}\n\n${lines.join('\n')}\n\n${summary}\n`;
mkdirSync('bench', { recursive: true });
// Sections other benchmarks write (## headings, e.g. the contact endpoint's) are kept.
const otherSections = existsSync('bench/results.md')
  ? readFileSync('bench/results.md', 'utf8')
      .split(/^(?=## )/m)
      .slice(1)
      .join('')
  : '';
writeFileSync('bench/results.md', otherSections ? `${report}\n${otherSections}` : report);
console.log(
  `\n${buildLine}\n\n${lines.join('\n')}\n\n${summary}\nsearch: ${searchResult.within} within budget, ${searchResult.over} over (section "Search" of bench/results.md)`,
);
process.exitCode = over || searchResult.over ? 1 : 0;

function lighthouseVersion() {
  return JSON.parse(readFileSync('node_modules/lighthouse/package.json', 'utf8')).version;
}
