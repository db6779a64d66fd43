/**
 * `npm run messages` on a local store holding pending, failed and sent messages: list with
 * filters, show, export as CSV, and requeue, after which a retry run against the SMTP test server
 * sends the message exactly once. The actions run in this process, through the function the
 * script calls; a few run as the operator runs them (a child process of the script), which ends
 * with the command's output and exit code. The production path (a token and a site id, through
 * Netlify's API) is run against a local Blobs server that answers the API's requests as Netlify
 * does.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BlobsServer } from '@netlify/blobs/server';
import { getStore, type Store } from '@netlify/blobs';

import { smtpMailer } from '../../../src/contact/mail';
import { blobsMessageStore, type MessageStore, type StoredMessage } from '../../../src/contact/store';
import { csvCell, detailFields } from '../../../src/contact/operator-messages.mjs';
import { runMessages } from '../../../tools/commands/messages-command.mjs';
import { requestDetailFields } from '../../../src/contact/message';
import { startSmtp, valid, type Inbox, retryStill } from './harness';
import { runInProcess } from '../command-in-process';

const run = promisify(execFile);
const settings = { to: 'sales@example.com', from: 'website@example.com', domain: 'www.example.com' };

let inbox: Inbox;
beforeAll(async () => {
  inbox = await startSmtp();
});
afterAll(() => inbox.stop());

let directory: string;
beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'operator-messages-'));
  inbox.received.length = 0;
});
afterEach(() => rmSync(directory, { recursive: true, force: true }));

/** The store in `directory` while `work` runs, as the local emulation writes it (site "0"). */
async function withStore<T>(work: (store: MessageStore, blobs: Store) => Promise<T>): Promise<T> {
  const server = new BlobsServer({ directory, token: 't', port: 0 });
  const { port } = await server.start();
  try {
    const url = `http://localhost:${port}`;
    const blobs = getStore({
      name: 'contact-messages',
      siteID: '0',
      token: 't',
      edgeURL: url,
      uncachedEdgeURL: url,
      consistency: 'strong',
    });
    return await work(blobsMessageStore(blobs), blobs);
  } finally {
    await server.stop();
  }
}

const ids = {
  pending: '2026-11-22T10:00:00.000Z-aaaaaa',
  sent: '2026-11-21T10:00:00.000Z-bbbbbb',
  failed: '2026-11-20T10:00:00.000Z-cccccc',
  spam: '2026-11-19T10:00:00.000Z-dddddd',
};
const record = (
  id: string,
  fields: Partial<StoredMessage>,
  message: Partial<StoredMessage['message']> & Record<string, unknown> = {},
): StoredMessage => ({
  id,
  receivedAt: id.slice(0, 24),
  status: 'pending',
  attempts: 0,
  message: { ...valid, message: `Message ${id}`, ...message },
  ...fields,
});

async function seed() {
  await withStore(async (store, blobs) => {
    await store.add(
      record(
        ids.pending,
        { nextAttemptAt: '2099-01-01T00:00:00.000Z', attempts: 2, lastError: '421 try later' },
        {
          regarding: 'Product samples: Lavender Oil (EOA-LAV-30)',
          country: 'Viet Nam',
          quantity: '2 kg',
          substrate: 'Cotton jersey, exhaust',
          phone: '+66 2 000 0000',
        },
      ),
    );
    await store.file(
      record(
        ids.sent,
        { status: 'sent', attempts: 1, sentAt: '2026-11-21T10:00:01.000Z' },
        { regarding: 'Brochure', message: '=HYPERLINK("https://evil.example") and "quotes", commas' },
      ),
    );
    await store.file(
      record(
        ids.failed,
        {
          status: 'failed',
          attempts: 1,
          failedAt: '2026-11-20T10:00:01.000Z',
          failureReason: 'refused by the mail server: 552 5.3.4 Message too big',
        },
        { name: 'Grace Hopper', email: 'grace@example.org' },
      ),
    );
    await store.file(
      record(ids.spam, { status: 'failed', attempts: 1, failureReason: 'refused by the mail server: 554 spam' }),
    );
    await store.markReceived('0d4c2e5a-1b7f-4c1e-9a55-6f0e2d3c4b5a', {
      id: ids.pending,
      receivedAt: ids.pending.slice(0, 24),
    });
    await blobs.setJSON('alerts/last', { day: '2026-11-22', at: '2026-11-22T10:00:00.000Z', failed: [] });
    await blobs.setJSON('alerts/cap', { day: '2026-11-22', at: '2026-11-22T10:00:00.000Z' });
    await blobs.setJSON('mail-slots/2026-11-22/10/1', { holder: ids.sent, at: '2026-11-22T10:00:00.000Z' });
  });
}

/** The command in this process (see runInProcess). */
const inProcess = (args: string[], env: NodeJS.ProcessEnv) => runInProcess(runMessages, args, env);

const localEnv = { ...process.env, NETLIFY_AUTH_TOKEN: '', NETLIFY_SITE_ID: '' };
/** The control and format characters of `text` besides the `allowed` ones. */
const strayControls = (text: string, allowed: string) =>
  [...text].filter((c) => /[\p{Cc}\p{Cf}]/u.test(c) && !allowed.includes(c));
const messages = (...args: string[]) => inProcess([...args, '--dir', directory], localEnv);

/** The same as the operator runs it: `node scripts/messages.mjs`, a child process. */
async function spawned(...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, ['scripts/messages.mjs', ...args, '--dir', directory], {
    env: localEnv,
  });
  return stdout;
}

describe('npm run messages on a local store', () => {
  it('--help says what each action does', async () => {
    const help = await messages('--help');
    for (const words of [
      'list ',
      'show <reference>',
      'requeue <reference>',
      'requeue --all-failed',
      'export',
      '--status',
      '--text',
      '--since',
      '--token',
      '--site',
      'NETLIFY_AUTH_TOKEN',
      'NETLIFY_SITE_ID',
    ])
      expect(help).toContain(words);
  });

  it('lists every message newest first with its topic, item and extra fields; filters by status, text and date', async () => {
    await seed();
    const all = await messages();
    const lines = all.split('\n');
    expect(lines.filter((l) => /^\d{4}-/.test(l)).map((l) => l.slice(0, 10))).toEqual([
      '2026-11-22',
      '2026-11-21',
      '2026-11-20',
      '2026-11-19',
    ]);
    expect(lines).toContain(
      '2026-11-22T10:00:00.000Z  [pending, 2 attempt(s)]  Ada Lovelace <ada@example.org>, Analytical Looms',
    );
    expect(lines).toContain(`  id ${ids.pending}`);
    expect(lines).toContain('  topic: Product samples');
    expect(lines).toContain('  item: Lavender Oil (EOA-LAV-30)');
    expect(lines).toContain('  country: Viet Nam');
    expect(lines).toContain('  quantity: 2 kg');
    expect(lines).toContain('  substrate: Cotton jersey, exhaust');
    expect(lines).toContain('  phone: +66 2 000 0000');
    expect(lines).toContain('  topic: Brochure');
    expect(lines).toContain(
      '2026-11-20T10:00:00.000Z  [failed, 1 attempt(s): refused by the mail server: 552 5.3.4 Message too big]  Grace Hopper <grace@example.org>, Analytical Looms',
    );
    expect(all).toContain('4 message(s), 1 pending, 2 failed');
    expect(all).not.toContain('alerts/');
    expect(all).not.toContain('mail-slots/');

    const failed = await messages('list', '--status', 'failed');
    expect(failed.match(/^\d{4}-\S+/gm)).toEqual([ids.failed.slice(0, 24), ids.spam.slice(0, 24)]);
    expect((await messages('list', '--text', 'GRACE hopper')).match(/^\d{4}-\S+/gm)).toEqual([ids.failed.slice(0, 24)]);
    expect((await messages('list', '--text', 'lavender')).match(/^\d{4}-\S+/gm)).toEqual([ids.pending.slice(0, 24)]);
    expect((await messages('list', '--since', '2026-11-21')).match(/^\d{4}-\S+/gm)).toEqual([
      ids.pending.slice(0, 24),
      ids.sent.slice(0, 24),
    ]);
    expect(await messages('list', '--text', 'nobody-wrote-this')).toMatch(/^No messages match/);
  });

  it('shows one message in full, wherever it stands', async () => {
    await seed();
    const pending = await messages('show', ids.pending);
    for (const line of [
      `id:           ${ids.pending}`,
      'status:       pending',
      'topic:        Product samples',
      'item:         Lavender Oil (EOA-LAV-30)',
      'country:      Viet Nam',
      'quantity:     2 kg',
      'substrate:    Cotton jersey, exhaust',
      'phone:        +66 2 000 0000',
      'last error:   421 try later',
      `Message ${ids.pending}`,
    ]) {
      expect(pending.split('\n')).toContain(line);
    }
    expect(await messages('show', ids.sent)).toContain('sent:         2026-11-21T10:00:01.000Z');
  });

  it('names a message by its reference: list and show print it, show and requeue find it in any case, with or without the dash', async () => {
    const id = '2026-11-23T09:30:00.000Z-K7MQ4H9X';
    const held = '2026-11-23T09:31:00.000Z-ABCD2345';
    await withStore(async (store) => {
      await store.file(
        record(id, {
          status: 'failed',
          attempts: 1,
          failedAt: '2026-11-23T09:30:01.000Z',
          failureReason: 'refused by the mail server: 554 spam',
        }),
      );
      await store.add(record(held, { heldAt: '2026-11-23T09:31:00.000Z' }));
    });
    const listed = (await messages()).split('\n');
    expect(listed).toContain(`  reference K7MQ-4H9X  (id ${id})`);
    expect(listed).toContain(
      '2026-11-23T09:31:00.000Z  [pending, held for the digest: the hourly limit was reached]  Ada Lovelace <ada@example.org>, Analytical Looms',
    );
    for (const typed of ['K7MQ-4H9X', 'k7mq4h9x', ' k7mq-4H9X ', id]) {
      const shown = (await messages('show', typed)).split('\n');
      expect(shown, typed).toContain('reference:    K7MQ-4H9X');
      expect(shown, typed).toContain(`id:           ${id}`);
    }
    expect(await messages('show', 'ABCD-2345')).toMatch(/held: +2026-11-23T09:31:00.000Z, for a digest/);
    expect((await messages('list', '--text', 'k7mq-4h9x')).match(/^\d{4}-\S+/gm)).toEqual([id.slice(0, 24)]);
    expect(await messages('requeue', 'k7mq4h9x')).toBe('k7mq4h9x: requeued; the next retry run sends it\n');
    expect(await messages('show', 'K7MQ4H9X')).toMatch(/status: +pending/);
    const csv = (await messages('export')).split('\r\n');
    expect(csv.find((row) => row.includes(id))).toMatch(new RegExp(`^K7MQ-4H9X,${id},pending,`));
  });

  it('exports CSV a spreadsheet reads, with formulas defused', async () => {
    await seed();
    const out = join(directory, 'export.csv');
    expect(await messages('export', '--out', out)).toBe(`4 message(s) written to ${out}\n`);
    const csv = readFileSync(out, 'utf8');
    const rows = csv.split('\r\n');
    expect(rows[0]).toBe(
      'reference,id,status,received_at,sent_at,name,email,company,topic,item,country,quantity,substrate,message,attempts,problem,extra',
    );
    // An id of the older form is its own reference.
    expect(rows[1]).toBe(
      `${ids.pending},${ids.pending},pending,2026-11-22T10:00:00.000Z,,Ada Lovelace,ada@example.org,Analytical Looms,Product samples,Lavender Oil (EOA-LAV-30),Viet Nam,2 kg,"Cotton jersey, exhaust",Message ${ids.pending},2,421 try later,"{""phone"":""+66 2 000 0000""}"`,
    );
    expect(rows[2]).toContain(`,Brochure,,,,,"'=HYPERLINK(""https://evil.example"") and ""quotes"", commas",1,,`);
    expect(rows).toHaveLength(6);
    expect((await messages('export', '--status', 'failed')).split('\r\n')).toHaveLength(4);
    expect(csvCell('-1+1')).toBe("'-1+1");
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
  });

  it('prints and exports stored text without its control characters, and no cell a spreadsheet could run', async () => {
    const id = '2026-11-23T08:00:00.000Z-eeeeee';
    // An SMTP answer carrying an OSC-8 link and a screen clear; a name a `;` spreadsheet splits into a formula.
    const reason = 'refused: 550 \u001b]8;;https://evil.example\u0007click\u001b]8;;\u0007\u001b[2J\u001b[H done';
    await withStore((store) =>
      store.file(
        record(
          id,
          { status: 'failed', attempts: 1, failedAt: '2026-11-23T08:00:01.000Z', failureReason: reason },
          { name: 'Bob;=1+1', company: 'Acme\t=2+2', message: 'Hi\u001b[31m red\u202e, -3+3;@SUM(A1)' },
        ),
      ),
    );
    for (const output of [await messages(), await messages('show', id)]) {
      expect(strayControls(output, '\n')).toEqual([]);
      expect(output).toContain('click');
    }
    expect(await messages('show', id)).toMatch(/refused: 550 +\]8;;https:\/\/evil\.example click \]8;; \[2J \[H done/);
    const csv = await messages('export', '--status', 'failed');
    expect(strayControls(csv, '\r\n')).toEqual([]);
    const row = csv.split('\r\n').find((line) => line.includes(id))!;
    // No separator of any locale (`,`, `;`, a tab) is followed by a part that starts a formula.
    for (const part of row.split(/[,;\t]/)) expect(part.replace(/^[\s"]+/, ''), row).not.toMatch(/^[=+\-@]/);
    expect(row).toContain("Bob;'=1+1");
    // The tab is a space now: nothing splits there.
    expect(row).toContain(',Acme =2+2,');
    expect(csvCell(';=1+1')).toBe(";'=1+1");
    expect(csvCell('a,\t@x')).toBe('"a, \'@x"');
  });

  it('requeues a failed message: the next retry run sends it exactly once', async () => {
    await seed();
    expect(await messages('requeue', ids.failed)).toBe(`${ids.failed}: requeued; the next retry run sends it\n`);
    expect(await messages('show', ids.failed)).toMatch(/status: +pending/);
    // A second requeue finds it pending already, and writes nothing.
    expect(await messages('requeue', ids.failed)).toBe(`${ids.failed}: already pending\n`);

    const retry = () =>
      withStore((store) =>
        retryStill({
          store,
          mail: { mailer: smtpMailer(inbox.url), settings },
          now: () => new Date(Date.now() + 60_000),
          log: () => {},
        }),
      );
    expect(await retry()).toMatchObject({ sent: 1 });
    expect(await retry()).toMatchObject({ sent: 0 });
    expect(inbox.received.map((m) => m.messageId)).toEqual([`<${ids.failed}@www.example.com>`]);
    expect(await messages('show', ids.failed)).toMatch(/status: +sent/);
    expect(await messages('list', '--status', 'failed')).toContain(ids.spam.slice(0, 24));
  });

  it('requeues every failed one; a requeue stopped halfway is finished, and the message still goes once', async () => {
    await seed();
    // Halfway: the pending copy written, the failed copy left behind.
    await withStore(async (_store, blobs) => {
      const failed = (await blobs.get(`failed/${ids.failed}`, { type: 'json' })) as StoredMessage;
      await blobs.setJSON(`pending/${ids.failed}`, {
        ...failed,
        status: 'pending',
        nextAttemptAt: '2026-11-22T00:00:00.000Z',
        requeuedAt: '2026-11-22T00:00:00.000Z',
      });
    });
    const out = await messages('requeue', '--all-failed');
    expect(out).toContain(`${ids.failed}: already pending`);
    expect(out).toContain(`${ids.spam}: requeued`);
    expect(await messages('list', '--status', 'failed')).toMatch(/^No messages match/);

    const retry = () =>
      withStore((store) =>
        retryStill({
          store,
          mail: { mailer: smtpMailer(inbox.url), settings },
          now: () => new Date(Date.now() + 60_000),
          log: () => {},
        }),
      );
    await retry();
    await retry();
    expect(inbox.received.map((m) => m.messageId).sort()).toEqual(
      [`<${ids.spam}@www.example.com>`, `<${ids.failed}@www.example.com>`].sort(),
    );
  });

  it('the failed copy a stopped requeue left behind goes when the message is sent, so it cannot be requeued again', async () => {
    await seed();
    await withStore(async (_store, blobs) => {
      const failed = (await blobs.get(`failed/${ids.failed}`, { type: 'json' })) as StoredMessage;
      await blobs.setJSON(`pending/${ids.failed}`, {
        ...failed,
        status: 'pending',
        nextAttemptAt: '2026-11-22T00:00:00.000Z',
        requeuedAt: '2026-11-22T00:00:00.000Z',
      });
    });
    await withStore((store) =>
      retryStill({
        store,
        mail: { mailer: smtpMailer(inbox.url), settings },
        now: () => new Date('2026-11-23T00:00:00Z'),
        log: () => {},
      }),
    );
    await expect(messages('requeue', ids.failed)).rejects.toMatchObject({
      stderr: expect.stringContaining('is not a failed message'),
    });
    expect(inbox.received).toHaveLength(1);
  });

  it('names the same request details as the form and the function', () => {
    expect(detailFields).toEqual([...requestDetailFields]);
  });

  it('an empty or missing local store says so', async () => {
    expect(await messages()).toMatch(/^No messages yet in the local store/);
  });

  it('run as a child process of the script, it ends with the same output, and exit code 1 with the reason on a failure', async () => {
    expect(await spawned('--help')).toBe(await messages('--help'));
    await seed();
    const listed = await spawned('list', '--status', 'failed');
    expect(listed).toContain(`  id ${ids.failed}`);
    expect(listed).toBe(await messages('list', '--status', 'failed'));
    await expect(spawned('requeue', ids.sent)).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining(`npm run messages: ${ids.sent} is not a failed message`),
    });
  });
});

describe('npm run messages on the production store', () => {
  it("with a token and a site id, works through Netlify's API on the site's store", async () => {
    const server = new BlobsServer({ directory, token: 'personal-token', port: 0 });
    const { port } = await server.start();
    try {
      const api = `http://localhost:${port}`;
      const raw = getStore({ name: 'contact-messages', siteID: 'site-123', token: 'personal-token', apiURL: api });
      const store = blobsMessageStore(raw);
      await store.file(
        record(ids.failed, { status: 'failed', attempts: 1, failureReason: 'refused by the mail server: 554 spam' }),
      );
      const env = {
        ...process.env,
        NETLIFY_AUTH_TOKEN: 'personal-token',
        NETLIFY_SITE_ID: 'site-123',
        NETLIFY_API_URL: api,
      };
      const list = await run(process.execPath, ['scripts/messages.mjs', 'list'], { env });
      expect(list.stdout).toContain('1 message(s), 1 failed, in store "contact-messages" of Netlify site site-123');
      // Flags as well as the environment.
      const flags = await inProcess(['requeue', ids.failed, '--token', 'personal-token', '--site', 'site-123'], {
        ...process.env,
        NETLIFY_API_URL: api,
      });
      expect(flags).toContain('requeued');
      // (The local server lists by prefix only at its edge address, so the keys are read directly.)
      expect(await raw.get(`pending/${ids.failed}`, { type: 'json' })).toMatchObject({
        status: 'pending',
        requeuedAt: expect.any(String),
      });
      expect(await raw.get(`failed/${ids.failed}`)).toBeNull();
      // A token alone is not enough.
      await expect(inProcess(['--token', 'x'], { ...process.env, NETLIFY_SITE_ID: '' })).rejects.toMatchObject({
        stderr: expect.stringContaining('needs both a Netlify token'),
      });
    } finally {
      await server.stop();
    }
  });
});
