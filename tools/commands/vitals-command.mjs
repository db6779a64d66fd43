/**
 * npm run vitals: what real visitors get. The 75th percentile of LCP, INP, CLS and TTFB over the
 * last 7 and 28 days, by kind of page, by connection type and by window width, from the beacons a
 * sample of page views sent (src/vitals/), beside the lab figures of bench/results.md. Reads
 * the local store (the one `npm start` writes to) or, with a Netlify token and site id, the live
 * site's, as `npm run messages` does. `npm run vitals -- --help` says how.
 */
import { existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { labFigures, readBeacons, reportLines, technologySlugs, vitalsStoreName } from '../../src/vitals/report.mjs';
import { commandIo, openStoreFrom, storeHelp, storeOptions } from '../../src/server/operator-store.mjs';
import { runningSite } from '../local-netlify/local-messages.mjs';

const help = `npm run vitals -- [options]

Field data of real visits: the 75th percentile (p75) of LCP, INP, CLS and TTFB for the last
7 and 28 days (UTC days, today included), for all page views, by kind of page, by connection type
and by window width, beside the lab figures (Lighthouse) of bench/results.md for the same kinds of
page. A sample of page views sends them (VITALS_SAMPLE, default 10%); the local store by default
(.netlify/blobs-serve, written by npm start), or the live site's with a Netlify token and site id.

Options:
  --lab <file>         the lab figures to show beside them (default bench/results.md)
  --now <time>         count the days back from this time instead of now (2026-11-25T12:00Z)

${storeHelp(vitalsStoreName)}
  --help               this text`;

/**
 * Runs the command on `args` (the words after `npm run vitals --`) and returns its exit code.
 * It writes to `out` and `err` and reads `env`: the process's own unless a caller gives others.
 * @param {string[]} args
 * @param {import('../../src/server/operator-store.mjs').CommandIo} [io]
 * @returns {Promise<number>}
 */
export async function runVitals(args, io) {
  const { env, print, printError } = commandIo(io);
  const { values } = parseArgs({
    args,
    options: {
      lab: { type: 'string' },
      now: { type: 'string' },
      ...storeOptions,
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    print(help);
    return 0;
  }

  let close = async () => {};
  try {
    const now = values.now ? new Date(values.now) : new Date();
    if (Number.isNaN(now.getTime())) throw new Error(`--now "${values.now}" is not a time (2026-11-25T12:00Z)`);
    const labSource = values.lab ?? 'bench/results.md';
    const lab = existsSync(labSource) ? labFigures(readFileSync(labSource, 'utf8'), technologySlugs()) : undefined;
    const opened = await openStoreFrom(values, vitalsStoreName, env);
    close = opened.close;
    const { beacons, unreadable } = await readBeacons(opened.store, now);
    for (const line of reportLines({ beacons, unreadable, now, where: opened.where, lab, labSource })) print(line);
    if (beacons.length === 0 && opened.local) {
      const site = runningSite();
      print(
        `\nNo field data yet in ${opened.where}: a sample of page views (VITALS_SAMPLE when the site was built, 10% unless set) ` +
          `sends one beacon each as it is left, never in lite mode, under Save-Data or in a browser driven by automation` +
          (site ? ` (the site is running at ${site}).` : '; start the site with `npm start` and browse it.'),
      );
    }
  } catch (error) {
    printError(`npm run vitals: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await close();
  }
  return 0;
}
