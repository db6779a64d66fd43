/**
 * Exactly once through a crash (decision 0073): the contact function killed between any two of
 * its writes, and the message posted again as its browser does (under the same id, or with the
 * same fields when it has none), itself killed anywhere too: in the end the store holds the message
 * once and the sales team gets one e-mail of it, under one reference, after the retry run.
 *
 * The kill is a fault-injection seam (harness.ts killableInstance): the instance's next write or
 * e-mail never happens and nothing it does afterwards settles. One e-mail can go twice only where
 * the kill falls between the mail server taking it and the store recording it: then the retry run
 * sends it again under the same Message-ID, and the test counts exactly that.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { handleContactSubmission } from '../../../src/contact/handler';
import { leaseMs } from '../../../src/contact/deliver';
import { messageIdOf, smtpMailer } from '../../../src/contact/mail';
import { newBrowserId } from '../../../src/contact/browser-id';
import { blobsMessageStore } from '../../../src/contact/store';
import { referenceOf } from '../../../src/contact/reference';
import { referenceQuery } from '../../../src/model/routes';
import { killableInstance, post, retryStill, useContactServers, valid } from './harness';

const settings = { to: 'sales@example.com', from: 'website@example.com', domain: 'www.example.com' };
const servers = useContactServers();
const logs: string[] = [];
beforeEach(() => {
  logs.length = 0;
});

const arrival = new Date('2026-11-22T10:00:00Z');
const cap = { perHour: 30 };

/** A post of the form's script (JSON with its id), or of the static form without it (no id). */
type Body = { json: Record<string, unknown> } | { form: Record<string, string> };
const requestOf = (body: Body) =>
  'json' in body
    ? post(body.json)
    : post(new URLSearchParams(body.form).toString(), { type: 'application/x-www-form-urlencoded' });
const withText = (body: Body, text: string): Body =>
  'json' in body ? { json: { ...body.json, message: text } } : { form: { ...body.form, message: text } };

/** The reference an answer gives: in the JSON, or in the thank-you page's address. */
async function referenceIn(answer: Response) {
  if (answer.status === 303)
    return new URL(answer.headers.get('location')!, 'https://x.test').searchParams.get(referenceQuery);
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { reference: string }).reference;
}

type Outcome = { answer?: Response; effects: string[]; killed: boolean };

/** One request to an instance that dies before its `killAt`-th effect (never, when it has fewer). */
async function attempt(storeName: string, body: Body, killAt: number, at: Date): Promise<Outcome> {
  const instance = killableInstance(servers.blobs.client(storeName), smtpMailer(servers.inbox.url), killAt);
  const handled = handleContactSubmission(requestOf(body), {
    store: instance.store,
    mail: { mailer: instance.mailer, settings, cap: { ...cap, memory: {} } },
    now: () => at,
    log: (line) => logs.push(line),
  });
  const answer = await Promise.race([handled, instance.died.then(() => undefined)]);
  return { ...(answer ? { answer } : {}), effects: instance.effects, killed: instance.dead() };
}

/** Effects of a request that nothing kills: the writes and the e-mail of a message's first request. */
async function effectsOfOneRequest(body: Body): Promise<string[]> {
  const { effects, killed } = await attempt('count', body, Infinity, arrival);
  expect(killed).toBe(false);
  return effects;
}

/**
 * Posts `body` killed at the first request's `first`-th effect and the resend's `second`-th, then
 * resends until one is answered and lets the retry run take up what is left; returns what the
 * store and the inbox hold of it.
 */
async function crashAndResend(storeName: string, body: Body, first: number, second: number) {
  servers.inbox.received.length = 0;
  const attempts = [await attempt(storeName, body, first, arrival)];
  let killAt = second;
  let at = arrival.getTime();
  while (attempts.at(-1)!.killed) {
    at += 500;
    attempts.push(await attempt(storeName, body, killAt, new Date(at)));
    killAt = Infinity;
  }
  const answer = attempts.at(-1)!.answer!;
  const store = blobsMessageStore(servers.blobs.client(storeName));
  for (let run = 1; run <= 3 && (await store.listPending()).length; run++)
    await retryStill({
      store,
      mail: { mailer: smtpMailer(servers.inbox.url), settings, cap },
      now: () => new Date(arrival.getTime() + run * leaseMs * 2),
      log: (line) => logs.push(line),
    });
  return {
    attempts,
    answer,
    records: await store.list(),
    pending: (await store.listPending()).length,
    mails: servers.inbox.received.map((m) => m.messageId),
    // A kill right after the mail server took the e-mail, before the store recorded it.
    unrecordedSends: attempts.filter((a) => a.killed && a.effects.at(-1) === 'send').length,
  };
}

describe('the contact function killed between any two writes, and the message posted again', () => {
  for (const [path, bodyOf] of [
    ['with a browser id (the form with its script)', (): Body => ({ json: { ...valid, messageId: newBrowserId() } })],
    [
      'without an id (the static form without its script)',
      (): Body => ({
        form: { firstName: 'Ada', lastName: 'Lovelace', email: valid.email, message: valid.message, messageId: '' },
      }),
    ],
  ] as const) {
    it(`${path}: 0 lost and 0 doubled for a kill between each pair of writes, the resend's included`, async () => {
      const writes = await effectsOfOneRequest(withText(bodyOf(), `${valid.message} (counted)`));
      // The marker and its day entry, the message, the hour's slot, the e-mail, its record, filed.
      expect(writes.length).toBeGreaterThanOrEqual(7);
      const marker = writes.findIndex((e) => / received(-days)?\//.test(e));
      expect(marker).toBeGreaterThanOrEqual(0);
      expect(marker).toBeLessThan(writes.findIndex((e) => e.includes('pending/')));
      let cases = 0;
      for (let first = 1; first <= writes.length; first++) {
        for (let second = 1; second <= writes.length + 1; second++) {
          const storeName = `crash-${path.length}-${first}-${second}`;
          const body = withText(bodyOf(), `${valid.message} (kill ${first}, then ${second})`);
          const outcome = await crashAndResend(storeName, body, first, second);
          const label = `killed before effect ${first} (${writes[first - 1]}), the resend before ${second}`;
          expect(outcome.attempts[0]!.killed, label).toBe(true);
          // 0 lost: stored once, sent, and the answer names it.
          expect(outcome.records, label).toHaveLength(1);
          const [record] = outcome.records;
          expect(record!.status, label).toBe('sent');
          expect(outcome.pending, label).toBe(0);
          expect(await referenceIn(outcome.answer), label).toBe(referenceOf(record!.id));
          // 0 doubled: one e-mail of it, under its own Message-ID; a second copy of that e-mail only
          // where a kill fell between the mail server taking it and the store recording it.
          expect(new Set(outcome.mails), label).toEqual(new Set([messageIdOf(record!.id, settings.domain)]));
          expect(outcome.mails.length, label).toBe(1 + outcome.unrecordedSends);
          cases++;
          // Once the resend is killed no more, later kill points of it are the same case.
          if (!outcome.attempts[1]?.killed) break;
        }
      }
      expect(cases).toBeGreaterThan(writes.length);
    }, 120_000);
  }
});
