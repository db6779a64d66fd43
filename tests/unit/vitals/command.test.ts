/**
 * `npm run vitals` on a local store holding beacons of several days, kinds of page and
 * connections, beside a lab table; and on the live site's store through Netlify's API (a local
 * Blobs server answering as the API does), as `npm run messages` is tested. The command runs in
 * this process, through the function the script calls; a refused time and the live store's
 * report run as the operator runs them (a child process of the script).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BlobsServer } from '@netlify/blobs/server';
import { getStore } from '@netlify/blobs';
import type { StoredBeacon } from '../../../src/vitals/beacon';
import { blobsVitalsStore, vitalsStoreName } from '../../../src/vitals/store';
import { labFigures, technologySlugs } from '../../../src/vitals/report.mjs';
import { runVitals } from '../../../tools/commands/vitals-command.mjs';
import { runInProcess } from '../command-in-process';

const run = promisify(execFile);
const now = '2026-11-25T12:00:00.000Z';
const daysAgo = (days: number, hour = 9) =>
  new Date(Date.parse(now) - days * 86_400_000 + (hour - 12) * 3_600_000).toISOString();
const beacon = (at: string, fields: Partial<StoredBeacon>): StoredBeacon => ({
  v: 1,
  page: 'item',
  conn: '4g',
  device: 'phone',
  at,
  ...fields,
});

const beacons = [
  beacon(daysAgo(0), { LCP: 1000, CLS: 0, TTFB: 100 }),
  beacon(daysAgo(1), { LCP: 2000, CLS: 0.1, TTFB: 200, INP: 80 }),
  beacon(daysAgo(3), { LCP: 3000, CLS: 0.2, TTFB: 300, conn: '3g' }),
  beacon(daysAgo(6), { LCP: 4000, CLS: 0.3, TTFB: 400, INP: 300 }),
  // Only in the last 28 days.
  beacon(daysAgo(10), { page: 'home', conn: 'unknown', device: 'desktop', LCP: 5000, TTFB: 900 }),
  // In neither.
  beacon(daysAgo(40), { LCP: 99_999, TTFB: 99_999 }),
];

const lab = `# Benchmark results

Measured by \`npm run bench\` on 2026-11-20, Lighthouse 13.5.0 mobile with simulated throttling, on a machine with 2 cores.

| page | perf ≥99 | LCP ≤1200 ms | CLS ≤0.01 | TBT ≤50 ms | HTML KB raw/gz |
|---|---|---|---|---|---|
| / | 100 | 1059 | 0.000 | 0 | 122.9 / 24.2 |
| /products/pigments/binders | 100 | **1279 ✗** | 0.000 | 4 | 91.4 / 20.2 |
| /products/pigments/micro | 100 | 900 | 0.002 | 0 | 91.2 / 20.1 |

Other text.
`;

let directory: string;
let labFile: string;
beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'vitals-command-'));
  labFile = join(directory, 'results.md');
  writeFileSync(labFile, lab);
});
afterEach(() => rmSync(directory, { recursive: true, force: true }));

/** The local store in `directory`, as `npm start` writes it (site "0"), while `work` runs. */
async function seedLocal(list: StoredBeacon[]) {
  const server = new BlobsServer({ directory: join(directory, 'store'), token: 't', port: 0 });
  const { port } = await server.start();
  try {
    const url = `http://localhost:${port}`;
    const store = blobsVitalsStore(
      getStore({
        name: vitalsStoreName,
        siteID: '0',
        token: 't',
        edgeURL: url,
        uncachedEdgeURL: url,
        consistency: 'strong',
      }),
    );
    for (const each of list) await store.add(each);
  } finally {
    await server.stop();
  }
}

const vitals = (...args: string[]) =>
  runInProcess(runVitals, ['--now', now, '--lab', labFile, ...args], {
    ...process.env,
    NETLIFY_AUTH_TOKEN: '',
    NETLIFY_SITE_ID: '',
  });

/** The cells of the row named `label` in the window of `days` days. */
function row(output: string, days: number, label: string, after?: string): string[] {
  const section = output.split(/\n(?=Last \d+ days)/).find((part) => part.startsWith(`Last ${days} days`))!;
  const lines = section.split('\n');
  const from = after ? lines.findIndex((line) => line.startsWith(after)) : 0;
  const line = lines.slice(from).find((each) => each.trim().split(/\s+/)[0] === label);
  return line ? line.trim().split(/\s+/) : [];
}

describe('npm run vitals on a local store', () => {
  it('--help says what it prints and where it reads', async () => {
    const help = await vitals('--help');
    for (const words of [
      'LCP, INP, CLS and TTFB',
      '7',
      '28 days',
      'bench/results.md',
      '--token',
      '--site',
      'NETLIFY_AUTH_TOKEN',
      'NETLIFY_SITE_ID',
      'VITALS_SAMPLE',
    ])
      expect(help).toContain(words);
  });

  it('prints the p75 of each metric for the last 7 and 28 days, by kind of page, connection and width, beside the lab', async () => {
    await seedLocal(beacons);
    const output = await vitals('--dir', join(directory, 'store'));
    expect(output).toContain('in the local store');
    expect(output).toContain('Lab: ');
    expect(output).toContain('of 2026-11-20');
    expect(output).toContain('Last 7 days (2026-11-19 to 2026-11-25): 4 page view(s)');
    expect(output).toContain('Last 28 days (2026-10-29 to 2026-11-25): 5 page view(s)');
    // views, LCP, INP, CLS, TTFB | lab pages, LCP, TBT, CLS: all pages of the lab, p75 over them.
    expect(row(output, 7, 'all')).toEqual(['all', '4', '3000', '300', '0.200', '300', '|', '3', '1279', '4', '0.002']);
    expect(row(output, 7, 'item', 'by kind')).toEqual([
      'item',
      '4',
      '3000',
      '300',
      '0.200',
      '300',
      '|',
      '2',
      '1279',
      '4',
      '0.002',
    ]);
    // The home page has no field data in the last 7 days, but the lab's figure is there to compare.
    expect(row(output, 7, 'home', 'by kind')).toEqual([
      'home',
      '0',
      '-',
      '-',
      '-',
      '-',
      '|',
      '1',
      '1059',
      '0',
      '0.000',
    ]);
    expect(row(output, 7, '4g', 'by connection')).toEqual(['4g', '3', '4000', '300', '0.300', '400', '|']);
    expect(row(output, 7, '3g', 'by connection')).toEqual(['3g', '1', '3000', '-', '0.200', '300', '|']);
    expect(row(output, 7, 'phone', 'by window')).toEqual(['phone', '4', '3000', '300', '0.200', '300', '|']);
    expect(row(output, 28, 'all').slice(0, 6)).toEqual(['all', '5', '4000', '300', '0.200', '400']);
    expect(row(output, 28, 'home', 'by kind').slice(0, 6)).toEqual(['home', '1', '5000', '-', '-', '900']);
    expect(row(output, 28, 'unknown', 'by connection').slice(0, 3)).toEqual(['unknown', '1', '5000']);
    expect(row(output, 28, 'desktop', 'by window').slice(0, 3)).toEqual(['desktop', '1', '5000']);
    // The beacon of 40 days ago counts in neither window.
    expect(output).not.toContain('99999');
  });

  it('says where field data comes from when the store has none', async () => {
    const output = await vitals('--dir', join(directory, 'none'));
    expect(output).toContain('No field data yet in the local store');
    expect(output).toContain('Last 7 days (2026-11-19 to 2026-11-25): 0 page view(s)');
  });

  it('refuses a time it cannot read', async () => {
    await expect(run(process.execPath, ['scripts/vitals.mjs', '--now', 'yesterday'])).rejects.toMatchObject({
      stderr: expect.stringContaining('--now "yesterday" is not a time'),
    });
  });
});

describe('npm run vitals on the production store', () => {
  it("with a token and a site id, reads the site's store through Netlify's API", async () => {
    const server = new BlobsServer({ directory, token: 'personal-token', port: 0 });
    const { port } = await server.start();
    try {
      const api = `http://localhost:${port}`;
      const store = blobsVitalsStore(
        getStore({ name: vitalsStoreName, siteID: 'site-123', token: 'personal-token', apiURL: api }),
      );
      for (const each of beacons) await store.add(each);
      const env = {
        ...process.env,
        NETLIFY_AUTH_TOKEN: 'personal-token',
        NETLIFY_SITE_ID: 'site-123',
        NETLIFY_API_URL: api,
      };
      const { stdout } = await run(process.execPath, ['scripts/vitals.mjs', '--now', now, '--lab', labFile], { env });
      expect(stdout).toContain('in store "web-vitals" of Netlify site site-123');
      expect(row(stdout, 7, 'all').slice(0, 6)).toEqual(['all', '4', '3000', '300', '0.200', '300']);
      expect(row(stdout, 28, 'all').slice(0, 3)).toEqual(['all', '5', '4000']);
      // Flags as well as the environment; a token alone is not enough.
      const flags = await runInProcess(runVitals, ['--now', now, '--token', 'personal-token', '--site', 'site-123'], {
        ...process.env,
        NETLIFY_API_URL: api,
      });
      expect(flags).toContain('Last 28 days (2026-10-29 to 2026-11-25): 5 page view(s)');
      await expect(
        runInProcess(runVitals, ['--token', 'x'], { ...process.env, NETLIFY_SITE_ID: '' }),
      ).rejects.toMatchObject({
        stderr: expect.stringContaining('needs both a Netlify token'),
      });
    } finally {
      await server.stop();
    }
  });
});

describe('the lab figures', () => {
  it("read the bench's own table, every page counted once under its kind", () => {
    const markdown = readFileSync('bench/results.md', 'utf8');
    const figures = labFigures(markdown, technologySlugs())!;
    // The pages' table is the file's first part; later sections (## ...) have tables of their own,
    // such as the catalogue bench's row for its full-data test item.
    const rows = markdown
      .split(/^## /m)[0]!
      .split('\n')
      .filter((line) => /^\| \/\S* \| \d/.test(line));
    expect(figures.all.pages).toBe(rows.length);
    expect([...figures.byPage.values()].reduce((n, s) => n + s.pages, 0)).toBe(rows.length);
    expect(figures.byPage.get('home')?.pages).toBe(1);
    expect(figures.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('are absent when the file has no such table', () => {
    expect(labFigures('# Benchmark results\n\nNothing measured yet.\n', [])).toBeUndefined();
  });
});
