/**
 * Past the hourly cap on e-mails (CONTACT_MAIL_PER_HOUR), against real Blobs and SMTP servers:
 * every message is still stored and the visitor thanked with a reference; none past the cap is
 * e-mailed alone; the retry run sends the held ones in one digest e-mail once the cap allows an
 * e-mail again, files each as sent, says so once a day on the alert's channel and in the log, and
 * never e-mails a held message twice, even with two runs at once.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ParsedMail } from 'mailparser';
import { handleContactSubmission } from '../../../src/contact/handler';
import { digestSize, leaseMs, type RetryDependencies } from '../../../src/contact/deliver';
import { composeDigest, quotedLine, smtpMailer } from '../../../src/contact/mail';
import { singleSlotsOf, takeMailSlot } from '../../../src/contact/mail-cap';
import type { CapAlertBody } from '../../../src/contact/alert';
import { blobsMessageStore, newMessageId, type StoredMessage } from '../../../src/contact/store';
import { referenceOf } from '../../../src/contact/reference';
import { post, startDroppingServer, useContactServers, valid, retryStill } from './harness';

const settings = { to: 'sales@example.com', from: 'website@example.com', domain: 'www.example.com' };
const servers = useContactServers();
const logs: string[] = [];
const log = (line: string) => logs.push(line);
const posted: CapAlertBody[] = [];
beforeEach(() => {
  logs.length = 0;
  posted.length = 0;
});
afterEach(() => {
  vi.restoreAllMocks();
});

const tenPast = new Date('2026-11-22T10:10:00Z');
const nextHour = new Date('2026-11-22T11:00:00Z');
const mailWithCap = (perHour: number, url = servers.inbox.url) => ({
  mailer: smtpMailer(url),
  settings,
  cap: { perHour },
});
const alert = {
  webhook: 'https://hooks.example.com/alert',
  afterHours: 6,
  post: async (_url: string, body: string) => {
    posted.push(JSON.parse(body) as CapAlertBody);
  },
};

/** A visitor's message, posted at `at` with the cap given. */
async function send(message: Partial<typeof valid> & Record<string, string>, perHour: number, at = tenPast) {
  const response = await handleContactSubmission(post({ ...valid, ...message }), {
    store: servers.blobs.store,
    mail: mailWithCap(perHour),
    now: () => at,
    log,
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { reference: string }).reference;
}

const retry = (at: Date, perHour: number, fields: Partial<RetryDependencies> = {}) =>
  retryStill({ store: servers.blobs.store, mail: mailWithCap(perHour), now: () => at, log, alert, ...fields });

const digests = () => servers.inbox.received.filter((m) => m.subject?.startsWith('Website enquiries:'));
const singles = () => servers.inbox.received.filter((m) => !m.subject?.startsWith('Website enquiries:'));
const byStatus = async (status: StoredMessage['status']) =>
  (await servers.blobs.store.list()).filter((r) => r.status === status);

/** A pending message held back at `heldAt`, as the endpoint leaves it past the cap. */
function heldMessage(receivedAt: Date, fields: Partial<StoredMessage> = {}): StoredMessage {
  return {
    id: newMessageId(receivedAt),
    receivedAt: receivedAt.toISOString(),
    status: 'pending',
    attempts: 0,
    heldAt: receivedAt.toISOString(),
    message: { ...valid, message: `Held since ${receivedAt.toISOString()} (${Math.random()})` },
    ...fields,
  };
}

describe('past the cap', () => {
  it('five messages in an hour with a cap of three (one slot kept for digests): two e-mails alone, three held, every visitor thanked with a reference', async () => {
    const names = ['Ada Lovelace', 'Grace Hopper', 'Katherine Johnson', 'Mary Jackson', 'Dorothy Vaughan'];
    const references = await Promise.all(
      names.map((name, i) => send({ name, email: `person${i}@example.org`, message: `Enquiry from ${name}` }, 3)),
    );
    for (const reference of references) expect(reference).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}$/);

    expect(singles()).toHaveLength(2);
    expect(await byStatus('sent')).toHaveLength(2);
    const held = await byStatus('pending');
    expect(held).toHaveLength(3);
    for (const record of held) {
      expect(record.heldAt).toBe(tenPast.toISOString());
      expect(record.nextAttemptAt).toBeUndefined();
      expect(record.attempts).toBe(0);
    }
    expect(logs.filter((l) => l.includes('held back: the limit of 3 e-mails an hour is reached'))).toHaveLength(3);
    expect(new Set(references).size).toBe(5);
    expect(new Set([...(await servers.blobs.store.list()).map((r) => referenceOf(r.id))])).toEqual(new Set(references));
  });

  it('an instance that knows the hour is full stores the next messages held at once: one write each, no slot asked', async () => {
    const memory = {};
    const mail = { ...mailWithCap(2), cap: { perHour: 2, memory } };
    const post1 = (message: string) =>
      handleContactSubmission(post({ ...valid, message }), {
        store: servers.blobs.store,
        mail,
        now: () => tenPast,
        log,
      });
    expect((await post1('First')).status).toBe(200);
    expect((await post1('Second finds the hour full')).status).toBe(200);
    expect(singles()).toHaveLength(1);
    // From now on this instance asks the store nothing about the hour.
    const asked = vi.spyOn(servers.blobs.store, 'takenMailSlots');
    const replaced = vi.spyOn(servers.blobs.store, 'replacePending');
    expect((await post1('Third, known full')).status).toBe(200);
    expect(asked).not.toHaveBeenCalled();
    expect(replaced).not.toHaveBeenCalled();
    const third = (await byStatus('pending')).find((r) => r.message.message === 'Third, known full')!;
    expect(third).toMatchObject({ heldAt: tenPast.toISOString(), attempts: 0 });
    expect(third.nextAttemptAt).toBeUndefined();
    expect(logs.filter((l) => l.includes('held back: the limit of 2 e-mails an hour is reached'))).toHaveLength(2);
    expect(singles()).toHaveLength(1);
  });

  it('the retry run sends the held messages as one digest in the same hour, on the slot kept for digests, then files each as sent', async () => {
    const first = await send({ message: 'The one that went alone' }, 2);
    const held = [
      await send(
        { name: 'Grace Hopper', email: 'grace@example.org', company: 'Navy', message: 'Cobol <b>please</b>' },
        2,
        new Date(tenPast.getTime() + 1000),
      ),
      await send(
        { name: 'Katherine Johnson', email: 'kj@example.org', company: '', message: 'Orbits\nand more' },
        2,
        new Date(tenPast.getTime() + 2000),
      ),
    ];
    expect(singles()).toHaveLength(1);
    expect(singles()[0]!.subject).toContain(`ref. ${first}`);

    const at = new Date('2026-11-22T10:45:00Z');
    const run = await retry(at, 2);
    expect(run).toMatchObject({ due: 2, digests: 1, digested: 2, sent: 2, heldWaiting: 0 });
    expect(digests()).toHaveLength(1);
    const digest: ParsedMail = digests()[0]!;
    expect(digest.subject).toBe(
      `Website enquiries: 2 messages in one e-mail (hourly limit reached), ref. ${held.join(', ')}`,
    );
    // Two senders: no Reply-To, so that no reply goes to both; each part links to its sender.
    expect(digest.replyTo).toBeUndefined();
    expect(digest.html).toContain('<a href="mailto:grace@example.org">grace@example.org</a>');
    expect(digest.html).toContain('Cobol &lt;b&gt;please&lt;/b&gt;');
    const text = digest.text!;
    expect(text).toContain('More than 2 e-mails an hour would have gone out');
    for (const [i, reference] of held.entries())
      expect(text).toContain(`Message ${i + 1} of 2\nReference: ${reference}\n`);
    expect(text).toContain('Name: Grace Hopper\nEmail: grace@example.org\nCompany: Navy\n');
    expect(text).toContain('Name: Katherine Johnson\nEmail: kj@example.org\nCompany: -\n');
    expect(text).toContain(`Message:\n${quotedLine('Orbits')}\n${quotedLine('and more')}\n`);
    expect(text.indexOf(held[0]!)).toBeLessThan(text.indexOf(held[1]!));

    const sent = (await byStatus('sent')).filter((r) => held.includes(referenceOf(r.id)));
    expect(sent).toHaveLength(2);
    for (const record of sent) expect(record.digest).toEqual({ messageId: digest.messageId, count: 2 });
    expect(await byStatus('pending')).toEqual([]);
    expect(logs).toContain(
      `contact retry: 2 held message(s) went out in one digest e-mail ${digest.messageId} (the limit of 2 e-mails an hour was reached)`,
    );

    // Once a day on the alert's channel: how many went in the digest.
    expect(run.capAlert).toMatchObject({ alerted: true, posted: true });
    expect(posted).toEqual([
      {
        text: expect.stringContaining(
          'the limit of 2 e-mails an hour (CONTACT_MAIL_PER_HOUR) was reached; 2 message(s) held back went out in 1 digest e-mail(s)',
        ),
        store: 'contact-messages',
        cap: { perHour: 2, digests: 1, messages: 2, waiting: 0 },
        at: at.toISOString(),
      },
    ]);
    expect(logs.filter((l) => l.startsWith('contact alert:'))).toHaveLength(1);

    // Every slot of the hour is now taken: a message held later in it waits for the next hour.
    await send({ message: 'Held late in the hour' }, 2, new Date('2026-11-22T10:50:00Z'));
    logs.length = 0;
    expect(await retry(new Date('2026-11-22T10:55:00Z'), 2)).toMatchObject({ due: 1, digests: 0, heldWaiting: 1 });
    expect(logs).toContain(
      'contact retry: 1 held message(s) wait for a digest in a later hour: the limit of 2 e-mails an hour is reached',
    );
    // The next hour's digest goes out, and says nothing more on the alert's channel that day.
    const later = await retry(nextHour, 2);
    expect(later).toMatchObject({
      digests: 1,
      digested: 1,
      capAlert: { alerted: false, reason: 'already alerted today' },
    });
    expect(posted).toHaveLength(1);
  });

  it('single e-mails cannot starve the digests: with every slot for single e-mails taken, the held messages still go in a digest that hour', async () => {
    const perHour = 5;
    // Ten visitors in the hour: the slots for e-mails of their own are all taken by the first.
    for (let i = 0; i < 10; i++) await send({ message: `Flood ${i}` }, perHour, new Date(tenPast.getTime() + i * 1000));
    expect(singles()).toHaveLength(singleSlotsOf(perHour));
    const held = await byStatus('pending');
    expect(held).toHaveLength(10 - singleSlotsOf(perHour));
    // The retry run of the same hour sends them, on a slot kept for digests; the cap still holds.
    const run = await retry(new Date('2026-11-22T10:30:00Z'), perHour);
    expect(run).toMatchObject({ digests: 1, digested: held.length, heldWaiting: 0 });
    expect(digests()).toHaveLength(1);
    expect(servers.inbox.received.length).toBeLessThanOrEqual(perHour);
    expect(await byStatus('pending')).toEqual([]);
  });

  it('the first run that holds a message back for lack of slots alerts, even when its digest cannot go yet', async () => {
    const perHour = 2;
    const at = new Date('2026-11-22T10:30:00Z');
    // Every slot of the hour taken, a digest's included.
    for (let i = 0; i < perHour; i++)
      expect(await takeMailSlot(servers.blobs.store, { perHour }, at, `before ${i}`, 'digest')).toBe(true);
    // Three messages whose first attempt failed, due again now.
    for (let i = 0; i < 3; i++)
      await servers.blobs.store.add({
        ...heldMessage(new Date(tenPast.getTime() + i * 1000)),
        heldAt: undefined,
        nextAttemptAt: tenPast.toISOString(),
      });
    const run = await retry(at, perHour);
    expect(run).toMatchObject({ heldBack: 3, digests: 0, heldWaiting: 3, sent: 0 });
    expect(run.capAlert).toMatchObject({ alerted: true, posted: true });
    expect(posted).toEqual([
      expect.objectContaining({
        text: expect.stringContaining('was reached; 3 message(s) are held back for a digest'),
        cap: { perHour, digests: 0, messages: 0, waiting: 3 },
      }),
    ]);
  });

  it("quotes each visitor's text, so no line of it can pass for the digest's own divider or a message's head", () => {
    const honest = heldMessage(tenPast);
    const divider = composeDigest([honest, heldMessage(tenPast)], settings, 30)
      .text.split('\n')
      .find((line) => /^-{10,}$/.test(line))!;
    const forged = heldMessage(new Date(tenPast.getTime() + 1000), {
      message: {
        ...valid,
        message: `Thanks.\n${divider}\nMessage 3 of 2\nReference: FAKE-0000\nName: Someone Else\nEmail: x@example.org`,
      },
    });
    const text = composeDigest([honest, forged], settings, 30).text;
    const lines = text.split('\n');
    // The digest's own divider: once before each message, and no more.
    expect(lines.filter((line) => line === divider)).toHaveLength(2);
    expect(lines.filter((line) => /^Message \d+ of \d+$/.test(line))).toEqual(['Message 1 of 2', 'Message 2 of 2']);
    expect(lines.filter((line) => line.startsWith('Reference: '))).toHaveLength(2);
    // The visitor's words are all there, each line quoted.
    for (const line of forged.message.message.split('\n')) expect(lines).toContain(quotedLine(line));
    expect(lines).toContain(`> ${divider}`);
  });

  it('a digest from one sender replies to that sender', () => {
    const parts = [0, 1].map((i) =>
      heldMessage(new Date(tenPast.getTime() + i * 1000), {
        message: { ...valid, email: i ? 'ADA@example.org' : 'ada@example.org' },
      }),
    );
    expect(composeDigest(parts, settings, 30).replyTo).toBe('ada@example.org');
    expect(() => composeDigest([], settings)).toThrow();
  });

  it(`a digest holds at most ${digestSize} messages; more go in further digests while the cap allows`, async () => {
    const count = digestSize + 5;
    await Promise.all(
      Array.from({ length: count }, (_, i) =>
        servers.blobs.store.add(heldMessage(new Date(tenPast.getTime() + i * 1000))),
      ),
    );
    const run = await retry(nextHour, 30);
    expect(run).toMatchObject({ digests: 2, digested: count, sent: count });
    expect(digests().map((m) => m.subject!.split(':')[1]!.trim().split(' ')[0])).toEqual([String(digestSize), '5']);
    expect(await byStatus('pending')).toEqual([]);
    // One alert for the run, for both digests.
    expect(posted).toEqual([
      expect.objectContaining({ cap: { perHour: 30, digests: 2, messages: count, waiting: 0 } }),
    ]);
  });

  it('two runs at once over held messages in a new hour: each message e-mailed exactly once', async () => {
    const messages = Array.from({ length: 30 }, (_, i) => heldMessage(new Date(tenPast.getTime() + i * 1000)));
    for (const m of messages) await servers.blobs.store.add(m);
    await Promise.all(
      [servers.blobs.client(), servers.blobs.client()].map((client) =>
        retryStill({ store: blobsMessageStore(client), mail: mailWithCap(5), now: () => nextHour, log }),
      ),
    );
    // A later run picks up any a lost race left for after the leases.
    await retry(new Date(nextHour.getTime() + leaseMs + 1000), 5);
    const delivered = digests().flatMap((m) => [...m.text!.matchAll(/^Reference: (\S+)$/gm)].map((match) => match[1]));
    expect(delivered.sort()).toEqual(messages.map((m) => referenceOf(m.id)).sort());
    expect(await byStatus('pending')).toEqual([]);
  });

  it('a digest refused for its content: each message goes alone from then on, and the one refused fails alone', async () => {
    const spam = heldMessage(new Date(tenPast.getTime()), { message: { ...valid, message: 'BUY NOW spam' } });
    const fine = heldMessage(new Date(tenPast.getTime() + 1000));
    for (const m of [spam, fine]) await servers.blobs.store.add(m);
    servers.inbox.refuse = { code: 554, text: '5.7.1 Message rejected as spam' };
    const run = await retry(nextHour, 30);
    expect(run).toMatchObject({ digests: 0, stillPending: 2 });
    for (const record of await byStatus('pending')) {
      expect(record).toMatchObject({ alone: true, attempts: 1, lastError: expect.stringContaining('in a digest: ') });
      expect(record.heldAt).toBeUndefined();
    }
    expect(logs.some((l) => l.includes('the mail server refused it for its content, so each goes alone'))).toBe(true);

    // Alone, the server takes the one and refuses the other.
    servers.inbox.refuse = undefined;
    servers.inbox.beforeAccept = async (mail) => {
      servers.inbox.refuse = mail.text?.includes('BUY NOW')
        ? { code: 554, text: '5.7.1 Message rejected as spam' }
        : undefined;
    };
    const alone = await retry(new Date(nextHour.getTime() + 60_000), 30);
    expect(alone).toMatchObject({ sent: 1, failed: 1, digests: 0 });
    expect((await byStatus('failed')).map((r) => r.id)).toEqual([spam.id]);
    expect((await byStatus('sent')).map((r) => r.id)).toEqual([fine.id]);
  });

  it('a message that goes alone after a refused digest is not held again by the cap: it waits for an e-mail of its own', async () => {
    const alone = heldMessage(tenPast, { heldAt: undefined, alone: true, nextAttemptAt: tenPast.toISOString() });
    delete alone.heldAt;
    await servers.blobs.store.add(alone);
    // The one slot for an e-mail of its own is taken (a cap of two keeps the other for digests).
    await servers.blobs.store.takeMailSlot('2026-11-22T11', 1, 'someone else');
    const run = await retry(nextHour, 2);
    expect(run).toMatchObject({ heldBack: 1, digests: 0, sent: 0 });
    const [record] = await byStatus('pending');
    expect(record!.heldAt).toBeUndefined();
    expect(await retry(new Date('2026-11-22T12:00:00Z'), 2)).toMatchObject({ sent: 1 });
  });

  it('a digest the mail server does not take just now stays held, tried again with backoff', async () => {
    const messages = [0, 1].map((i) => heldMessage(new Date(tenPast.getTime() + i * 1000)));
    for (const m of messages) await servers.blobs.store.add(m);
    servers.inbox.refuse = { code: 451, text: 'Try again later' };
    expect(await retry(nextHour, 30)).toMatchObject({ digests: 0, stillPending: 2 });
    for (const record of await byStatus('pending'))
      expect(record).toMatchObject({
        heldAt: expect.any(String),
        attempts: 1,
        lastError: expect.stringContaining('451'),
        nextAttemptAt: new Date(nextHour.getTime() + 15 * 60_000).toISOString(),
      });
    servers.inbox.refuse = undefined;
    expect(await retry(new Date(nextHour.getTime() + 5 * 60_000), 30)).toMatchObject({ due: 0, digests: 0 });
    expect(await retry(new Date(nextHour.getTime() + 15 * 60_000), 30)).toMatchObject({ digests: 1, digested: 2 });
  });

  it('no slot is spent on an e-mail the mailer would not try: while the server cannot be reached, messages wait untried', async () => {
    const dropping = await startDroppingServer();
    try {
      const mail = mailWithCap(3, dropping.url);
      for (let i = 0; i < 6; i++) {
        const response = await handleContactSubmission(post({ ...valid, message: `Down ${i}` }), {
          store: servers.blobs.store,
          mail,
          now: () => tenPast,
          log,
        });
        expect(response.status).toBe(200);
      }
      expect(dropping.connections()).toBe(1);
      // One slot for the one e-mail tried; none held: they wait for the retry run as before.
      expect(await servers.blobs.store.takenMailSlots('2026-11-22T10')).toHaveLength(1);
      expect((await byStatus('pending')).filter((r) => r.heldAt)).toEqual([]);
    } finally {
      dropping.stop();
    }
  });

  it('when the cap cannot be checked, nothing is sent and the message waits for the retry run', async () => {
    const broken = { ...servers.blobs.store, takenMailSlots: () => Promise.reject(new Error('store unreachable')) };
    const response = await handleContactSubmission(post(valid), {
      store: broken,
      mail: mailWithCap(30),
      now: () => tenPast,
      log,
    });
    expect(response.status).toBe(200);
    expect(servers.inbox.offered).toBe(0);
    expect(logs).toEqual([
      expect.stringContaining('the hourly limit on e-mails could not be checked (store unreachable)'),
    ]);
    const [record] = await byStatus('pending');
    expect(record!.heldAt).toBeUndefined();
    expect(await retry(new Date(tenPast.getTime() + leaseMs), 30)).toMatchObject({ sent: 1 });
  });

  it('e-mail slots of days before yesterday are deleted by the retry run', async () => {
    for (const hour of ['2026-11-19T23', '2026-11-20T10', '2026-11-21T09', '2026-11-22T10'])
      await servers.blobs.store.takeMailSlot(hour, 1, 'x');
    const run = await retry(tenPast, 30);
    expect(run.slotsDeleted).toBe(2);
    const left = (await servers.blobs.client().list({ prefix: 'mail-slots/' })).blobs.map((b) => b.key).sort();
    expect(left).toEqual(['mail-slots/2026-11-21/09/1', 'mail-slots/2026-11-22/10/1']);
  });
});
