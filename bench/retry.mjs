/**
 * npm run bench:retry: the cost of one scheduled retry run on a store that has been in use for
 * a long time. Seeds a local Netlify Blobs store (a temporary folder) with 100,000 sent messages,
 * spread over the last 120 days, and 10 pending ones that are due, then times one run of
 * retryPendingMessages against a local SMTP server (loopback only) and prints the blobs it read,
 * counted by the Blobs server itself, and the seconds it took. It ends with a line that says
 * "within" when the run read at most 50 blobs and took under 5 s, and "over" otherwise (exit 1).
 *
 * BENCH_SENT and BENCH_PENDING change the amounts. Seeding takes a minute or so; only the run is timed.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BlobsServer } from '@netlify/blobs/server';
import { getStore } from '@netlify/blobs';
import { SMTPServer } from 'smtp-server';
import { createServer } from 'vite';

const sentCount = Number(process.env.BENCH_SENT ?? 100_000);
const pendingCount = Number(process.env.BENCH_PENDING ?? 10);
const budget = { reads: 50, seconds: 5 };
const day = 86_400_000;

const directory = mkdtempSync(join(tmpdir(), 'bench-retry-'));
const counts = { get: 0, getMetadata: 0, list: 0, set: 0, delete: 0 };
const blobsServer = new BlobsServer({
  directory,
  token: 'bench',
  port: 0,
  onRequest: ({ type }) => (counts[type] = (counts[type] ?? 0) + 1),
});
const { port } = await blobsServer.start();

let delivered = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, callback) {
    stream.resume();
    stream.on('end', () => {
      delivered++;
      callback();
    });
  },
});
await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpPort = smtp.server.address().port;

// The run's code is the site's own TypeScript, loaded through Vite as content:check does.
const vite = await createServer({
  server: { middlewareMode: true, hmr: false },
  appType: 'custom',
  logLevel: 'error',
  optimizeDeps: { noDiscovery: true, include: [] },
});

/**
 * Writes the sent messages straight into the Blobs server's folder: through its HTTP interface,
 * 100,000 writes take many minutes. Where the files go is learnt from the server itself (one
 * message is stored through it first and its file looked up), and the result is checked through
 * the server before anything is timed, so a change of its folder layout stops the bench instead
 * of timing an empty store.
 */
async function seedSent(store, blobs, records, eachLimited) {
  const [probe, ...rest] = records;
  await store.file(probe);
  const probeKey = `sent/${probe.sentAt.slice(0, 10)}/${probe.id}`;
  const probeFile = readdirSync(directory, { recursive: true }).find(
    (path) => path.endsWith(probeKey) && !path.startsWith('metadata'),
  );
  if (!probeFile) throw new Error(`bench: could not find where the Blobs server keeps ${probeKey}`);
  const root = join(directory, probeFile.slice(0, -probeKey.length));
  const days = new Set(records.map((r) => r.sentAt.slice(0, 10)));
  for (const d of days) mkdirSync(join(root, 'sent', d), { recursive: true });
  await eachLimited(rest, 64, (r) => writeFile(join(root, 'sent', r.sentAt.slice(0, 10), r.id), JSON.stringify(r)));

  const listedDays = await store.sentDays();
  const probeDay = (await blobs.list({ prefix: `sent/${probe.sentAt.slice(0, 10)}/` })).blobs.length;
  const expectedOnProbeDay = records.filter((r) => r.sentAt.startsWith(probe.sentAt.slice(0, 10))).length;
  if (listedDays.length !== days.size || probeDay !== expectedOnProbeDay) {
    throw new Error(
      `bench: the server lists ${listedDays.length} days and ${probeDay} messages on ${probe.sentAt.slice(0, 10)}; expected ${days.size} and ${expectedOnProbeDay}`,
    );
  }
}

try {
  const { blobsMessageStore } = await vite.ssrLoadModule('/src/contact/store.ts');
  const { eachLimited } = await vite.ssrLoadModule('/src/server/each-limited.ts');
  const { retryPendingMessages, defaultRetentionDays } = await vite.ssrLoadModule('/src/contact/deliver.ts');
  const { smtpMailer } = await vite.ssrLoadModule('/src/contact/mail.ts');

  const url = `http://localhost:${port}`;
  const blobs = getStore({
    name: 'contact-messages',
    siteID: 'bench',
    token: 'bench',
    edgeURL: url,
    uncachedEdgeURL: url,
    consistency: 'strong',
  });
  const store = blobsMessageStore(blobs);
  const now = new Date();
  const message = (i) => ({
    name: `Buyer ${i}`,
    email: `buyer${i}@example.org`,
    company: 'Benchmark Textiles',
    message: `Enquiry ${i}: please quote 500 kg of binder.`,
  });
  const id = (at, i) => `${at.toISOString()}-${i.toString(36).padStart(6, '0')}`;

  const seeding = performance.now();
  const sent = Array.from({ length: sentCount }, (_, i) => {
    const sentAt = new Date(now.getTime() - Math.floor((i / sentCount) * 120 * day) - 60_000);
    return {
      id: id(sentAt, i),
      receivedAt: sentAt.toISOString(),
      status: 'sent',
      attempts: 1,
      lastAttemptAt: sentAt.toISOString(),
      sentAt: sentAt.toISOString(),
      message: message(i),
    };
  });
  await seedSent(store, blobs, sent, eachLimited);
  for (let i = 0; i < pendingCount; i++) {
    const receivedAt = new Date(now.getTime() - (i + 1) * 20 * 60_000);
    await store.add({
      id: id(receivedAt, sentCount + i),
      receivedAt: receivedAt.toISOString(),
      status: 'pending',
      attempts: 1,
      nextAttemptAt: receivedAt.toISOString(),
      lastError: 'connection refused',
      message: message(sentCount + i),
    });
  }
  console.log(
    `seeded ${sentCount.toLocaleString('en')} sent and ${pendingCount} pending messages in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
  );

  for (const key of Object.keys(counts)) counts[key] = 0;
  const lines = [];
  const started = performance.now();
  const report = await retryPendingMessages({
    store,
    mail: {
      mailer: smtpMailer(`smtp://127.0.0.1:${smtpPort}`),
      settings: { to: 'sales@example.com', from: 'website@example.com', domain: 'www.example.com' },
    },
    now: () => now,
    log: (line) => lines.push(line),
    retentionDays: defaultRetentionDays,
  });
  const seconds = (performance.now() - started) / 1000;
  const reads = counts.get + counts.getMetadata;

  for (const line of lines) console.log(`  run log: ${line}`);
  console.log(
    `retry run: ${report.pending} pending, ${report.due} due, ${report.sent} sent (${delivered} e-mails received), ${report.deleted} expired sent messages deleted`,
  );
  console.log(
    `store calls: ${reads} blobs read, ${counts.list} list calls, ${counts.set} writes, ${counts.delete} deletions`,
  );
  console.log(
    `blobs read: ${reads} (budget ${budget.reads}); seconds: ${seconds.toFixed(2)} (budget under ${budget.seconds})`,
  );
  const within = reads <= budget.reads && seconds < budget.seconds && report.sent === pendingCount;
  console.log(
    within
      ? `within budget: ${reads} blobs read, ${seconds.toFixed(2)} s`
      : `over budget: ${reads} blobs read, ${seconds.toFixed(2)} s, ${report.sent} of ${pendingCount} sent`,
  );
  process.exitCode = within ? 0 : 1;
} finally {
  await vite.close();
  await new Promise((resolve) => smtp.close(resolve));
  await blobsServer.stop();
  rmSync(directory, { recursive: true, force: true });
}
