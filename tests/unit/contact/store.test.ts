/**
 * The message store's layout and its conditional writes, on a real local Blobs server; and which
 * SMTP errors count as a permanent refusal, on errors nodemailer gives for a real SMTP server.
 */
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTransport } from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { isPermanentRejection } from '../../../src/contact/mail';
import {
  blobsMessageStore,
  isMessageId,
  newMessageId,
  receivedTimeOf,
  type StoredMessage,
} from '../../../src/contact/store';
import { readReference, referenceAlphabet, referenceOf } from '../../../src/contact/reference';
import { closedPort, startBlobs, startSmtp, valid, type Inbox, type LocalBlobs } from './harness';

let blobs: LocalBlobs;
beforeEach(async () => {
  blobs = await startBlobs();
});
afterEach(async () => {
  await blobs.stop();
});

const pending = (receivedAt: string): StoredMessage => ({
  id: newMessageId(new Date(receivedAt)),
  receivedAt,
  status: 'pending',
  attempts: 0,
  nextAttemptAt: receivedAt,
  message: valid,
});

describe('conditional writes on the local Blobs server', () => {
  it('a write conditional on an ETag lands only while the blob still has it; onlyIfNew only on a new key', async () => {
    const client = blobs.client();
    const first = await client.setJSON('k', { v: 1 }, { onlyIfNew: true });
    expect(first.modified).toBe(true);
    expect(await client.setJSON('k', { v: 9 }, { onlyIfNew: true })).toEqual({ modified: false });

    const second = await client.setJSON('k', { v: 2 }, { onlyIfMatch: first.etag! });
    expect(second.modified).toBe(true);
    expect(await client.setJSON('k', { v: 3 }, { onlyIfMatch: first.etag! })).toEqual({ modified: false });
    expect(await client.get('k', { type: 'json' })).toEqual({ v: 2 });
  });

  it('of two writers holding the same version of a pending message, exactly one replaces it', async () => {
    const held = await blobs.store.add(pending('2026-11-22T10:00:00.000Z'));
    const later = { ...held.record, nextAttemptAt: '2026-11-22T10:02:00.000Z' };
    const results = await Promise.all([
      blobs.store.replacePending(held, later),
      blobs.store.replacePending(held, { ...later, attempts: 5 }),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    // A version read afterwards can be replaced again.
    const fresh = await blobs.store.readPending(held.record.id);
    expect(await blobs.store.replacePending(fresh!, { ...fresh!.record, lastError: 'x' })).toBeDefined();
  });
});

describe('layout', () => {
  it('keeps pending, sent (by day) and failed messages under their own prefixes; list() has them all, newest first', async () => {
    const a = await blobs.store.add(pending('2026-11-20T08:00:00.000Z'));
    const b = await blobs.store.add(pending('2026-11-21T08:00:00.000Z'));
    const c = await blobs.store.add(pending('2026-11-22T08:00:00.000Z'));
    await expect(blobs.store.add(c.record)).rejects.toThrow(/already stored/);

    await blobs.store.file({ ...a.record, status: 'sent', sentAt: '2026-11-21T23:59:59.000Z' });
    await blobs.store.file({ ...b.record, status: 'failed', failureReason: 'refused by the mail server: 550' });

    const keys = (await blobs.client().list()).blobs.map((x) => x.key).sort();
    expect(keys).toEqual([`failed/${b.record.id}`, `pending/${c.record.id}`, `sent/2026-11-21/${a.record.id}`]);
    expect(await blobs.store.listPending()).toEqual([{ id: c.record.id, etag: expect.any(String) }]);
    expect(await blobs.store.sentDays()).toEqual(['2026-11-21']);
    expect((await blobs.store.list()).map((r) => [r.id, r.status])).toEqual([
      [c.record.id, 'pending'],
      [b.record.id, 'failed'],
      [a.record.id, 'sent'],
    ]);
    await expect(blobs.store.file(c.record)).rejects.toThrow(/still pending/);
  });
});

describe('which refusals give a message up', () => {
  async function errorFrom(options: Parameters<typeof createTransport>[0]): Promise<unknown> {
    try {
      await createTransport(options).sendMail({ from: 'a@example.com', to: 'b@example.com', subject: 's', text: 't' });
    } catch (error) {
      return error;
    }
    throw new Error('the message was accepted');
  }

  // Each answer as the project's SMTP test server gives it, and whether the message is given up.
  const answers: [string, Partial<Pick<Inbox, 'refuse' | 'refuseSender' | 'refuseRecipient'>>, boolean][] = [
    ['the message refused as spam', { refuse: { code: 554, text: '5.7.1 Message rejected as spam' } }, true],
    ['the message content refused', { refuse: { code: 554, text: '5.6.0 Message content rejected' } }, true],
    ['the message too big', { refuse: { code: 552, text: '5.3.4 Message size exceeds fixed limit' } }, true],
    ['a temporary refusal', { refuse: { code: 451, text: 'Try again later' } }, false],
    [
      'the sender refused',
      { refuseSender: { code: 550, text: '5.1.0 Sender address rejected: not owned by user' } },
      false,
    ],
    [
      'the recipient refused',
      { refuseRecipient: { code: 550, text: '5.1.1 Recipient address rejected: user unknown' } },
      false,
    ],
    ['a daily quota, after the data', { refuse: { code: 550, text: '5.4.5 Daily sending limit exceeded' } }, false],
    [
      'a daily quota, at the sender',
      { refuseSender: { code: 550, text: '5.4.5 Daily user sending quota exceeded' } },
      false,
    ],
    ['a paused account', { refuse: { code: 554, text: 'Sending paused for this account' } }, false],
    ['a throttle', { refuse: { code: 550, text: 'Too many messages, slow down' } }, false],
    ['a full mailbox', { refuse: { code: 552, text: '5.2.2 Mailbox full' } }, false],
  ];
  it.each(answers)('%s: given up %s', async (_, answer, permanent) => {
    const inbox = await startSmtp();
    try {
      Object.assign(inbox, answer);
      const error = await errorFrom({ host: '127.0.0.1', port: inbox.port, secure: false, ignoreTLS: true });
      expect(isPermanentRejection(error)).toBe(permanent);
    } finally {
      await inbox.stop();
    }
  });

  it('a refused login or no server at all is not given up', async () => {
    // A server that refuses the login with 535: a setting to correct, not a message to give up.
    const strict = new SMTPServer({
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onAuth: (_auth, _session, callback) => callback(new Error('Invalid username or password')),
    });
    await new Promise<void>((resolve) => strict.listen(0, '127.0.0.1', resolve));
    try {
      const port = (strict.server.address() as AddressInfo).port;
      const login = await errorFrom({
        host: '127.0.0.1',
        port,
        secure: false,
        ignoreTLS: true,
        auth: { user: 'site', pass: 'wrong' },
      });
      expect(login).toMatchObject({ code: 'EAUTH', responseCode: 535 });
      expect(isPermanentRejection(login)).toBe(false);
    } finally {
      await new Promise<void>((resolve) => strict.close(() => resolve()));
    }

    expect(isPermanentRejection(await errorFrom({ host: '127.0.0.1', port: await closedPort(), secure: false }))).toBe(
      false,
    );
    expect(isPermanentRejection('550 as plain text')).toBe(false);
  });
});

describe('a conditional write counts only when it landed', () => {
  // The client retries a 500 itself (five times); these answers are what it gets every time, or
  // the first time only, and what the store makes of them.
  const isClaim = (body: unknown) =>
    typeof body === 'object' &&
    body !== null &&
    'nextAttemptAt' in body &&
    (body as StoredMessage).status === 'pending';

  it('a claim answered with a 500 that did not write is not a claim, though the key exists', async () => {
    const held = await blobs.store.add(pending('2026-11-22T10:00:00.000Z'));
    blobs.answerWrites500({ land: false });
    expect(
      await blobs.store.replacePending(held, { ...held.record, nextAttemptAt: '2026-11-22T10:02:00.000Z' }),
    ).toBeUndefined();
    expect(blobs.writes500()).toBe(6);
    blobs.answerWrites();
    // The record is as it was, and the version read before can still be replaced.
    expect((await blobs.store.readPending(held.record.id))!.record).toEqual(held.record);
    expect(await blobs.store.replacePending(held, { ...held.record, attempts: 1 })).toBeDefined();
  });

  it('a claim answered with a 500 that did write is a claim, and the version it left can be replaced', async () => {
    const held = await blobs.store.add(pending('2026-11-22T10:00:00.000Z'));
    blobs.answerWrites500({ land: true });
    const claimed = await blobs.store.replacePending(held, {
      ...held.record,
      nextAttemptAt: '2026-11-22T10:02:00.000Z',
    });
    blobs.answerWrites();
    expect(claimed).toMatchObject({ record: { nextAttemptAt: '2026-11-22T10:02:00.000Z', claim: expect.any(String) } });
    expect((await blobs.store.readPending(held.record.id))!.record).toEqual(claimed!.record);
    // Another writer holding the version before the claim is refused; the claimer is not.
    expect(await blobs.store.replacePending(held, { ...held.record, attempts: 7 })).toBeUndefined();
    expect(await blobs.store.replacePending(claimed!, { ...claimed!.record, attempts: 1 })).toMatchObject({
      record: { attempts: 1 },
    });
  });

  it("a claim that wrote, answered with a 500 once and then refused on the client's retry, is not counted: it is left to its lease", async () => {
    const held = await blobs.store.add(pending('2026-11-22T10:00:00.000Z'));
    blobs.answerWrites500({ count: 1, land: true });
    expect(
      await blobs.store.replacePending(held, { ...held.record, nextAttemptAt: '2026-11-22T10:02:00.000Z' }),
    ).toBeUndefined();
    expect((await blobs.store.readPending(held.record.id))!.record.nextAttemptAt).toBe('2026-11-22T10:02:00.000Z');
  });

  it('a new message answered with a 500 is kept if it was written, refused if it was not', async () => {
    blobs.answerWrites500({ count: 1, land: true });
    const kept = await blobs.store.add(pending('2026-11-22T10:00:00.000Z'));
    expect((await blobs.store.readPending(kept.record.id))!.record).toEqual(kept.record);

    blobs.answerWrites500({ land: false });
    const lost = pending('2026-11-22T11:00:00.000Z');
    await expect(blobs.store.add(lost)).rejects.toThrow(/did not confirm/);
    blobs.answerWrites();
    expect(await blobs.store.readPending(lost.id)).toBeUndefined();

    // A message id already taken by another message is still refused.
    await expect(blobs.store.add({ ...kept.record, claim: undefined })).rejects.toThrow(/already stored/);
  });

  it("a browser id's marker answered with a 500 counts if it was written, even when the client's retry is refused", async () => {
    const marker = { id: '2026-11-22T10:00:00.000Z-aaaaaa', receivedAt: '2026-11-22T10:00:00.000Z' };
    blobs.answerWrites500({ count: 1, land: true });
    expect(await blobs.store.markReceived('0d4c2e5a-1b7f-4c1e-9a55-6f0e2d3c4b5a', marker)).toBe(true);
    expect(await blobs.store.markReceived('0d4c2e5a-1b7f-4c1e-9a55-6f0e2d3c4b5a', { ...marker, id: 'another' })).toBe(
      false,
    );

    blobs.answerWrites500({ land: false });
    await expect(blobs.store.markReceived('1d4c2e5a-1b7f-4c1e-9a55-6f0e2d3c4b5a', marker)).rejects.toThrow(
      /did not confirm/,
    );
  });

  it('only claims are answered with a 500 when the switch says so (the harness itself)', async () => {
    const held = await blobs.store.add(pending('2026-11-22T10:00:00.000Z'));
    blobs.answerWrites500({ land: false, when: isClaim });
    await blobs.store.file({ ...held.record, status: 'failed', failureReason: 'x' });
    expect(blobs.writes500()).toBe(0);
  });
});

describe('ids and references', () => {
  it('a new id is the time of arrival and an 8-character reference from an alphabet without 0, O, 1, I, L or U', () => {
    const at = new Date('2026-11-27T22:13:21.449Z');
    const ids = Array.from({ length: 2000 }, () => newMessageId(at));
    for (const id of ids) {
      expect(id).toMatch(/^2026-11-27T22:13:21\.449Z-[23456789ABCDEFGHJKMNPQRSTVWXYZ]{8}$/);
      expect(isMessageId(id)).toBe(true);
      expect(receivedTimeOf(id)).toBe(at.getTime());
      expect(referenceOf(id)).toBe(`${id.slice(25, 29)}-${id.slice(29)}`);
    }
    // Every character of the alphabet comes up, and no two of 2,000 references are the same.
    expect(new Set(ids.flatMap((id) => [...id.slice(25)])).size).toBe(referenceAlphabet.length);
    expect(new Set(ids).size).toBe(ids.length);
    expect(referenceAlphabet).not.toMatch(/[01OILU]/);
    // A given random source gives a given reference.
    expect(newMessageId(at, () => 0)).toBe('2026-11-27T22:13:21.449Z-22222222');
    expect(newMessageId(at, () => 0.999999)).toBe('2026-11-27T22:13:21.449Z-ZZZZZZZZ');
  });

  it('ids sort by time of arrival, whatever their reference', () => {
    const early = newMessageId(new Date('2026-11-27T22:13:21.449Z'), () => 0.99);
    const late = newMessageId(new Date('2026-11-27T22:13:21.450Z'), () => 0);
    const older = '2026-11-27T22:13:21.448Z-zzzzzz';
    expect([late, early, older].sort()).toEqual([older, early, late]);
  });

  it('an id of the older form is still read: a message id, its arrival, and its own reference', () => {
    const older = '2026-11-27T22:13:21.449Z-v1eo2x';
    expect(isMessageId(older)).toBe(true);
    expect(receivedTimeOf(older)).toBe(Date.parse('2026-11-27T22:13:21.449Z'));
    expect(referenceOf(older)).toBe(older);
  });

  it('the thank-you page shows a reference as given, and nothing else', () => {
    expect(isMessageId('K7MQ-4H9X')).toBe(true);
    for (const text of ['k7mq-4h9x', 'K7MQ4H9X', 'K7MQ-4H9O', 'K7MQ-4H91', '<b>K7MQ-4H9X', '', '2026-11-27']) {
      expect(isMessageId(text), text).toBe(false);
    }
  });

  it('a reference is read as a person types it: any case, with or without the dash or spaces', () => {
    for (const typed of ['K7MQ-4H9X', 'k7mq-4h9x', 'k7mq4h9x', ' K7MQ 4H9X '])
      expect(readReference(typed)).toBe('K7MQ-4H9X');
    for (const typed of ['K7MQ-4H9', 'K7MQ-4H9XX', 'K0MQ-4H9X', 'I7MQ-4H9X', '2026-11-27T22:13:21.449Z-v1eo2x'])
      expect(readReference(typed), typed).toBeUndefined();
  });
});

describe('e-mail slots of an hour', () => {
  it('each slot is taken once: of two writers, one gets it; the listing names the taken ones', async () => {
    const other = blobsMessageStore(blobs.client());
    const results = await Promise.all([
      blobs.store.takeMailSlot('2026-11-22T10', 3, 'a'),
      other.takeMailSlot('2026-11-22T10', 3, 'b'),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await blobs.store.takeMailSlot('2026-11-22T10', 1, 'c')).toBe(true);
    expect((await blobs.store.takenMailSlots('2026-11-22T10')).sort()).toEqual([1, 3]);
    expect(await blobs.store.takenMailSlots('2026-11-22T11')).toEqual([]);
    expect(await blobs.store.mailSlotDays()).toEqual(['2026-11-22']);
    // Slots are not messages.
    expect(await blobs.store.list()).toEqual([]);
  });

  it('a slot answered with a 500 counts if it was written, even when the retry is refused; not if it was not', async () => {
    blobs.answerWrites500({ count: 1, land: true });
    expect(await blobs.store.takeMailSlot('2026-11-22T10', 1, 'mine')).toBe(true);
    blobs.answerWrites500({ land: false });
    expect(await blobs.store.takeMailSlot('2026-11-22T10', 2, 'mine')).toBe(false);
    blobs.answerWrites();
    expect(await blobs.store.takenMailSlots('2026-11-22T10')).toEqual([1]);
    // Another writer's slot is not ours, whatever the answer.
    blobs.answerWrites500({ count: 1, land: false });
    expect(await blobs.store.takeMailSlot('2026-11-22T10', 1, 'theirs')).toBe(false);
  });
});

describe('markers of browser ids expire', () => {
  const browserId = (n: number) => `${n}d4c2e5a-1b7f-4c1e-9a55-6f0e2d3c4b5a`;
  const marker = (receivedAt: string) => ({ id: `${receivedAt}-aaaaaa`, receivedAt });

  it('each marker has an empty entry under the day it was written; a day is deleted with its markers, unread', async () => {
    await blobs.store.markReceived(browserId(0), marker('2026-08-01T10:00:00.000Z'));
    await blobs.store.markReceived(browserId(1), marker('2026-08-01T11:00:00.000Z'));
    await blobs.store.markReceived(browserId(2), marker('2026-11-21T10:00:00.000Z'));
    // A repeat that lost the race leaves an entry without a marker of its own: harmless.
    expect(await blobs.store.markReceived(browserId(2), marker('2026-11-21T10:00:01.000Z'))).toBe(false);
    expect(await blobs.store.receivedDays()).toEqual(['2026-08-01', '2026-11-21']);

    const before = blobs.reads();
    expect(await blobs.store.deleteReceived('2026-08-01', 10)).toBe(2);
    expect(blobs.reads() - before).toBe(0);
    const keys = (await blobs.client().list()).blobs.map((b) => b.key).sort();
    expect(keys).toEqual([`received-days/2026-11-21/${browserId(2)}`, `received/${browserId(2)}`]);
    // Markers and entries are not messages.
    expect(await blobs.store.list()).toEqual([]);
  });

  it('the sweep gives a marker of the older layout its entry, or deletes it when expired; one that is not JSON goes', async () => {
    // Markers as they were written before day entries.
    const client = blobs.client();
    await client.setJSON(`received/${browserId(0)}`, marker('2026-08-01T10:00:00.000Z'));
    await client.setJSON(`received/${browserId(1)}`, marker('2026-11-20T10:00:00.000Z'));
    await client.set(`received/${browserId(2)}`, '{"cut short');
    await blobs.store.markReceived(browserId(3), marker('2026-11-21T10:00:00.000Z'));

    expect(await blobs.store.sweepReceived('2026-08-24', 2)).toEqual({
      entered: expect.any(Number),
      deleted: expect.any(Number),
      left: 1,
    });
    expect(await blobs.store.sweepReceived('2026-08-24', 10)).toMatchObject({ left: 0 });
    const keys = (await client.list()).blobs.map((b) => b.key).sort();
    expect(keys).toEqual([
      `received-days/2026-11-20/${browserId(1)}`,
      `received-days/2026-11-21/${browserId(3)}`,
      `received/${browserId(1)}`,
      `received/${browserId(3)}`,
    ]);
    // Nothing left to sweep: two list calls, no read.
    const before = blobs.reads();
    expect(await blobs.store.sweepReceived('2026-08-24', 10)).toEqual({ entered: 0, deleted: 0, left: 0 });
    expect(blobs.reads() - before).toBe(0);
  });
});
