/**
 * The cheap guard on bytes that `npm test` keeps (the full budgets are measured by `npm run bench`):
 * HTML with its CSS (the site's stylesheet file, and any small one inline), and the JavaScript each
 * page's islands can load, gzip-compressed, read from the production build. A regression fails CI
 * before it reaches a visitor.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, inject, it } from 'vitest';
import { cspHash } from '../../src/security/csp';
import { inlineScript } from '../../tools/build/inline-scripts';
import { routes } from '../../src/model/routes';
import { fetchedAheadPaths } from '../../src/offline/requests';
import { splitStylesheets } from '../../src/model/page-stylesheets';
import { builtFiles, dist, routeOf } from '../support/site';
import { all, attribute, parseHtml, readPage, text, type Document } from '../support/html';

/** The sampling script as pages inline it (src/vitals/sample.inline.ts). */
const vitalsScript = inlineScript('src/vitals/sample.inline.ts').text;

const KB = 1024;
const gzipKB = (content: string | Buffer) => gzipSync(content, { level: 9 }).length / KB;
/** A file's size under dist/, KB gzip; pages share the site stylesheet and their island chunks, so each is compressed once. */
const fileKB = (() => {
  const known = new Map<string, number>();
  return (path: string) => known.get(path) ?? known.set(path, gzipKB(readFileSync(join(dist, path)))).get(path)!;
})();

/** Budgets in KB, gzip, from the one file `npm run bench` reads too. */
const { bytes, search } = JSON.parse(readFileSync(join(process.cwd(), 'bench/budgets.json'), 'utf8'));
const site = inject('site');
const budgets = {
  /** HTML + CSS of any page: the HTML, with any stylesheet inline, and the stylesheets it links. */
  htmlAndCss: bytes.htmlAndCssGzipKB.max as number,
  /** The stylesheets alone, inline and linked: the whole site shares one small theme. */
  css: bytes.cssGzipKB.max as number,
  /** Every script a page's islands may load, once all of them have hydrated (React included). */
  islandScripts: bytes.islandScriptsGzipKB.max as number,
  /** The service worker, /sw.js: not page JavaScript (it runs beside the pages), with a budget of its own. */
  serviceWorker: bytes.serviceWorkerGzipKB.max as number,
  /** The field-data script, /vitals.js: only a sampled page view loads it, once idle. */
  vitalsScript: bytes.vitalsScriptGzipKB.max as number,
  /** Each page the service worker fetches ahead, on every first visit: HTML with its CSS. */
  fetchedAheadPage: bytes.fetchedAheadPageGzipKB.max as number,
};

/** The scripts a page's islands load first: each island's component and renderer, as paths under dist/. */
const islandEntries = (document: Document) =>
  all('astro-island', document).flatMap((island) => ['component-url', 'renderer-url'].map((name) => attribute(island, name)).filter((url): url is string => !!url?.startsWith('/')).map((url) => url.slice(1)));

/** A script and every module it imports, as paths under dist/. */
function moduleClosure(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (path: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    const code = readFileSync(join(dist, path), 'utf8');
    // Every relative module path the chunk names: static imports and lazy ones alike.
    for (const match of code.matchAll(/["'](\.\/[^"'\s]+\.js)["']/g)) visit(join(path, '..', match[1]!));
  };
  entries.forEach(visit);
  return seen;
}

const scriptsWithSrc = (document: Document, src: string) => all('script[src]', document).filter((script) => attribute(script, 'src') === src);

describe('byte budgets of every built page', () => {
  it.each(builtFiles().map((file) => [routeOf(file), file]))('%s: HTML, CSS and island scripts within their budgets', (_, file) => {
    const html = readFileSync(file, 'utf8');
    const { inline, linked } = splitStylesheets(html);
    const linkedKB = linked.reduce((n, path) => n + fileKB(path), 0);
    expect(gzipKB(html) + linkedKB, 'HTML + CSS, KB gzip').toBeLessThanOrEqual(budgets.htmlAndCss);
    expect(gzipKB(inline.join('')) + linkedKB, 'CSS, inline and linked, KB gzip').toBeLessThanOrEqual(budgets.css);

    const scripts = [...moduleClosure(islandEntries(parseHtml(html)))];
    const scriptKB = scripts.reduce((n, path) => n + fileKB(path), 0);
    expect(scriptKB, `island scripts (${scripts.join(', ')}), KB gzip`).toBeLessThanOrEqual(budgets.islandScripts);
  });
});

describe('byte budgets of what pages load besides', () => {
  it('the guard sees the island scripts it budgets', () => {
    // The home page's statistic badge needs React; if the import scan missed modules, the budget
    // above would pass on too few bytes.
    const entries = islandEntries(readPage(join(dist, 'index.html')));
    const scripts = moduleClosure(entries);
    // Several islands share a renderer (and the top bar's two search fields one component).
    expect(scripts.size).toBeGreaterThan(new Set(entries).size);
    const total = [...scripts].reduce((n, path) => n + fileKB(path), 0);
    expect(total).toBeGreaterThan(40);
  });

  it('the service worker is within its own budget, and no page loads it as a script', () => {
    // A page registers the worker with its inline script; the browser fetches /sw.js itself, after
    // the load event, outside the page. It is not page JavaScript: the budgets of island scripts
    // and of JavaScript at 1280 px never count it, this one does.
    expect(gzipKB(readFileSync(join(dist, 'sw.js'))), '/sw.js, KB gzip').toBeLessThanOrEqual(budgets.serviceWorker);
    for (const file of builtFiles()) expect(scriptsWithSrc(readPage(file), '/sw.js'), routeOf(file)).toEqual([]);
  });

  it('the pages the service worker fetches ahead are within their own budget', () => {
    for (const path of fetchedAheadPaths) {
      expect(gzipKB(readFileSync(join(dist, `${path}.html`))), `${path}: HTML and its CSS, KB gzip`).toBeLessThanOrEqual(budgets.fetchedAheadPage);
    }
  });

  it('the field-data script is within its own budget, no page links it, and the sampling script every page carries is inline and in the policy', () => {
    // Outside the sample a page view fetches nothing for field data (tests/e2e/vitals.spec.ts shows
    // it in the browser): the decision is a few inline lines, and only a sampled-in view adds the file.
    expect(gzipKB(readFileSync(join(dist, routes.vitalsScript))), `${routes.vitalsScript}, KB gzip`).toBeLessThanOrEqual(budgets.vitalsScript);
    for (const file of builtFiles()) {
      const document = readPage(file);
      expect(scriptsWithSrc(document, routes.vitalsScript), routeOf(file)).toEqual([]);
      // The pages the service worker fetches ahead are opened from its copy, mostly offline: they
      // carry neither this script nor the worker's registration (src/layouts/SlimLayout.astro).
      const expected = (fetchedAheadPaths as readonly string[]).includes(routeOf(file)) ? 0 : 1;
      const carried = all('script:not([src])', document).filter((script) => text(script) === vitalsScript).length;
      expect(carried, `${routeOf(file)}: the sampling script, ${expected ? 'once' : 'never'}`).toBe(expected);
    }
    // The policy of every page that carries it lists its hash, the slim pages' only if they share a
    // rule with such a page (tests/dist/csp.test.ts checks every page's policy against its own HTML).
    const policies = readFileSync(join(dist, '_headers'), 'utf8').split('\n').filter((line) => line.includes('script-src'));
    expect(policies.filter((policy) => policy.includes(`'${cspHash(vitalsScript)}'`)).length).toBeGreaterThan(0);
    expect(policies.filter((policy) => !policy.includes(`'${cspHash(vitalsScript)}'`)).length, "policies without it: the slim pages' own, for their address and their file").toBeLessThanOrEqual(2 * fetchedAheadPaths.length);
    expect(gzipKB(vitalsScript) * KB, 'the sampling script, bytes gzip').toBeLessThan(300);
  });

  it("a search's answer is a few KB, the largest of them within the search's budget", async () => {
    // The islands ask the server for each query (src/pages/search/answer.json.ts): its answer is
    // all a first search from /search transfers. The largest answers are those of one letter,
    // which start the most words; each carries at most `shownResults` results.
    let largest = { query: '', kb: 0 };
    for (const letter of 'abcdefghijklmnopqrstuvwxyz') {
      const answer = await fetch(`${site}${routes.searchAnswer}?q=${letter}`);
      expect(answer.status, letter).toBe(200);
      const kb = gzipKB(Buffer.from(await answer.arrayBuffer()));
      if (kb > largest.kb) largest = { query: letter, kb };
    }
    expect(largest.kb, `the answer to "${largest.query}", KB gzip`).toBeLessThanOrEqual(search.answerGzipKB.max);
  });
});
