/**
 * The retry run and the first delivery against real Blobs and SMTP servers: no message e-mailed
 * twice by writers at work at once, messages that can never go through given up with a reason,
 * sent messages deleted after the retention period and pending ones never, and a run's reads
 * following the pending messages only.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { handleContactSubmission } from '../../../src/contact/handler';
import {
  leaseMs,
  pendingReadsPerRun,
  retentionDaysFrom,
  retryEveryMinutes,
  retryPendingMessages,
} from '../../../src/contact/deliver';
import { smtpMailer } from '../../../src/contact/mail';
import { blobsMessageStore, newMessageId, type StoredMessage } from '../../../src/contact/store';
import { closedPort, post, useContactServers, valid, retryStill } from './harness';

const settings = { to: 'sales@example.com', from: 'website@example.com', domain: 'www.example.com' };
const hour = 3_600_000;
const day = 24 * hour;
const servers = useContactServers();
const logs: string[] = [];
const log = (line: string) => logs.push(line);
const mailAt = (url = servers.inbox.url) => ({ mailer: smtpMailer(url), settings });

beforeEach(() => {
  logs.length = 0;
});

/** A pending message received at `receivedAt`, due at once unless told otherwise. */
function pendingMessage(receivedAt: Date, fields: Partial<StoredMessage> = {}): StoredMessage {
  return {
    id: newMessageId(receivedAt),
    receivedAt: receivedAt.toISOString(),
    status: 'pending',
    attempts: 0,
    nextAttemptAt: receivedAt.toISOString(),
    message: { ...valid, message: `Enquiry received ${receivedAt.toISOString()} (${Math.random()})` },
    ...fields,
  };
}

const keys = async (prefix: string) => (await servers.blobs.client().list({ prefix })).blobs.map((b) => b.key).sort();
const byId = async (id: string) => (await servers.blobs.store.list()).find((r) => r.id === id);

describe('two writers at once', () => {
  it('a retry run that starts during the first delivery leaves the message to it: one e-mail', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let arrived!: () => void;
    const firstArrived = new Promise<void>((resolve) => (arrived = resolve));
    // The first e-mail is held at the mail server until the retry run is over; later ones pass.
    servers.inbox.beforeAccept = async () => {
      servers.inbox.beforeAccept = undefined;
      arrived();
      await held;
    };

    const submission = handleContactSubmission(post(valid), { store: servers.blobs.store, mail: mailAt(), log });
    await firstArrived;
    const retry = await retryStill({ store: blobsMessageStore(servers.blobs.client()), mail: mailAt(), log });
    release();

    expect((await submission).status).toBe(200);
    expect(retry).toMatchObject({ pending: 1, due: 0, sent: 0 });
    expect(servers.inbox.received).toHaveLength(1);
    expect(await servers.blobs.store.list()).toMatchObject([{ status: 'sent', attempts: 1 }]);
  });

  it('a message whose first delivery never finished is taken up once its lease is over', async () => {
    const received = new Date('2026-11-22T10:00:00Z');
    // Stored with its lease, as the endpoint does, and then the function stopped.
    await servers.blobs.store.add(
      pendingMessage(received, { nextAttemptAt: new Date(received.getTime() + leaseMs).toISOString() }),
    );

    const during = await retryStill({
      store: servers.blobs.store,
      mail: mailAt(),
      now: () => new Date(received.getTime() + leaseMs - 1000),
    });
    expect(during).toMatchObject({ due: 0, sent: 0 });
    const after = await retryStill({
      store: servers.blobs.store,
      mail: mailAt(),
      now: () => new Date(received.getTime() + leaseMs),
    });
    expect(after).toMatchObject({ due: 1, sent: 1 });
    expect(servers.inbox.received).toHaveLength(1);
  });

  it('100 pending messages and two retry runs in parallel: exactly 100 e-mails, one per message', async () => {
    const now = new Date('2026-11-22T12:00:00Z');
    const messages = Array.from({ length: 100 }, (_, i) => pendingMessage(new Date(now.getTime() - (i + 1) * 60_000)));
    for (const m of messages) await servers.blobs.store.add(m);

    // Two function instances: separate clients of the same store.
    const runs = await Promise.all(
      [servers.blobs.client(), servers.blobs.client()].map((client) =>
        retryStill({ store: blobsMessageStore(client), mail: mailAt(), now: () => now, log }),
      ),
    );

    expect(servers.inbox.received).toHaveLength(100);
    expect(new Set(messageIds()).size).toBe(100);
    const mailed = servers.inbox.received.map((mail) => mail.text!.match(/Enquiry received .*\)/)![0]).sort();
    expect(mailed).toEqual(messages.map((m) => m.message.message).sort());
    expect(runs[0]!.sent + runs[1]!.sent).toBe(100);
    expect(await keys('pending/')).toEqual([]);
    expect((await servers.blobs.store.list()).every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });
});

const isClaim = (body: unknown) => {
  const record = body as StoredMessage;
  return record?.status === 'pending' && record.lastAttemptAt === undefined;
};
const messageIds = () => servers.inbox.received.map((mail) => mail.messageId);

describe('claims the store answers with a 500', () => {
  it('a run whose claims are answered with a 500 that did not write sends nothing; the next run sends each once', async () => {
    const now = new Date('2026-11-22T12:00:00Z');
    const messages = Array.from({ length: 5 }, (_, i) => pendingMessage(new Date(now.getTime() - (i + 1) * 60_000)));
    for (const m of messages) await servers.blobs.store.add(m);

    servers.blobs.answerWrites500({ land: false, when: isClaim });
    const run = await retryStill({ store: servers.blobs.store, mail: mailAt(), now: () => now, log });
    servers.blobs.answerWrites();
    expect(run).toMatchObject({ due: 5, sent: 0, skipped: 5 });
    expect(servers.inbox.offered).toBe(0);

    const next = await retryStill({ store: servers.blobs.store, mail: mailAt(), now: () => now, log });
    expect(next).toMatchObject({ due: 5, sent: 5 });
    expect(new Set(messageIds()).size).toBe(5);
  });

  // The client retries each write itself (six tries in all); here each try fails on its own, so
  // now and then all six tries of one write fail. When that write is the record of a message
  // just e-mailed, nothing in the store says it went: a later run sends it again, with the same
  // Message-ID (decision 0035). The log names each such message; no other goes out twice.
  it('two runs at once over 40 messages while a third of all writes are answered with a 500 (written or not): no message twice at once, every one in the end, a second copy only of one the log names', async () => {
    for (const land of [false, true]) {
      servers.inbox.received.length = 0;
      logs.length = 0;
      const now = new Date('2026-11-22T12:00:00Z');
      const messages = Array.from({ length: 40 }, (_, i) => pendingMessage(new Date(now.getTime() - (i + 1) * 60_000)));
      for (const m of messages) await servers.blobs.store.add(m);

      servers.blobs.answerWrites500({ land, chance: 1 / 3 });
      await Promise.all(
        [servers.blobs.client(), servers.blobs.client()].map((client) =>
          retryStill({ store: blobsMessageStore(client), mail: mailAt(), now: () => now, log }),
        ),
      );
      servers.blobs.answerWrites();
      expect(servers.blobs.writes500()).toBeGreaterThan(0);
      const duringFaults = messageIds();
      expect(new Set(duringFaults).size, `land: ${land}`).toBe(duringFaults.length);
      const unrecorded = logs
        .filter((line) => line.includes('was e-mailed, but the store could not record it'))
        .map((line) => `<${/message (\S+) was e-mailed/.exec(line)![1]}@${settings.domain}>`);

      // Later runs, once every lease is over, send what was claimed but not sent, and file what
      // was sent and recorded but not filed.
      for (let i = 1; i <= 2; i++)
        await retryStill({
          store: servers.blobs.store,
          mail: mailAt(),
          now: () => new Date(now.getTime() + i * leaseMs + 1000),
          log,
        });
      const received = messageIds();
      expect(new Set(received), `land: ${land}`).toEqual(new Set(messages.map((m) => `<${m.id}@${settings.domain}>`)));
      const twice = received.filter((id, index) => received.indexOf(id) !== index);
      expect(new Set(twice).size, `land: ${land}`).toBe(twice.length);
      for (const id of twice) expect(unrecorded, `land: ${land}`).toContain(id);
      expect(await keys('pending/')).toEqual([]);
    }
  });
});

describe('messages that can never go through', () => {
  it('a permanent refusal (5xx) fails the message at once, with the reason, and it is not retried', async () => {
    servers.inbox.refuse = { code: 554, text: 'Message rejected as spam' };
    const response = await handleContactSubmission(post(valid), { store: servers.blobs.store, mail: mailAt(), log });
    expect(response.status).toBe(200);
    expect(servers.inbox.offered).toBe(1);

    const [record] = await servers.blobs.store.list();
    expect(record).toMatchObject({ status: 'failed', attempts: 1 });
    expect(record!.failureReason).toMatch(/^refused by the mail server: .*554 Message rejected as spam/);
    expect(await keys('failed/')).toEqual([`failed/${record!.id}`]);
    expect(await keys('pending/')).toEqual([]);
    expect(logs).toEqual([expect.stringContaining('kept as failed')]);

    servers.inbox.refuse = undefined;
    const later = await retryStill({
      store: servers.blobs.store,
      mail: mailAt(),
      now: () => new Date(Date.now() + 2 * day),
    });
    expect(later).toMatchObject({ pending: 0, due: 0 });
    expect(servers.inbox.offered).toBe(1);
  });

  it('a temporary refusal (4xx) keeps the message pending for a later attempt', async () => {
    servers.inbox.refuse = { code: 451, text: 'Try again later' };
    await handleContactSubmission(post(valid), { store: servers.blobs.store, mail: mailAt(), log });
    expect(await servers.blobs.store.list()).toMatchObject([
      { status: 'pending', attempts: 1, lastError: expect.stringContaining('451') },
    ]);
  });

  it("a message that keeps failing for the site's reasons is never given up: it is tried once a day, and goes out when the server is back", async () => {
    const down = `smtp://127.0.0.1:${await closedPort()}`;
    const now = new Date('2026-11-25T10:00:00Z');
    const tired = pendingMessage(new Date('2026-11-15T10:00:00Z'), { attempts: 30, lastError: 'earlier error' });
    await servers.blobs.store.add(tired);

    const run = await retryStill({ store: servers.blobs.store, mail: mailAt(down), now: () => now, log });
    expect(run).toMatchObject({ due: 1, failed: 0, stillPending: 1 });
    const record = await byId(tired.id);
    expect(record).toMatchObject({
      status: 'pending',
      attempts: 31,
      lastError: expect.stringContaining('ECONNREFUSED'),
    });
    expect(Date.parse(record!.nextAttemptAt!) - now.getTime()).toBe(day);

    const next = await retryStill({
      store: servers.blobs.store,
      mail: mailAt(),
      now: () => new Date(now.getTime() + day),
    });
    expect(next).toMatchObject({ due: 1, sent: 1 });
    expect(servers.inbox.received).toHaveLength(1);
    // The e-mail's Message-ID is the message's own, whichever attempt sends it.
    expect(servers.inbox.received[0]!.messageId).toBe(`<${tired.id}@${settings.domain}>`);
  });
});

describe('retention and waiting messages', () => {
  const now = new Date('2026-11-22T10:00:00Z');
  const daysAgo = (n: number) => new Date(now.getTime() - n * day);

  async function sentOn(sentAt: Date): Promise<StoredMessage> {
    const record: StoredMessage = {
      ...pendingMessage(new Date(sentAt.getTime() - hour)),
      status: 'sent',
      attempts: 1,
      sentAt: sentAt.toISOString(),
    };
    delete record.nextAttemptAt;
    await servers.blobs.store.file(record);
    return record;
  }

  it('deletes sent messages once older than the retention period, never pending or failed ones', async () => {
    const expired = [await sentOn(daysAgo(120)), await sentOn(daysAgo(91))];
    const kept = [await sentOn(daysAgo(89)), await sentOn(daysAgo(0))];
    const oldPending = pendingMessage(daysAgo(200), { nextAttemptAt: new Date(now.getTime() + hour).toISOString() });
    await servers.blobs.store.add(oldPending);
    const oldFailed: StoredMessage = {
      ...pendingMessage(daysAgo(300)),
      status: 'failed',
      failureReason: 'refused by the mail server: 550',
    };
    await servers.blobs.store.file(oldFailed);

    // With a mail server set: without one, pending messages expire too (see below).
    const run = await retryStill({
      store: servers.blobs.store,
      mail: mailAt(),
      now: () => now,
      retentionDays: 90,
      log,
    });
    expect(run.deleted).toBe(2);
    const left = (await servers.blobs.store.list()).map((r) => r.id).sort();
    expect(left).toEqual([...kept.map((r) => r.id), oldPending.id, oldFailed.id].sort());
    expect(left).not.toContain(expired[0]!.id);

    // A shorter period, as CONTACT_RETENTION_DAYS=30 gives.
    const shorter = await retryStill({
      store: servers.blobs.store,
      mail: mailAt(),
      now: () => now,
      retentionDays: retentionDaysFrom('30'),
      log,
    });
    expect(shorter.deleted).toBe(1);
    expect((await servers.blobs.store.list()).map((r) => r.id).sort()).toEqual(
      [kept[1]!.id, oldPending.id, oldFailed.id].sort(),
    );
  });

  it("a browser id's marker expires with its message: deleted with an expired sent message, kept with a young one", async () => {
    const browserId = (n: number) => `${n}d4c2e5a-1b7f-4c1e-9a55-6f0e2d3c4b5a`;
    const old = await sentOn(daysAgo(95));
    const young = await sentOn(daysAgo(10));
    for (const [n, record] of [old, young].entries()) {
      await servers.blobs.store.file({ ...record, browserId: browserId(n) });
      await servers.blobs.store.markReceived(browserId(n), { id: record.id, receivedAt: record.receivedAt });
    }
    const run = await retryStill({ store: servers.blobs.store, mail: mailAt(), now: () => now, log });
    expect(run.deleted).toBe(1);
    expect(await servers.blobs.store.receivedAs(browserId(0))).toBeUndefined();
    expect(await servers.blobs.store.receivedAs(browserId(1))).toEqual({ id: young.id, receivedAt: young.receivedAt });
    expect(await keys('received/')).toEqual([`received/${browserId(1)}`]);
  });

  it('markers outlive every repeat a browser may send: kept at least 14 days, however short the retention', async () => {
    const browserId = (n: number) => `${n}d4c2e5a-1b7f-4c1e-9a55-6f0e2d3c4b5a`;
    for (const [n, age] of [10, 15].entries())
      await servers.blobs.store.markReceived(browserId(n), {
        id: `x${n}`,
        receivedAt: daysAgo(age).toISOString(),
      });
    const run = await retryStill({ store: servers.blobs.store, now: () => now, retentionDays: 1, log });
    expect(run.markersDeleted).toBe(1);
    expect(await keys('received/')).toEqual([`received/${browserId(0)}`]);
  });

  it('once a day, at 03:00 UTC, markers of the older layout (no day entry) are found and given one, or deleted when expired', async () => {
    const client = servers.blobs.client();
    const browserId = (n: number) => `${n}d4c2e5a-1b7f-4c1e-9a55-6f0e2d3c4b5a`;
    await client.setJSON(`received/${browserId(0)}`, { id: 'old', receivedAt: daysAgo(120).toISOString() });
    await client.setJSON(`received/${browserId(1)}`, { id: 'young', receivedAt: daysAgo(3).toISOString() });
    // Any other run leaves them be.
    expect(await retryStill({ store: servers.blobs.store, now: () => now, log })).toMatchObject({
      markersDeleted: 0,
    });
    expect(await keys('received/')).toHaveLength(2);
    const threeAm = new Date('2026-11-23T03:05:00Z');
    expect(await retryStill({ store: servers.blobs.store, now: () => threeAm, log })).toMatchObject({
      markersDeleted: 1,
    });
    expect(await keys('received/')).toEqual([`received/${browserId(1)}`]);
    expect(await keys('received-days/')).toEqual([
      `received-days/${daysAgo(3).toISOString().slice(0, 10)}/${browserId(1)}`,
    ]);
    expect(logs).toContain(
      'contact retry: 2 marker(s) of browser ids had no day entry: 1 given one, 1 expired and deleted',
    );
  });

  it('CONTACT_RETENTION_DAYS: 90 days unless a whole number of days is given', () => {
    const said: string[] = [];
    expect(retentionDaysFrom(undefined)).toBe(90);
    expect(retentionDaysFrom('')).toBe(90);
    expect(retentionDaysFrom('365')).toBe(365);
    expect(retentionDaysFrom('ninety', (l) => said.push(l))).toBe(90);
    expect(retentionDaysFrom('0', (l) => said.push(l))).toBe(90);
    expect(said).toHaveLength(2);
  });

  it('logs one line naming how many messages have been pending for more than 24 hours', async () => {
    const later = new Date(now.getTime() + day).toISOString();
    for (const hoursAgo of [25, 49, 23, 1])
      await servers.blobs.store.add(
        pendingMessage(new Date(now.getTime() - hoursAgo * hour), { nextAttemptAt: later }),
      );

    const run = await retryStill({ store: servers.blobs.store, mail: mailAt(), now: () => now, log });
    expect(run).toMatchObject({ pending: 4, stale: 2 });
    expect(logs.filter((l) => /pending for more than 24 hours/.test(l))).toEqual([
      'contact retry: 2 message(s) pending for more than 24 hours; they are in the message store',
    ]);

    logs.length = 0;
    await retryStill({
      store: servers.blobs.store,
      mail: mailAt(),
      now: () => new Date(now.getTime() - 2 * hour),
      log,
    });
    expect(logs.filter((l) => /more than 24 hours/.test(l))).toEqual([
      'contact retry: 1 message(s) pending for more than 24 hours; they are in the message store',
    ]);
  });
});

describe('the cost of a run', () => {
  it('reads the pending messages only, however many were sent', async () => {
    const now = new Date('2026-11-22T10:00:00Z');
    for (let i = 0; i < 300; i++) {
      const record: StoredMessage = {
        ...pendingMessage(new Date(now.getTime() - i * hour)),
        status: 'sent',
        attempts: 1,
        sentAt: new Date(now.getTime() - i * hour).toISOString(),
      };
      await servers.blobs.store.file(record);
    }
    for (let i = 0; i < 3; i++) await servers.blobs.store.add(pendingMessage(new Date(now.getTime() - i * 60_000)));

    const before = servers.blobs.reads();
    const run = await retryStill({ store: servers.blobs.store, mail: mailAt(), now: () => now, log });
    expect(run).toMatchObject({ pending: 3, due: 3, sent: 3, deleted: 0 });
    expect(servers.blobs.reads() - before).toBe(3);
  });
});

describe('a move stopped halfway', () => {
  it('a record marked sent but still under pending/ is filed, not sent again', async () => {
    const record: StoredMessage = {
      ...pendingMessage(new Date('2026-11-22T09:00:00Z')),
      status: 'sent',
      attempts: 1,
      sentAt: '2026-11-22T09:00:01.000Z',
    };
    await servers.blobs.client().setJSON(`pending/${record.id}`, record);

    const run = await retryStill({
      store: servers.blobs.store,
      mail: mailAt(),
      now: () => new Date('2026-11-22T10:00:00Z'),
      log,
    });
    expect(run).toMatchObject({ pending: 1, due: 0, sent: 0 });
    expect(servers.inbox.offered).toBe(0);
    expect(await keys('pending/')).toEqual([]);
    expect(await keys('sent/')).toEqual([`sent/2026-11-22/${record.id}`]);
  });
});

describe('without a mail server', () => {
  const now = new Date('2026-11-22T10:00:00Z');
  const daysAgo = (n: number) => new Date(now.getTime() - n * day);

  it('pending messages expire after the retention period, counted from their arrival; with a mail server they never do', async () => {
    const old = [pendingMessage(daysAgo(120)), pendingMessage(daysAgo(31))];
    const young = [pendingMessage(daysAgo(29)), pendingMessage(daysAgo(0))];
    for (const m of [...old, ...young]) await servers.blobs.store.add(m);

    // With a mail server (one that is down), nothing pending is deleted, however old.
    const down = `smtp://127.0.0.1:${await closedPort()}`;
    const withMail = await retryStill({
      store: servers.blobs.store,
      mail: mailAt(down),
      now: () => now,
      retentionDays: 30,
      log,
    });
    expect(withMail).toMatchObject({ pending: 4, expired: 0 });
    expect(await keys('pending/')).toHaveLength(4);

    logs.length = 0;
    const run = await retryStill({ store: servers.blobs.store, now: () => now, retentionDays: 30, log });
    expect(run).toMatchObject({ pending: 4, expired: 2, looked: 2 });
    expect(await keys('pending/')).toEqual(young.map((m) => `pending/${m.id}`).sort());
    expect(logs).toContain(
      'contact retry: 2 pending message(s) older than 30 days deleted; no mail server is set, so nothing would ever send them',
    );

    // The default: 90 days.
    await servers.blobs.store.add(pendingMessage(daysAgo(91)));
    expect(await retryStill({ store: servers.blobs.store, now: () => now, log })).toMatchObject({
      expired: 1,
    });
  });
});

describe('a bounded run', () => {
  const slot = retryEveryMinutes * 60_000;
  const now = new Date(Math.floor(Date.parse('2026-11-22T10:00:00Z') / slot) * slot);

  it(`reads at most ${pendingReadsPerRun} pending messages, however many wait`, async () => {
    // Not due, so the run reads them and sends nothing: the reads are the run's whole cost.
    const later = new Date(now.getTime() + day).toISOString();
    const count = pendingReadsPerRun + 20;
    await Promise.all(
      Array.from({ length: count }, (_, i) =>
        servers.blobs.store.add(pendingMessage(new Date(now.getTime() - (i + 1) * 1000), { nextAttemptAt: later })),
      ),
    );
    const before = servers.blobs.reads();
    const run = await retryStill({ store: servers.blobs.store, mail: mailAt(), now: () => now, log });
    expect(run).toMatchObject({ pending: count, looked: pendingReadsPerRun, due: 0 });
    expect(servers.blobs.reads() - before).toBe(pendingReadsPerRun);
  });

  it('each run reads the next window, so every waiting message is sent within a few runs, each once', async () => {
    const messages = Array.from({ length: 25 }, (_, i) => pendingMessage(new Date(now.getTime() - (i + 1) * 60_000)));
    for (const m of messages) await servers.blobs.store.add(m);
    const looked: number[] = [];
    for (let run = 0; run < 3; run++) {
      const report = await retryStill({
        store: servers.blobs.store,
        mail: mailAt(),
        now: () => new Date(now.getTime() + run * slot),
        readLimit: 10,
        log,
      });
      looked.push(report.looked);
    }
    expect(looked).toEqual([10, 10, 5]);
    expect(messageIds().sort()).toEqual(messages.map((m) => `<${m.id}@${settings.domain}>`).sort());
    expect(await keys('pending/')).toEqual([]);
  });

  it("stops starting deliveries when its time budget is spent on the run's own clock, and leaves the rest for the next run", async () => {
    const messages = Array.from({ length: 6 }, (_, i) => pendingMessage(new Date(now.getTime() - (i + 1) * 60_000)));
    for (const m of messages) await servers.blobs.store.add(m);
    // A clock the test moves: one second each time the run looks at it, whatever the machine does.
    let ticks = 0;
    const clock = () => 1000 * ticks++;
    const first = await retryPendingMessages({
      clock,
      budgetMs: 3500,
      store: servers.blobs.store,
      mail: mailAt(),
      now: () => now,
      log,
    });
    // Read at start (0), then 1, 2, 3 s within the budget; at 4 s it is spent.
    expect(first).toMatchObject({ due: 6, sent: 3, skipped: 3 });
    expect(servers.inbox.received).toHaveLength(3);
    const second = await retryStill({ store: servers.blobs.store, mail: mailAt(), now: () => now, log });
    expect(second).toMatchObject({ due: 3, sent: 3, skipped: 0 });
    expect(messageIds().sort()).toEqual(messages.map((m) => `<${m.id}@${settings.domain}>`).sort());
  });
});
