/**
 * The contact function receives each browser message once: a message posted again under the id
 * the browser gave it (browser-id.ts, outbox.ts) is answered as accepted, and nothing is stored
 * or e-mailed a second time, whether the repeat comes later or at the same moment.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { handleContactSubmission, sameMessageMinutes } from '../../../src/contact/handler';

import { smtpMailer } from '../../../src/contact/mail';
import { browserIdError, newBrowserId } from '../../../src/contact/browser-id';
import { receivedDayPrefix, receivedPrefix, type MessageStore } from '../../../src/contact/store';
import { referenceOf } from '../../../src/contact/reference';
import { post, useContactServers, valid, retryStill } from './harness';

const settings = { to: 'sales@example.com', from: 'website@example.com', domain: 'www.example.com' };
const servers = useContactServers();
const logs: string[] = [];
beforeEach(() => {
  logs.length = 0;
});

const deps = (store: MessageStore = servers.blobs.store) => ({
  store,
  mail: { mailer: smtpMailer(servers.inbox.url), settings },
  log: (line: string) => logs.push(line),
});
const send = (body: unknown, store?: MessageStore) => handleContactSubmission(post(body), deps(store));

describe('a message sent with a browser id', () => {
  it('is stored and e-mailed once; the same id again is answered as accepted and changes nothing', async () => {
    const messageId = newBrowserId();
    const first = await send({ ...valid, messageId });
    expect(first.status).toBe(200);
    const { reference } = (await first.json()) as { reference: string };

    const again = await send({ ...valid, messageId });
    expect(again.status).toBe(200);
    // The repeat names the message first received: the reference the visitor was given.
    expect(await again.json()).toEqual({ ok: true, reference, repeat: true });

    const records = await servers.blobs.store.list();
    expect(records).toHaveLength(1);
    expect(referenceOf(records[0]!.id)).toBe(reference);
    expect(records[0]).toMatchObject({ status: 'sent', browserId: messageId, message: { name: valid.name } });
    expect(servers.inbox.received).toHaveLength(1);
    // The marker says which message the id became, and nothing of what it says.
    expect(await servers.blobs.client().get(`${receivedPrefix}${messageId}`, { type: 'json' })).toEqual({
      id: records[0]!.id,
      receivedAt: records[0]!.receivedAt,
    });
    expect(logs.join('\n')).toContain(`message id ${messageId} was received before`);
  });

  it('sent twice at the same moment, is stored once and e-mailed once', async () => {
    const messageId = newBrowserId();
    // Both requests look the id up before either stores the message: a true race for the marker.
    let lookups = 0;
    let bothLooked!: () => void;
    const together = new Promise<void>((resolve) => (bothLooked = resolve));
    const racing: MessageStore = {
      ...servers.blobs.store,
      async receivedAs(id) {
        const found = await servers.blobs.store.receivedAs(id);
        if (++lookups === 2) bothLooked();
        await together;
        return found;
      },
    };
    const answers = await Promise.all([send({ ...valid, messageId }, racing), send({ ...valid, messageId }, racing)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const bodies = await Promise.all(answers.map((a) => a.json()));
    expect(bodies.filter((a) => a.repeat)).toHaveLength(1);
    // Both looked the id up before storing; the loser looks once more, for the winner's reference.
    expect(lookups).toBe(3);

    const records = await servers.blobs.store.list();
    expect(records).toHaveLength(1);
    expect(bodies.map((a) => a.reference)).toEqual([referenceOf(records[0]!.id), referenceOf(records[0]!.id)]);
    expect(records[0]).toMatchObject({ status: 'sent', browserId: messageId });
    expect(servers.inbox.received).toHaveLength(1);
    expect(logs.join('\n')).toContain('received at the same time by another request');
    // The loser's copy is gone for good: a retry run finds nothing to send.
    const retry = await retryStill({
      store: servers.blobs.store,
      mail: deps().mail,
      now: () => new Date(Date.now() + 3_600_000),
    });
    expect(retry).toMatchObject({ pending: 0, sent: 0 });
    expect(servers.inbox.received).toHaveLength(1);
  });

  it('ten repeats at once, each from its own function instance, store one message', async () => {
    const messageId = newBrowserId();
    const { blobsMessageStore } = await import('../../../src/contact/store');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => send({ ...valid, messageId }, blobsMessageStore(servers.blobs.client()))),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(await servers.blobs.store.list()).toHaveLength(1);
    expect(servers.inbox.received).toHaveLength(1);
  });

  it('is a repeat also once it has been sent and filed under sent/', async () => {
    const messageId = newBrowserId();
    await send({ ...valid, messageId });
    expect((await servers.blobs.store.list())[0]?.status).toBe('sent');
    const { id } = (await servers.blobs.store.list())[0]!;
    expect(await (await send({ ...valid, messageId, message: 'Typed again, differently' })).json()).toEqual({
      ok: true,
      reference: referenceOf(id),
      repeat: true,
    });
    expect(await servers.blobs.store.list()).toHaveLength(1);
    expect(servers.inbox.received).toHaveLength(1);
  });

  it('two different ids are two messages, even with the same words', async () => {
    await send({ ...valid, messageId: newBrowserId() });
    await send({ ...valid, messageId: newBrowserId() });
    expect(await servers.blobs.store.list()).toHaveLength(2);
    expect(servers.inbox.received).toHaveLength(2);
  });

  it('without an id, the same fields again within minutes are the same message; other words, or later, another', async () => {
    const at = new Date('2026-11-22T10:09:59.800Z');
    const sendAt = (body: unknown, when: Date) => handleContactSubmission(post(body), { ...deps(), now: () => when });
    const first = (await (await sendAt(valid, at)).json()) as { reference: string };
    // Half a second later, across the turn of a ten-minute window: the same message.
    const again = await sendAt(valid, new Date(at.getTime() + 500));
    expect(await again.json()).toEqual({ ok: true, reference: first.reference, repeat: true });
    // Other words: another message.
    await sendAt({ ...valid, message: `${valid.message} And 5,000 m of linen.` }, new Date(at.getTime() + 1000));
    // The same words once the minutes are over: another message too.
    await sendAt(valid, new Date(at.getTime() + sameMessageMinutes * 60_000 + 1000));
    const records = await servers.blobs.store.list();
    expect(records).toHaveLength(3);
    expect(records.every((r) => r.browserId === undefined)).toBe(true);
    expect(servers.inbox.received).toHaveLength(3);
  });

  it('is refused with 400 and the reason when the id is not a browser id, and nothing is kept', async () => {
    const uuid = newBrowserId();
    for (const messageId of [
      '',
      'abc',
      42,
      null,
      uuid.toUpperCase(),
      `${uuid}x`,
      '6ba7b810-9dad-11d1-80b4-00c04fd430c8',
      '../pending/x',
    ]) {
      const response = await send({ ...valid, messageId });
      expect(response.status, String(messageId)).toBe(400);
      expect(await response.json()).toEqual({ error: browserIdError });
    }
    expect(await servers.blobs.store.list()).toEqual([]);
    expect(servers.inbox.received).toEqual([]);
  });

  it('a form posted without JavaScript with its id is stored once, however often it is posted', async () => {
    const fields = { firstName: 'Ada', lastName: 'Lovelace', email: valid.email, message: valid.message };
    const id = newBrowserId();
    const locations = [];
    for (let i = 0; i < 3; i++) {
      const form = new URLSearchParams({ ...fields, messageId: id });
      const response = await handleContactSubmission(
        post(form.toString(), { type: 'application/x-www-form-urlencoded' }),
        deps(),
      );
      expect(response.status).toBe(303);
      locations.push(response.headers.get('location'));
    }
    const stored = await servers.blobs.store.list();
    expect(stored.map((r) => r.browserId)).toEqual([id]);
    // Each repeat lands on the thank-you page of the one message.
    expect(new Set(locations).size).toBe(1);
    // An empty id (the static page's form, no worker) is matched by its fields: the same words
    // posted again are the same message (see the test of a double post below).
    for (let i = 0; i < 2; i++) {
      const form = new URLSearchParams({ ...fields, message: `${fields.message} (${i})`, messageId: '' });
      const response = await handleContactSubmission(
        post(form.toString(), { type: 'application/x-www-form-urlencoded' }),
        deps(),
      );
      expect(response.status).toBe(303);
    }
    expect(await servers.blobs.store.list()).toHaveLength(3);
    // Anything else in the field is refused, with the reason.
    const bad = await handleContactSubmission(
      post(new URLSearchParams({ ...fields, messageId: 'not-an-id' }).toString(), {
        type: 'application/x-www-form-urlencoded',
      }),
      deps(),
    );
    expect(bad.status).toBe(400);
    expect(await bad.text()).toMatch(/messageId/);
  });

  it('answers 503 when the store cannot say whether the id was received, keeping nothing', async () => {
    const blind: MessageStore = {
      ...servers.blobs.store,
      receivedAs: () => Promise.reject(new Error('store unreachable')),
    };
    const response = await send({ ...valid, messageId: newBrowserId() }, blind);
    expect(response.status).toBe(503);
    expect(await servers.blobs.store.list()).toEqual([]);
    expect(servers.inbox.received).toEqual([]);
  });

  it('when the marker cannot be written, the message kept is still sent and the visitor told so', async () => {
    const messageId = newBrowserId();
    const unmarked: MessageStore = {
      ...servers.blobs.store,
      markReceived: () => Promise.reject(new Error('store unreachable')),
    };
    const response = await send({ ...valid, messageId }, unmarked);
    expect(response.status).toBe(200);
    expect(await servers.blobs.store.list()).toMatchObject([{ status: 'sent', browserId: messageId }]);
    expect(servers.inbox.received).toHaveLength(1);
    expect(logs.join('\n')).toMatch(/could not be marked as received/);
  });
});

describe('a double post of the form without JavaScript (the static page: its messageId is empty)', () => {
  // The fields as the static /contact form posts them, honeypot and empty id included.
  const form = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: valid.email,
    company: valid.company,
    message: valid.message,
    website: '',
    messageId: '',
  };
  const postForm = (fields: Record<string, string>, at: Date) =>
    handleContactSubmission(
      post(new URLSearchParams(fields).toString(), { type: 'application/x-www-form-urlencoded' }),
      {
        ...deps(),
        now: () => at,
      },
    );

  it("posted twice, 0.5 s apart, is one message: the second lands on the first one's thank-you page", async () => {
    const at = new Date('2026-11-22T10:15:00Z');
    const first = await postForm(form, at);
    const second = await postForm(form, new Date(at.getTime() + 500));
    expect([first.status, second.status]).toEqual([303, 303]);
    expect(second.headers.get('location')).toBe(first.headers.get('location'));
    const stored = await servers.blobs.store.list();
    expect(stored).toHaveLength(1);
    expect(first.headers.get('location')).toContain(referenceOf(stored[0]!.id));
    expect(servers.inbox.received).toHaveLength(1);
  });

  it('posted twice at the same moment (the second tap while the first is on its way) is one message', async () => {
    const at = new Date('2026-11-22T10:15:00Z');
    const answers = await Promise.all([postForm(form, at), postForm(form, new Date(at.getTime() + 500))]);
    expect(answers.map((a) => a.status)).toEqual([303, 303]);
    expect(new Set(answers.map((a) => a.headers.get('location'))).size).toBe(1);
    expect(await servers.blobs.store.list()).toHaveLength(1);
    expect(servers.inbox.received).toHaveLength(1);
  });
});

describe('markers in the store', () => {
  it("of a post without an id, are one write in its day's folder, and expire with that day", async () => {
    const at = new Date('2026-11-22T10:15:00Z');
    const sendAt = (when: Date) => handleContactSubmission(post(valid), { ...deps(), now: () => when });
    await sendAt(at);
    const keys = (await servers.blobs.client().list()).blobs.map((b) => b.key);
    expect(keys.filter((k) => k.startsWith(receivedPrefix))).toEqual([]);
    const [marker, ...others] = keys.filter((k) => k.startsWith(`${receivedDayPrefix}2026-11-22/same-2026-11-22-`));
    expect(others).toEqual([]);
    expect(await servers.blobs.client().get(marker!, { type: 'json' })).toMatchObject({ receivedAt: at.toISOString() });
    // Retention deletes the day, unread; the same words again are then a new message.
    expect(await servers.blobs.store.deleteReceived('2026-11-22', 100)).toBe(1);
    expect((await servers.blobs.client().list({ prefix: receivedDayPrefix })).blobs).toEqual([]);
    await sendAt(new Date(at.getTime() + 1000));
    expect(await servers.blobs.store.list()).toHaveLength(2);
  });

  it('are not messages: the store lists messages only', async () => {
    await send({ ...valid, messageId: newBrowserId() });
    const keys = (await servers.blobs.client().list()).blobs.map((b) => b.key);
    expect(keys.filter((k) => k.startsWith(receivedPrefix))).toHaveLength(1);
    expect((await servers.blobs.store.list()).map((r) => r.status)).toEqual(['sent']);
  });
});
