/**
 * `npm run bench -- --visit`: what a visit of five pages costs on a slow phone, first and repeat,
 * with the service worker, so the choices it rests on are measured:
 *
 *   - the stylesheet inline in every page (`build.inlineStylesheets: 'always'`) against one
 *     stylesheet file (`'auto'` with astro.config.mjs's limit: the site's stylesheet a file, a
 *     small one inline), both with the site's worker;
 *   - the worker's strategy for kept pages, stale-while-revalidate against network first with a
 *     timeout (src/offline/bundle.mjs), on the build the site keeps;
 *   - the same visit with no worker, so the difference is what the worker costs a first visit.
 *
 * The visit: home, /products, a category, one of its items, /contact (`fivePageVisit`,
 * bench/five-page-visit.mjs, as `--low-bandwidth` measures it), in Chromium at 390 px,
 * each page from its navigation until the network has been quiet for 3 s after its load event
 * (so a worker's background work is counted too), 4x CPU slowdown. The network is a local link
 * (`startLink`, bench/link.mjs) every request crosses, the worker's included: 300 ms round trip and 250 kbit/s
 * each way, shared by all connections. (DevTools' network emulation would apply to the page's
 * requests only, not to the worker's.) Connections open without a handshake round trip, as with
 * DevTools' emulation. The repeat visit is the same five pages in a new tab of the same browser
 * profile (its HTTP cache and worker kept), once the first visit is over.
 *
 * Each variant is built into its own temporary folder (the project's dist/ is not touched) and
 * served by the local production server (tools/local-netlify/site-server.mjs).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { startPagesServer } from '../tools/local-netlify/site-server.mjs';
import { bundleWorker, siteStrategy, networkFirstTimeoutMs } from '../src/offline/bundle.mjs';
import { browserArgs } from './lighthouse.mjs';
import { fivePageVisit, phone, slowLink } from './five-page-visit.mjs';
import { startLink } from './link.mjs';

/** One visit of `paths` in a new tab of `context`: per page the bytes, first paint and load. */
async function visitPages(context, origin, link, paths, { worker }) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowLink.cpuSlowdown });
  const rows = [];
  for (const path of paths) {
    await link.quiet(500);
    const before = link.bytesDown();
    const response = await page.goto(`${origin}${path}`, { waitUntil: 'load', timeout: 120_000 });
    // The first paint may come after the load event on a slow CPU: wait for it (up to 10 s).
    const timing = await page.evaluate(
      () =>
        new Promise((resolve) => {
          const load = performance.getEntriesByType('navigation')[0]?.loadEventStart ?? NaN;
          const done = (fcp) => resolve({ fcp, load });
          new PerformanceObserver((list) => {
            const entry = list.getEntriesByName('first-contentful-paint')[0];
            if (entry) done(entry.startTime);
          }).observe({ type: 'paint', buffered: true });
          setTimeout(() => done(NaN), 10_000);
        }),
    );
    // What the page and the worker do after the load event (registration, keeping, refreshing,
    // a second after it; the home page's and the contact page's islands load when the browser is
    // idle after it), counted from the load event even when nothing has crossed the link since.
    await link.quiet(3000, performance.now());
    rows.push({
      path,
      fromWorker: response?.fromServiceWorker() ?? false,
      kb: (link.bytesDown() - before) / 1024,
      ...timing,
    });
  }
  if (worker) {
    // A page loaded before the worker took control announces itself to the worker: wait for it.
    await page.evaluate(() =>
      navigator.serviceWorker?.ready.then(() => new Promise((resolve) => setTimeout(resolve, 500))),
    );
    await link.quiet(1000);
  }
  await page.close();
  return rows;
}

/** A first visit and a repeat visit in one fresh browser profile. */
async function firstAndRepeat(browser, origin, link, paths, { worker }) {
  const context = await browser.newContext({ ...phone, serviceWorkers: worker ? 'allow' : 'block' });
  try {
    const first = await visitPages(context, origin, link, paths, { worker });
    const repeat = await visitPages(context, origin, link, paths, { worker });
    return { first, repeat };
  } finally {
    await context.close();
  }
}

const sum = (rows, key) => rows.reduce((n, row) => n + row[key], 0);

/** Builds the site with `inlineStylesheets` into a temporary folder; returns its dist/ and a cleanup. */
function buildVariant(project, inlineStylesheets) {
  const root = mkdtempSync(join(tmpdir(), `bench-visit-${inlineStylesheets}-`));
  const configDir = join(project, 'node_modules/.cache/bench-visit');
  mkdirSync(configDir, { recursive: true });
  const configFile = join(configDir, `astro.${inlineStylesheets}.config.mjs`);
  writeFileSync(
    configFile,
    `import config from '${relative(configDir, join(project, 'astro.config.mjs'))}';\nexport default { ...config, build: { ...config.build, inlineStylesheets: '${inlineStylesheets}' } };\n`,
  );
  const built = spawnSync(
    'astro',
    ['build', '--config', relative(project, configFile), '--outDir', join(root, 'dist')],
    { cwd: project, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  );
  if (built.status !== 0)
    throw new Error(`build with inlineStylesheets '${inlineStylesheets}' failed:\n${built.stdout}\n${built.stderr}`);
  cpSync(join(project, 'netlify.toml'), join(root, 'netlify.toml'));
  return { root, dist: join(root, 'dist'), remove: () => rmSync(root, { recursive: true, force: true }) };
}

/** The local production server over a built variant, behind the slow link. */
async function serveVariant(root) {
  const site = await startPagesServer(root);
  const link = await startLink({ targetPort: site.port });
  return { origin: `http://localhost:${link.port}`, link, close: async () => (await link.close(), await site.close()) };
}

/**
 * Every variant's first and repeat visit. `keep` is the stylesheet choice of astro.config.mjs,
 * on whose build the strategies and the visit without a worker are measured.
 */
export async function benchVisit({
  chromium,
  executablePath,
  project = process.cwd(),
  keep,
  log = (line) => process.stderr.write(`${line}\n`),
}) {
  const paths = fivePageVisit(project);
  const browser = await chromium.launch({ executablePath, args: browserArgs });
  const results = [];
  const measure = async (label, variant, options) => {
    const server = await serveVariant(variant.root);
    try {
      log(`visit: ${label}`);
      results.push({ label, ...(await firstAndRepeat(browser, server.origin, server.link, paths, options)) });
      log(visitTables({ paths, results: results.slice(-1) }).split('\n')[4]);
    } finally {
      await server.close();
    }
  };
  const variants = {};
  try {
    for (const inline of ['always', 'auto']) {
      log(`visit: building with inlineStylesheets '${inline}'`);
      variants[inline] = buildVariant(project, inline);
      await measure(
        `stylesheet ${inline === 'always' ? 'inline in every page' : 'one cached file'}, worker ${siteStrategy}`,
        variants[inline],
        { worker: true },
      );
    }
    const kept = variants[keep];
    await measure(`stylesheet ${keep === 'always' ? 'inline' : 'file'}, no worker`, kept, { worker: false });
    const alternative = siteStrategy === 'network-first' ? 'stale-while-revalidate' : 'network-first';
    const worker = await bundleWorker({
      dist: kept.dist,
      budgetsFile: join(project, 'bench/budgets.json'),
      strategy: alternative,
    });
    await measure(
      `stylesheet ${keep === 'always' ? 'inline' : 'file'}, worker ${alternative}${alternative === 'network-first' ? ` (${networkFirstTimeoutMs / 1000} s timeout)` : ''}`,
      kept,
      { worker: true },
    );
    log(`visit: the alternative worker was ${(worker.gzipBytes / 1024).toFixed(1)} KB gzip`);
  } finally {
    await browser.close();
    for (const variant of Object.values(variants)) variant.remove();
  }
  return { paths, results };
}

/** The results as Markdown tables: the totals, then each page. */
export function visitTables({ paths, results }) {
  const f = (n, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');
  const lines = [
    `Pages: ${paths.join(', ')}.`,
    '',
    '| variant | first visit KB | first: sum of first paints | first: sum of loads | repeat visit KB | repeat: sum of first paints | repeat: sum of loads |',
    '|---|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.label} | ${f(sum(r.first, 'kb'), 1)} | ${f(sum(r.first, 'fcp') / 1000, 2)} s | ${f(sum(r.first, 'load') / 1000, 2)} s | ${f(sum(r.repeat, 'kb'), 1)} | ${f(sum(r.repeat, 'fcp') / 1000, 2)} s | ${f(sum(r.repeat, 'load') / 1000, 2)} s |`,
    ),
    '',
    'Per page (KB, first paint ms, load ms; "w" = answered by the worker):',
    '',
    `| variant | visit | ${paths.join(' | ')} |`,
    `|---|---|${paths.map(() => '---').join('|')}|`,
  ];
  for (const r of results) {
    for (const visit of ['first', 'repeat']) {
      lines.push(
        `| ${r.label} | ${visit} | ${r[visit].map((p) => `${f(p.kb, 1)} KB, ${f(p.fcp)} / ${f(p.load)}${p.fromWorker ? ' w' : ''}`).join(' | ')} |`,
      );
    }
  }
  return lines.join('\n');
}

/** The `inlineStylesheets` value astro.config.mjs sets. */
export function configuredStylesheets(project = process.cwd()) {
  return readFileSync(join(project, 'astro.config.mjs'), 'utf8').match(/inlineStylesheets:\s*'(\w+)'/)?.[1] ?? 'auto';
}
