/**
 * npm run messages: the contact messages of the local store (the one `npm start` and `npm run dev`
 * write to) or, with a Netlify token and site id, of the live site. Lists, shows, requeues and
 * exports them. `npm run messages -- --help` says how.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  defaultStoreName,
  describeInFull,
  describeMessage,
  findMessage,
  listMessages,
  requeueAllFailed,
  requeueMessage,
  toCsv,
} from '../../src/contact/operator-messages.mjs';
import { runningSite } from '../local-netlify/local-messages.mjs';
import { commandIo, openStoreFrom, storeHelp, storeOptions } from '../../src/server/operator-store.mjs';
import { routes } from '../../src/model/routes.ts';

const help = `npm run messages -- [action] [options]

The contact form's messages: the local store by default (.netlify/blobs-serve, written by
npm start and npm run dev), or the live site's with a Netlify token and site id.

Actions:
  list                 (the default) every message, newest first: when it arrived, its state
                       (pending, held for the digest, sent, or failed with the reason), who
                       wrote, its reference and id, its topic, item and any extra fields, and
                       the start of the text. Filters below.
  show <reference>     one message in full: every field, the whole text, its attempts and errors.
                       The reference as the visitor was given it (K7MQ-4H9X; any case, the dash
                       may be left out), or the message's id.
  requeue <reference>  puts a failed message back to pending, due at once: the next retry run
                       (every 15 minutes) sends it, once. Use it after the cause is fixed.
  requeue --all-failed the same for every failed message.
  export               the messages as CSV for a spreadsheet (same filters as list), to the
                       standard output or to --out <file>. Columns: reference, id, status,
                       received_at, sent_at, name, email, company, topic, item, message,
                       attempts, problem, extra (further fields, as JSON).

Filters (list, export):
  --status <s>         pending, failed or sent
  --text <words>       only messages holding all these words, in any field, any case
  --since <date>       only messages received on or after it (2026-11-01, or 2026-11-01T09:00Z)

${storeHelp(defaultStoreName)}
  --help               this text`;

/**
 * Runs the command on `args` (the words after `npm run messages --`) and returns its exit code.
 * It writes to `out` and `err` and reads `env`: the process's own unless a caller gives others.
 * @param {string[]} args
 * @param {import('../../src/server/operator-store.mjs').CommandIo} [io]
 * @returns {Promise<number>}
 */
export async function runMessages(args, io) {
  const { env, out, print, printError } = commandIo(io);
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      status: { type: 'string' },
      text: { type: 'string' },
      since: { type: 'string' },
      out: { type: 'string' },
      'all-failed': { type: 'boolean' },
      ...storeOptions,
      help: { type: 'boolean', short: 'h' },
    },
  });

  const [action = 'list', id] = positionals;
  if (values.help || action === 'help') {
    print(help);
    return 0;
  }
  if (!['list', 'show', 'requeue', 'export'].includes(action)) {
    printError(`Unknown action "${action}".\n\n${help}`);
    return 2;
  }

  let close = async () => {};
  try {
    const opened = await openStoreFrom(values, defaultStoreName, env);
    close = opened.close;
    const { store, where } = opened;
    const filters = { status: values.status, text: values.text, since: values.since };
    if (action === 'list') {
      const records = await listMessages(store, filters);
      const filtered = Boolean(values.status || values.text || values.since);
      if (records.length === 0) {
        // The address `npm start` noted, whatever its port; none when the site is not running.
        const site = runningSite();
        const hint = site
          ? `send one from ${site}${routes.contact}`
          : `start the site with \`npm start\`, then send one from its ${routes.contact} page`;
        print(
          filtered
            ? `No messages match, in ${where}.`
            : `No messages yet in ${where}${values.token || values.site || env.NETLIFY_SITE_ID ? '' : ` (${hint})`}.`,
        );
      }
      for (const record of records) for (const line of describeMessage(record)) print(line);
      if (records.length) {
        const failed = records.filter((r) => r.status === 'failed').length;
        const pending = records.filter((r) => r.status === 'pending').length;
        print(
          `${records.length} message(s)${pending ? `, ${pending} pending` : ''}${failed ? `, ${failed} failed` : ''}, in ${where}`,
        );
      }
    } else if (action === 'show') {
      if (!id) throw new Error('show needs the reference or the id of a message (list prints both)');
      const record = await findMessage(store, id);
      if (!record) throw new Error(`no message ${id} in ${where}`);
      for (const line of describeInFull(record)) print(line);
    } else if (action === 'requeue') {
      if (values['all-failed']) {
        const outcomes = await requeueAllFailed(store);
        for (const { id: each, outcome } of outcomes) print(`${each}: ${outcome}`);
        print(
          `${outcomes.filter((o) => o.outcome === 'requeued').length} message(s) requeued in ${where}; the next retry run sends them`,
        );
      } else {
        if (!id) throw new Error('requeue needs the reference or the id of a failed message, or --all-failed');
        const outcome = await requeueMessage(store, id);
        if (outcome === 'not failed') throw new Error(`${id} is not a failed message in ${where}`);
        print(`${id}: ${outcome}${outcome === 'requeued' ? '; the next retry run sends it' : ''}`);
      }
    } else {
      const csv = toCsv(await listMessages(store, filters));
      if (values.out) {
        writeFileSync(values.out, csv);
        print(`${csv.split('\r\n').length - 2} message(s) written to ${values.out}`);
      } else {
        out(csv);
      }
    }
  } catch (error) {
    printError(`npm run messages: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await close();
  }
  return 0;
}
