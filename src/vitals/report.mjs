/**
 * What `npm run vitals` prints: the field data of real visits (the 75th percentile of LCP, INP,
 * CLS and TTFB over the last 7 and 28 days, src/vitals/aggregate.ts), for all page views, by
 * kind of page, by connection type and by window width, beside the lab figures of
 * bench/results.md for the same kinds of page.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseFrontmatter } from '../text/frontmatter.mjs';
import { fieldReport, p75 } from './aggregate.ts';
import { lastDays } from '../server/day-folders.ts';
import { pageTypeOf, pageTypes } from './page-type.ts';
import { blobsVitalsStore, vitalsStoreName } from './store.ts';

export { vitalsStoreName };

/** The technologies' slugs (their pages sit at the root), read from their content files as the site reads them. */
export function technologySlugs(root = process.cwd()) {
  const folder = join(root, 'src/content/technologies');
  return readdirSync(folder)
    .filter((name) => name.endsWith('.md'))
    .map((name) => {
      const data = /** @type {Record<string, unknown>} */ (parseFrontmatter(readFileSync(join(folder, name), 'utf8')));
      return typeof data.slug === 'string' ? data.slug : name.replace(/\.md$/, '');
    });
}

/** A number from a cell of the bench's table: "1059", "**1279 ✗**", "0.000". */
const numberIn = (cell) => {
  const match = /-?\d+(?:\.\d+)?/.exec(cell ?? '');
  return match ? Number(match[0]) : undefined;
};

/**
 * The lab figures of bench/results.md (written by `npm run bench`): for all pages and for each kind
 * of page, how many pages were measured and the 75th percentile over them of Lighthouse's LCP,
 * CLS and TBT (each page's own figure is the median of its runs). Undefined without such a table.
 * @param {string} markdown
 * @param {readonly string[]} slugs the technologies' slugs
 */
export function labFigures(markdown, slugs) {
  const lines = markdown.split('\n');
  const headerAt = lines.findIndex(
    (line) => /^\|\s*page\s*\|/.test(line) && /\|\s*LCP/.test(line) && /\|\s*CLS/.test(line) && /\|\s*TBT/.test(line),
  );
  if (headerAt < 0) return undefined;
  const cells = (line) =>
    line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
  const header = cells(lines[headerAt]);
  const column = (name) => header.findIndex((cell) => cell.startsWith(name));
  const at = { LCP: column('LCP'), CLS: column('CLS'), TBT: column('TBT') };
  const rows = [];
  for (const line of lines.slice(headerAt + 2)) {
    if (!line.startsWith('|')) break;
    const row = cells(line);
    const path = row[0];
    if (!path?.startsWith('/')) continue;
    rows.push({
      page: pageTypeOf(path, slugs),
      LCP: numberIn(row[at.LCP]),
      CLS: numberIn(row[at.CLS]),
      TBT: numberIn(row[at.TBT]),
    });
  }
  const summary = (list) => ({
    pages: list.length,
    LCP: p75(list.map((r) => r.LCP).filter((v) => v !== undefined)),
    CLS: p75(list.map((r) => r.CLS).filter((v) => v !== undefined)),
    TBT: p75(list.map((r) => r.TBT).filter((v) => v !== undefined)),
  });
  const date = /\b(\d{4}-\d{2}-\d{2})\b/.exec(lines.slice(0, headerAt).join('\n'))?.[1];
  return {
    date,
    all: summary(rows),
    byPage: new Map(
      pageTypes.map((type) => [type, summary(rows.filter((r) => r.page === type))]).filter(([, s]) => s.pages > 0),
    ),
  };
}

/** Reads every beacon of the last `days` days from a Blobs store (none without a store). */
export async function readBeacons(store, now, days = 28) {
  if (!store) return { beacons: [], unreadable: 0 };
  return blobsVitalsStore(store).read(lastDays(now, days));
}

const ms = (value) => (value === undefined ? '-' : String(Math.round(value)));
const cls = (value) => (value === undefined ? '-' : value.toFixed(3));
const pad = (text, width) => String(text).padStart(width);

/** Labels of the groupings, as the report prints them. */
const groupingTitles = {
  page: 'by kind of page',
  conn: 'by connection type (as the browser reports it)',
  device: 'by window width (phone < 768 px, tablet < 1024 px)',
};

/**
 * The report's lines.
 * @param {{ beacons: object[], unreadable?: number, now: Date, where: string, lab?: ReturnType<typeof labFigures>, labSource?: string }} input
 */
export function reportLines({ beacons, unreadable = 0, now, where, lab, labSource = 'bench/results.md' }) {
  const windows = fieldReport(beacons, now);
  const lines = [];
  lines.push(
    `Field data of real visits, in ${where}: the 75th percentile (p75) of each metric; INP only from page views with an interaction.`,
  );
  if (unreadable) lines.push(`(${unreadable} stored beacon(s) could not be read and are left out.)`);
  lines.push(
    lab
      ? `Lab: ${labSource}${lab.date ? ` of ${lab.date}` : ''}, Lighthouse mobile (simulated slow 4G, 412 px phone): p75 over the pages measured; TBT is the lab's stand-in for INP, and Lighthouse has no TTFB there.`
      : `Lab: no table of Lighthouse figures in ${labSource} (npm run bench writes it).`,
  );
  const head = `${''.padEnd(20)}${pad('views', 7)}${pad('LCP ms', 9)}${pad('INP ms', 9)}${pad('CLS', 8)}${pad('TTFB ms', 9)}  | lab:${pad('pages', 6)}${pad('LCP ms', 9)}${pad('TBT ms', 8)}${pad('CLS', 8)}`;
  const row = (label, summary, labSummary) => {
    const field = `${label.padEnd(20)}${pad(summary.views, 7)}${pad(ms(summary.p75.LCP), 9)}${pad(ms(summary.p75.INP), 9)}${pad(cls(summary.p75.CLS), 8)}${pad(ms(summary.p75.TTFB), 9)}`;
    return labSummary
      ? `${field}  |     ${pad(labSummary.pages, 6)}${pad(ms(labSummary.LCP), 9)}${pad(ms(labSummary.TBT), 8)}${pad(cls(labSummary.CLS), 8)}`
      : `${field}  |`;
  };
  for (const window of windows) {
    lines.push('');
    lines.push(`Last ${window.days} days (${window.from} to ${window.to}): ${window.all.views} page view(s)`);
    lines.push(head);
    lines.push(row('all', window.all, lab?.all));
    for (const [by, title] of Object.entries(groupingTitles)) {
      lines.push(title);
      if (by === 'page') {
        // Every kind the lab measured, with or without field data, so the two can be read side by side.
        const kinds = pageTypes.filter((type) => window.by.page.some((s) => s.group === type) || lab?.byPage.has(type));
        for (const type of kinds) {
          const summary = window.by.page.find((s) => s.group === type) ?? { views: 0, p75: {} };
          lines.push(row(`  ${type}`, summary, lab?.byPage.get(type)));
        }
      } else {
        for (const summary of window.by[by]) lines.push(row(`  ${summary.group}`, summary));
        if (!window.by[by].length) lines.push('  (no page views)');
      }
    }
  }
  return lines;
}
