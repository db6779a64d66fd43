/**
 * The retry run's alert on a second channel: a JSON post to a webhook (here a local HTTP server)
 * and a log line, when a message has become failed or has waited pending for too long, at most
 * once a day, remembered in the store; against real Blobs and SMTP servers.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { alertAfterHoursFrom, type AlertBody } from '../../../src/contact/alert';
import { type RetryDependencies } from '../../../src/contact/deliver';
import { smtpMailer } from '../../../src/contact/mail';
import { blobsMessageStore, newMessageId, type StoredMessage } from '../../../src/contact/store';
import { closedPort, useContactServers, valid, retryStill } from './harness';

const settings = { to: 'sales@example.com', from: 'website@example.com', domain: 'www.example.com' };
const hour = 3_600_000;
const day = 24 * hour;
const servers = useContactServers();

/** The webhook: records each JSON body; answers with `status`. */
let hook: { server: Server; url: string; bodies: AlertBody[]; types: string[]; status: number };
beforeAll(async () => {
  const server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => {
      hook.types.push(String(request.headers['content-type']));
      hook.bodies.push(JSON.parse(text) as AlertBody);
      response.writeHead(hook.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  hook = {
    server,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/alert`,
    bodies: [],
    types: [],
    status: 204,
  };
});
afterAll(() => new Promise<void>((resolve) => hook.server.close(() => resolve())));

const logs: string[] = [];
beforeEach(() => {
  logs.length = 0;
  hook.bodies.length = 0;
  hook.types.length = 0;
  hook.status = 204;
});

function pendingMessage(receivedAt: Date, fields: Partial<StoredMessage> = {}): StoredMessage {
  return {
    id: newMessageId(receivedAt),
    receivedAt: receivedAt.toISOString(),
    status: 'pending',
    attempts: 0,
    nextAttemptAt: receivedAt.toISOString(),
    message: { ...valid, message: `Enquiry ${Math.random()}` },
    ...fields,
  };
}

const noon = new Date('2026-11-22T12:00:00Z');
const alertLines = () => logs.filter((l) => l.startsWith('contact alert:'));

async function run(now: Date, fields: Partial<RetryDependencies> = {}, mailUrl?: string) {
  return retryStill({
    store: servers.blobs.store,
    mail: { mailer: smtpMailer(mailUrl ?? servers.inbox.url), settings },
    now: () => now,
    log: (line) => logs.push(line),
    alert: { webhook: hook.url, afterHours: 6, storeName: 'contact-messages' },
    ...fields,
  });
}

describe('a message waiting too long', () => {
  it('alerts once a day while a message waits more than CONTACT_ALERT_AFTER_HOURS, by webhook and log line', async () => {
    const down = `smtp://127.0.0.1:${await closedPort()}`;
    const waiting = pendingMessage(new Date(noon.getTime() - 7 * hour));
    await servers.blobs.store.add(waiting);

    const first = await run(noon, {}, down);
    expect(first.alert).toMatchObject({ alerted: true, posted: true });
    expect(hook.bodies).toHaveLength(1);
    expect(hook.types).toEqual(['application/json']);
    expect(hook.bodies[0]).toMatchObject({
      store: 'contact-messages',
      failed: { new: [], total: 0 },
      waiting: { count: 1, afterHours: 6, oldestReceivedAt: waiting.receivedAt },
      lastError: expect.stringContaining('ECONNREFUSED'),
    });
    expect(hook.bodies[0]!.text).toMatch(
      /^Contact form \(contact-messages\): 1 message\(s\) pending for more than 6 hours, the oldest since 2026-11-22T05:00:00.000Z\. Last mail error: .*ECONNREFUSED/,
    );
    // Nothing a visitor wrote goes out.
    expect(JSON.stringify(hook.bodies[0])).not.toContain(valid.email);
    expect(alertLines()).toEqual([`contact alert: ${hook.bodies[0]!.text}`]);

    // The rest of the day: nothing, however many runs.
    logs.length = 0;
    for (const later of [1, 5, 11])
      expect((await run(new Date(noon.getTime() + later * hour), {}, down)).alert).toEqual({
        alerted: false,
        reason: 'already alerted today',
      });
    expect(hook.bodies).toHaveLength(1);
    expect(alertLines()).toEqual([]);

    // The next day, still waiting: one more.
    await run(new Date(noon.getTime() + day), {}, down);
    expect(hook.bodies).toHaveLength(2);
    expect(await servers.blobs.client().get('alerts/last', { type: 'json' })).toMatchObject({ day: '2026-11-23' });
  });

  it('says nothing while messages are younger than the threshold, and writes nothing', async () => {
    await servers.blobs.store.add(
      pendingMessage(new Date(noon.getTime() - 5 * hour), {
        nextAttemptAt: new Date(noon.getTime() + hour).toISOString(),
      }),
    );
    expect((await run(noon)).alert).toEqual({ alerted: false, reason: 'nothing to tell' });
    expect(hook.bodies).toEqual([]);
    expect(await servers.blobs.client().get('alerts/last')).toBeNull();
    // A threshold of 4 hours, as CONTACT_ALERT_AFTER_HOURS=4 gives: now it is worth one.
    await run(noon, { alert: { webhook: hook.url, afterHours: alertAfterHoursFrom('4') } });
    expect(hook.bodies).toMatchObject([{ waiting: { count: 1, afterHours: 4 } }]);
  });
});

describe('a message that became failed', () => {
  it('alerts the day a message fails; a second failure the same day waits for the next day, and names only the new one', async () => {
    servers.inbox.refuse = { code: 554, text: '5.7.1 Message rejected as spam' };
    const first = pendingMessage(new Date(noon.getTime() - 10 * 60_000));
    await servers.blobs.store.add(first);
    await run(noon);
    expect(hook.bodies).toMatchObject([{ failed: { new: [first.id], total: 1 }, waiting: { count: 0 } }]);
    expect(hook.bodies[0]!.text).toContain('1 message(s) failed for good since the last alert (1 failed in all)');

    const second = pendingMessage(new Date(noon.getTime() + hour));
    await servers.blobs.store.add(second);
    await run(new Date(noon.getTime() + 2 * hour));
    expect(hook.bodies).toHaveLength(1);

    servers.inbox.refuse = undefined;
    await run(new Date(noon.getTime() + day));
    expect(hook.bodies).toHaveLength(2);
    expect(hook.bodies[1]).toMatchObject({ failed: { new: [second.id], total: 2 } });

    // Failed messages already told of, nothing waiting: no alert the day after.
    await run(new Date(noon.getTime() + 2 * day));
    expect(hook.bodies).toHaveLength(2);
  });
});

describe('at most one alert', () => {
  it('two runs at once: one alert', async () => {
    await servers.blobs.store.add(
      pendingMessage(new Date(noon.getTime() - 8 * hour), {
        nextAttemptAt: new Date(noon.getTime() + hour).toISOString(),
      }),
    );
    const outcomes = await Promise.all(
      [servers.blobs.client(), servers.blobs.client()].map((client) => run(noon, { store: blobsMessageStore(client) })),
    );
    expect(hook.bodies).toHaveLength(1);
    expect(outcomes.map((o) => o.alert?.alerted).sort()).toEqual([false, true]);
  });

  it('a webhook that fails gives the day back: the next run posts it', async () => {
    await servers.blobs.store.add(
      pendingMessage(new Date(noon.getTime() - 8 * hour), {
        nextAttemptAt: new Date(noon.getTime() + day).toISOString(),
      }),
    );
    hook.status = 500;
    expect((await run(noon)).alert).toMatchObject({ alerted: true, posted: false });
    expect(logs).toContain(
      'contact alert: the webhook could not be reached (the webhook answered 500); the next run tries again',
    );
    hook.status = 204;
    expect((await run(new Date(noon.getTime() + 15 * 60_000))).alert).toMatchObject({ alerted: true, posted: true });
    expect(hook.bodies).toHaveLength(2);
    expect((await run(new Date(noon.getTime() + 30 * 60_000))).alert).toMatchObject({ alerted: false });
    expect(hook.bodies).toHaveLength(2);
  });

  it('without a webhook the log line is the alert, once a day too', async () => {
    await servers.blobs.store.add(
      pendingMessage(new Date(noon.getTime() - 8 * hour), {
        nextAttemptAt: new Date(noon.getTime() + day).toISOString(),
      }),
    );
    const noHook = { alert: { afterHours: 6 } };
    await run(noon, noHook);
    await run(new Date(noon.getTime() + hour), noHook);
    expect(hook.bodies).toEqual([]);
    expect(alertLines()).toEqual([
      expect.stringMatching(
        /^contact alert: Contact form \(contact-messages\): 1 message\(s\) pending for more than 6 hours/,
      ),
      'contact alert: CONTACT_ALERT_WEBHOOK is not set; this log line is the only alert',
    ]);
    // The alert state is not a message.
    expect((await servers.blobs.store.list()).map((r) => r.status)).toEqual(['pending']);
  });
});

it('CONTACT_ALERT_AFTER_HOURS: 6 unless a positive number of hours is given', () => {
  const said: string[] = [];
  expect(alertAfterHoursFrom(undefined)).toBe(6);
  expect(alertAfterHoursFrom(' ')).toBe(6);
  expect(alertAfterHoursFrom('12')).toBe(12);
  expect(alertAfterHoursFrom('0.5')).toBe(0.5);
  expect(alertAfterHoursFrom('0', (l) => said.push(l))).toBe(6);
  expect(alertAfterHoursFrom('soon', (l) => said.push(l))).toBe(6);
  expect(said).toHaveLength(2);
});

describe('the hourly cap reached', () => {
  /** A message held back by the cap, due for the next digest. */
  const held = (receivedAt: Date) => {
    const record = pendingMessage(receivedAt, { heldAt: receivedAt.toISOString() });
    delete record.nextAttemptAt;
    return record;
  };
  const capped = (now: Date, fields: Partial<RetryDependencies> = {}) =>
    run(now, {
      mail: { mailer: smtpMailer(servers.inbox.url), settings, cap: { perHour: 30 } },
      ...fields,
    });

  it('says once a day, apart from the other alert, how many held messages went out in a digest; nothing a visitor wrote', async () => {
    for (const minutes of [1, 2, 3]) await servers.blobs.store.add(held(new Date(noon.getTime() - minutes * 60_000)));
    // The other alert has gone out today already: this one is apart from it.
    await servers.blobs.client().setJSON('alerts/last', { day: '2026-11-22', at: noon.toISOString(), failed: [] });
    const first = await capped(noon);
    expect(first).toMatchObject({ digests: 1, digested: 3, capAlert: { alerted: true, posted: true } });
    expect(hook.bodies).toEqual([
      {
        text: 'Contact form (contact-messages): the limit of 30 e-mails an hour (CONTACT_MAIL_PER_HOUR) was reached; 3 message(s) held back went out in 1 digest e-mail(s). Every message is stored and the visitors were told it was sent. A flood of unwanted messages: see `npm run messages` (docs/operations.md).',
        store: 'contact-messages',
        cap: { perHour: 30, digests: 1, messages: 3, waiting: 0 },
        at: noon.toISOString(),
      },
    ]);
    expect(JSON.stringify(hook.bodies)).not.toContain(valid.email);
    expect(alertLines()).toEqual([`contact alert: ${(hook.bodies[0] as unknown as { text: string }).text}`]);
    expect(await servers.blobs.client().get('alerts/cap', { type: 'json' })).toMatchObject({ day: '2026-11-22' });

    // Later the same day: a digest, no alert. The next day: one again.
    await servers.blobs.store.add(held(new Date(noon.getTime() + hour)));
    expect((await capped(new Date(noon.getTime() + 2 * hour))).capAlert).toEqual({
      alerted: false,
      reason: 'already alerted today',
    });
    await servers.blobs.store.add(held(new Date(noon.getTime() + day)));
    expect((await capped(new Date(noon.getTime() + day + hour))).capAlert).toMatchObject({ alerted: true });
    expect(hook.bodies).toHaveLength(2);
  });

  it('a webhook that fails gives the day back; without a webhook the log line is the alert', async () => {
    await servers.blobs.store.add(held(new Date(noon.getTime() - 60_000)));
    hook.status = 500;
    expect((await capped(noon)).capAlert).toMatchObject({ alerted: true, posted: false });
    hook.status = 204;
    await servers.blobs.store.add(held(new Date(noon.getTime() + 60_000)));
    expect((await capped(new Date(noon.getTime() + hour))).capAlert).toMatchObject({ alerted: true, posted: true });
    expect(hook.bodies).toHaveLength(2);

    logs.length = 0;
    await servers.blobs.store.add(held(new Date(noon.getTime() + day)));
    await capped(new Date(noon.getTime() + day + hour), { alert: { afterHours: 6 } });
    expect(alertLines()).toEqual([
      expect.stringMatching(/^contact alert: Contact form \(contact-messages\): the limit of 30 e-mails an hour/),
      'contact alert: CONTACT_ALERT_WEBHOOK is not set; this log line is the only alert',
    ]);
  });

  it('two runs at once that both send digests: one alert', async () => {
    for (let i = 0; i < 10; i++) await servers.blobs.store.add(held(new Date(noon.getTime() - i * 60_000)));
    const outcomes = await Promise.all(
      [servers.blobs.client(), servers.blobs.client()].map((client) =>
        capped(noon, { store: blobsMessageStore(client) }),
      ),
    );
    const alerted = outcomes.filter((o) => o.capAlert?.alerted);
    expect(alerted).toHaveLength(1);
    expect(hook.bodies).toHaveLength(1);
  });
});
