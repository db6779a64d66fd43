/**
 * npm run reports: the violations of the Content Security Policy that browsers reported to the
 * site (netlify/functions/csp-report.ts), from the local store (the one `npm start` and
 * `npm run dev` write to) or, with a Netlify token and site id, from the live site's; grouped by
 * directive and page. `npm run reports -- --help` says how.
 */
import { parseArgs } from 'node:util';
import { describeReports, groupReports } from '../../src/security/reports/operator.mjs';
import { commandIo, openStoreFrom, storeHelp, storeOptions } from '../../src/server/operator-store.mjs';
import { runningSite } from '../local-netlify/local-messages.mjs';
import { blobsReportStore, reportStoreLimits, reportStoreName } from '../../src/security/reports/store.ts';

const help = `npm run reports -- [options]

The Content Security Policy's violation reports, as browsers sent them to the site: the local
store by default (.netlify/blobs-serve, written by npm start and npm run dev), or the live
site's with a Netlify token and site id. Grouped by directive (script-src-elem, style-src...),
then by page; under each page, what was blocked (inline, eval, an address), from which file and
line, with the sample the browser sent, how many times, and in which format the reports came
(reports+json from report-to, csp-report from report-uri). A violation is kept once a day with
a count; ${reportStoreLimits.keepDays} days are kept.

Filters:
  --since <date>       only reports from that day on (2026-11-01)
  --days <n>           only the last n days (today included)
  --directive <name>   only this directive (script-src-elem, style-src-attr...)
  --page <path>        only this page (/products/pigments)
  --json               the entries as JSON, one per line, for other tools

${storeHelp(reportStoreName)}
  --help               this text`;

/**
 * Runs the command on `args` (the words after `npm run reports --`) and returns its exit code.
 * It writes to `out` and `err` and reads `env`: the process's own unless a caller gives others.
 * @param {string[]} args
 * @param {import('../../src/server/operator-store.mjs').CommandIo} [io]
 * @returns {Promise<number>}
 */
export async function runReports(args, io) {
  const { env, print, printError } = commandIo(io);
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      since: { type: 'string' },
      days: { type: 'string' },
      directive: { type: 'string' },
      page: { type: 'string' },
      json: { type: 'boolean' },
      ...storeOptions,
      help: { type: 'boolean', short: 'h' },
    },
  });

  const [action = 'list'] = positionals;
  if (values.help || action === 'help') {
    print(help);
    return 0;
  }
  if (action !== 'list') {
    printError(`Unknown action "${action}".\n\n${help}`);
    return 2;
  }

  /** The first day asked for, as yyyy-mm-dd, or undefined for all. */
  function sinceDay() {
    if (values.days !== undefined) {
      const days = Number(values.days);
      if (!Number.isInteger(days) || days < 1) throw new Error(`--days "${values.days}" is not a whole number of days`);
      return new Date(Date.now() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
    }
    if (values.since === undefined) return undefined;
    const time = Date.parse(values.since);
    if (Number.isNaN(time)) throw new Error(`--since "${values.since}" is not a date (2026-11-01)`);
    return new Date(time).toISOString().slice(0, 10);
  }

  let close = async () => {};
  try {
    const since = sinceDay();
    const opened = await openStoreFrom(values, reportStoreName, env);
    close = opened.close;
    const { store, where, local } = opened;
    const records = (store ? await blobsReportStore(store).list({ since }) : []).filter(
      (r) => (!values.directive || r.directive === values.directive) && (!values.page || r.page === values.page),
    );
    if (values.json) {
      for (const record of records) print(JSON.stringify(record));
    } else if (records.length === 0) {
      const filtered = Boolean(since || values.directive || values.page);
      const site = local ? runningSite() : undefined;
      const hint = local
        ? ` (a page of ${site ?? 'the site `npm start` serves'} that breaks the policy reports here)`
        : '';
      print(filtered ? `No reports match, in ${where}.` : `No reports in ${where}${hint}.`);
    } else {
      for (const line of describeReports(groupReports(records))) print(line);
      const total = records.reduce((sum, r) => sum + r.count, 0);
      print(`${total} report(s), ${records.length} distinct a day, in ${where}`);
    }
  } catch (error) {
    printError(`npm run reports: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await close();
  }
  return 0;
}
