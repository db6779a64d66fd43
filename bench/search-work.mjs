/**
 * npm run bench -- --search-work [--catalogue-items N]: the work one search costs the server at a
 * catalogue of N extra items (default 10,000), the worst cases beside a typical query: an 8 KB `q`,
 * an empty `q`, 1,000 filter values the catalogue does not have. The engine itself
 * (src/search/catalogue-search.ts, bundled for Node with esbuild), in this process, over the index
 * of the content's entries and N synthetic items made from them (new names, codes and addresses),
 * so the figure is the search's work without the build, the network or the browser; `--catalogue N`
 * measures the same answers over HTTP on its largest build.
 *
 * Budget (bench/budgets.json, "searchWork"): each worst case within `worstOverTypical` times the
 * typical query's median.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { build } from 'esbuild';

async function engine(project) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-search-work-'));
  const outfile = join(dir, 'engine.mjs');
  try {
    await build({
      entryPoints: [join(project, 'bench/search-work-entry.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      outfile,
      absWorkingDir: project,
      logLevel: 'error',
    });
    // Resolved from the project, where its packages are.
    const copy = join(project, 'node_modules/.cache/bench-search-work.mjs');
    const { copyFileSync, mkdirSync } = await import('node:fs');
    mkdirSync(join(project, 'node_modules/.cache'), { recursive: true });
    copyFileSync(outfile, copy);
    return await import(pathToFileURL(copy).href);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** N extra entries made from the content's items: each a copy under a new name, code and address. */
function syntheticEntries(entries, n) {
  const items = entries.filter((entry) => !entry.page);
  return Array.from({ length: n }, (_, i) => {
    const { record, text } = items[i % items.length];
    return {
      record: {
        ...record,
        url: `${record.url}-synthetic-${i}`,
        name: `${record.name} Synthetic ${i}`,
        codes: record.codes.map((code) => `${code}-S${i}`),
      },
      text,
    };
  });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function benchSearchWork({ project = process.cwd(), items = 10_000, runs = 15, budget }) {
  const { searchAnswer, searchIndexOf, searchStateFromParams, synonyms, searchEntries } = await engine(project);
  const entries = [...searchEntries, ...syntheticEntries(searchEntries, items)];
  const index = searchIndexOf(entries);
  const names = searchEntries.filter((entry) => !entry.page).map((entry) => entry.record.name);
  const unknown = new URLSearchParams(Array.from({ length: 1000 }, (_, i) => ['category', `Not a category ${i}`]));
  const eightKb = Array.from({ length: 1100 }, (_, i) => names[i % names.length].split(' ')[0].toLowerCase())
    .join(' ')
    .slice(0, 8192);
  const cases = [
    {
      name: 'typical: a word of an item name',
      params: (run) => new URLSearchParams({ q: names[run % names.length].split(' ')[0] }),
    },
    { name: 'an 8 KB q', params: (run) => new URLSearchParams({ q: `${eightKb.slice(0, 8192 - 4)} ${run}` }) },
    { name: 'an empty q', params: () => new URLSearchParams({ q: '' }) },
    { name: '1,000 unknown filter values', params: () => unknown },
  ];
  // A first answer reads the index as a cold server does; the figures are of later answers.
  searchAnswer(index, searchStateFromParams(new URLSearchParams({ q: 'warm' })), synonyms);
  const rows = cases.map(({ name, params }) => {
    const times = [];
    let bytes = 0;
    for (let run = 0; run < runs; run++) {
      const start = performance.now();
      const answer = searchAnswer(index, searchStateFromParams(params(run)), synonyms);
      times.push(performance.now() - start);
      bytes = Math.max(bytes, JSON.stringify(answer).length);
    }
    return { name, ms: median(times), bytes };
  });
  const typical = rows[0].ms;
  return rows.map((row, i) => ({
    ...row,
    ratio: row.ms / typical,
    ok: i === 0 || row.ms <= budget.worstOverTypical * typical,
  }));
}

export function searchWorkTable(rows, budget) {
  return [
    `| search | median ms | × typical | answer KB | within ${budget.worstOverTypical}× |`,
    '|---|---|---|---|---|',
    ...rows.map(
      (row) =>
        `| ${row.name} | ${row.ms.toFixed(1)} | ${row.ratio.toFixed(2)} | ${(row.bytes / 1024).toFixed(1)} | ${row.ok ? 'yes' : '**no ✗**'} |`,
    ),
  ].join('\n');
}
