/**
 * npm run bench:contact: load test of the contact endpoint on the local production server, with
 * the mail server down (SMTP_URL points at a loopback port where nothing listens), loopback only.
 *
 * 1. Valid run: after BENCH_WARMUP (1,000) messages to warm the server up, BENCH_AMOUNT (3,000)
 *    different valid messages, each with its browser id as the form's script sends it, at concurrency BENCH_CONNECTIONS (50). Goals: at least 300 accepted
 *    submissions a second, p99 latency under 200 ms, and every accepted message stored exactly
 *    once (counted by its unique name in the local store).
 * 2. Fuzz run: BENCH_FUZZ (5,000) bodies from the property test's generators (truncated JSON,
 *    wrong types, huge fields, random bytes, wrong content types, other origins), plus a few
 *    bodies of 1 MB. Goal: no 5xx and no failed connection.
 *
 * Prints one PASS or FAIL line per goal, writes them to the "Contact endpoint" section of
 * bench/results.md, and exits non-zero if any goal is missed. Needs a build.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { connect } from 'node:net';
import { randomBytes, randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import fc from 'fast-check';
import { BlobsServer } from '@netlify/blobs/server';
import { getStore } from '@netlify/blobs';
import { localStoreDirectory, readLocalMessages } from '../tools/local-netlify/local-messages.mjs';
import { submission } from '../tests/unit/contact/generators.mjs';
import { routes } from '../src/model/routes.ts';

const port = Number(process.env.BENCH_PORT ?? 4339);
const smtpPort = Number(process.env.BENCH_SMTP_PORT ?? port + 1);
const amount = Number(process.env.BENCH_AMOUNT ?? 3000);
const fuzzAmount = Number(process.env.BENCH_FUZZ ?? 5000);
const warmUp = Number(process.env.BENCH_WARMUP ?? 1000);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const origin = `http://localhost:${port}`;
const endpoint = `${origin}${routes.contactEndpoint}`;
const goals = { throughput: 300, p99: 200 };

if (!existsSync(new URL('../dist/404.html', import.meta.url))) {
  console.error('No production build: run `npm run build` first.');
  process.exit(1);
}

/** Whether something accepts connections on a loopback port. */
const listening = (p) =>
  new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port: p });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
if (await listening(smtpPort)) {
  console.error(`Port ${smtpPort} is in use; the mail server must be down. Set BENCH_SMTP_PORT to a free port.`);
  process.exit(1);
}

const server = spawn(process.execPath, ['scripts/serve.mjs'], {
  env: { ...process.env, PORT: String(port), SMTP_URL: `smtp://127.0.0.1:${smtpPort}` },
  stdio: ['ignore', 'pipe', 'pipe'],
});
// The server's own problems are shown; its one line per message it could not e-mail is not.
let serverErrors = '';
const quiet = /^contact: (e-mail for|SMTP_URL is not set)/;
for (const stream of [server.stdout, server.stderr]) {
  stream.on('data', (chunk) => {
    for (const line of String(chunk).split('\n')) {
      if (line.trim() && !quiet.test(line) && !line.startsWith('npm warn')) {
        process.stderr.write(`[server] ${line}\n`);
        if (stream === server.stderr) serverErrors += `${line}\n`;
      }
    }
  });
}
await new Promise((resolve, reject) => {
  server.stdout.on('data', (chunk) => String(chunk).includes('Site ready') && resolve(undefined));
  server.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
});

/** Status counts of an autocannon result, e.g. { 200: 2990, 413: 10 }. */
const statusCounts = (result) =>
  Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count]));
const format = (n) => n.toLocaleString('en-GB');

const results = [];
/** @param {boolean} passed @param {string} name the goal @param {string} figures what was measured */
function goal(passed, name, figures) {
  results.push({ passed, name, figures });
  console.log(`${passed ? 'PASS' : 'FAIL'}  ${name}: ${figures}`);
}
const loadAtStart = loadavg()[0];
const startedAt = new Date().toISOString();

try {
  // A warm-up, so the measured run is that of a server whose code is compiled and whose
  // connections to the store are open (the first thousand messages are up to half as fast).
  await autocannon({
    url: endpoint,
    connections,
    amount: warmUp,
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ ...validBody('warm-up'), name: 'Warm Up' }),
  });

  // 1. Valid submissions, each with its own name, so the store can be checked message by message.
  const run = randomBytes(4).toString('hex');
  const accepted = new Set();
  let sent = 0;
  // autocannon reports its duration in whole seconds and ends on a one-second tick: the rate is
  // taken from the first request to the last answer instead.
  let lastAnswer = 0;
  const start = performance.now();
  const valid = await autocannon({
    url: endpoint,
    connections,
    amount,
    timeout: 30,
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    requests: [
      {
        setupRequest: (request, context) => {
          context.name = `Bench ${run} ${++sent}`;
          // Each with its browser id, as the form's script sends it (a post without one, the form
          // sent without JavaScript, is first matched to a recent identical one: decision 0073).
          const body = { ...validBody(context.name), name: context.name, messageId: randomUUID() };
          return { ...request, body: JSON.stringify(body) };
        },
        onResponse: (status, _body, context) => {
          lastAnswer = performance.now();
          if (status === 200) accepted.add(context.name);
        },
      },
    ],
  });
  const ok = valid['2xx'];
  const seconds = (lastAnswer - start) / 1000;
  const throughput = ok / seconds;
  console.log(
    `valid: ${format(valid.requests.total)} requests in ${seconds.toFixed(1)} s at concurrency ${connections}; ` +
      `answers ${JSON.stringify(statusCounts(valid))}, ${valid.errors} connection errors, ${valid.timeouts} timeouts`,
  );
  console.log(
    `latency: p50 ${valid.latency.p50} ms, p90 ${valid.latency.p90} ms, p99 ${valid.latency.p99} ms, max ${valid.latency.max} ms`,
  );

  goal(
    throughput >= goals.throughput && ok === amount,
    `at least ${goals.throughput} valid submissions/s`,
    `${throughput.toFixed(0)}/s (${format(ok)} of ${format(amount)} accepted in ${seconds.toFixed(1)} s)`,
  );
  goal(
    valid.latency.p99 < goals.p99,
    `p99 latency under ${goals.p99} ms`,
    `${valid.latency.p99} ms (p50 ${valid.latency.p50} ms, max ${valid.latency.max} ms)`,
  );

  // 2. Fuzz: generated bodies, then bodies of 1 MB, which must get 413 on a connection that stays usable.
  const samples = fc.sample(submission, { numRuns: fuzzAmount, seed: Number(process.env.BENCH_SEED ?? 12) });
  const megabyte = { body: Buffer.alloc(1024 * 1024, 'a'), contentType: 'application/json', origin: 'same' };
  const bodies = [...samples, ...Array.from({ length: 20 }, () => megabyte)];
  let next = 0;
  const fuzz = await autocannon({
    url: endpoint,
    connections,
    amount: bodies.length,
    timeout: 30,
    method: 'POST',
    requests: [
      {
        setupRequest: (request) => {
          const { body, contentType, origin: from } = bodies[next++ % bodies.length];
          const headers = {};
          if (contentType !== null) headers['content-type'] = contentType;
          if (from === 'same') headers.origin = origin;
          if (from === 'other') headers.origin = 'https://elsewhere.example';
          return { ...request, headers, body: typeof body === 'string' ? body : Buffer.from(body) };
        },
      },
    ],
  });
  const fuzzStatuses = statusCounts(fuzz);
  console.log(
    `fuzz: ${format(fuzz.requests.total)} requests (${format(samples.length)} generated, 20 of 1 MB) in ${fuzz.duration.toFixed(1)} s; ` +
      `answers ${JSON.stringify(fuzzStatuses)}; ${fuzz.errors} connection errors, ${fuzz.timeouts} timeouts`,
  );
  const answered = Object.values(fuzzStatuses).reduce((a, b) => a + b, 0);
  goal(
    fuzz['5xx'] === 0 &&
      fuzz.errors === 0 &&
      fuzz.timeouts === 0 &&
      answered === bodies.length &&
      (fuzzStatuses[413] ?? 0) >= 20,
    'fuzz: no 5xx, no dropped connection',
    `${format(answered)} of ${format(bodies.length)} bodies answered (${Object.entries(fuzzStatuses)
      .map(([code, count]) => `${format(count)} × ${code}`)
      .join(', ')}); ${fuzz['5xx']} × 5xx, ${fuzz.errors} connection errors, ${fuzz.timeouts} timeouts`,
  );

  // 3. The store, read once both runs are answered: each accepted valid message exactly once.
  const records = await readLocalMessages();
  const stored = new Map();
  for (const record of records) {
    const name = record.message?.name;
    if (typeof name === 'string' && name.startsWith(`Bench ${run} `)) stored.set(name, (stored.get(name) ?? 0) + 1);
  }
  const missing = [...accepted].filter((name) => !stored.has(name)).length;
  const duplicated = [...stored.values()].filter((count) => count > 1).length;
  const unexpected = [...stored.keys()].filter((name) => !accepted.has(name)).length;
  goal(
    ok === amount && accepted.size === ok && missing === 0 && duplicated === 0 && unexpected === 0,
    'every accepted message stored exactly once',
    `${format(stored.size)} stored for ${format(accepted.size)} accepted: ${missing} missing, ${duplicated} stored twice, ${unexpected} stored but not accepted`,
  );

  await removeMessagesSince(records, startedAt);
  if (serverErrors) console.log(`the server logged errors:\n${serverErrors}`);
} finally {
  // Wait for the server to finish what it is doing before this process (and the pipe) ends.
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

const passed = results.length === 4 && results.every((r) => r.passed);
if (results.length) writeResults();
process.exitCode = passed ? 0 : 1;

/**
 * Deletes the messages the benchmark stored (those received since it started), so that each run
 * reads a store of the same size and `npm run messages` keeps the developer's own messages only.
 * Keys are matched by the message id they end with.
 */
async function removeMessagesSince(records, since) {
  const ids = new Set(records.filter((r) => !r.unreadable && r.receivedAt >= since).map((r) => r.id));
  const token = randomBytes(8).toString('hex');
  const blobs = new BlobsServer({ directory: localStoreDirectory, token, port: 0 });
  const { port: blobsPort } = await blobs.start();
  try {
    const store = getStore({
      name: 'contact-messages',
      siteID: '0',
      token,
      apiURL: `http://localhost:${blobsPort}`,
      consistency: 'strong',
    });
    const keys = (await store.list()).blobs.map((b) => b.key).filter((key) => ids.has(key.split('/').pop()));
    for (let i = 0; i < keys.length; i += 64) await Promise.all(keys.slice(i, i + 64).map((key) => store.delete(key)));
    console.log(`removed the ${format(keys.length)} messages stored by this run from the local store`);
  } finally {
    await blobs.stop();
  }
}

/** Replaces (or adds) this benchmark's section of bench/results.md. */
function writeResults() {
  const file = 'bench/results.md';
  const heading = '## Contact endpoint';
  const section = [
    heading,
    '',
    `Measured by \`npm run bench:contact\` on ${new Date().toISOString().slice(0, 10)}: ${format(warmUp)} valid submissions to warm up, ${format(amount)} measured, then ${format(fuzzAmount)} generated bodies and 20 of 1 MB, ` +
      `at concurrency ${connections} with the mail server down, on a machine with ${cpus().length} cores (load average ${loadAtStart.toFixed(1)} at the start).`,
    '',
    '| goal | result | figures |',
    '|---|---|---|',
    ...results.map((r) => `| ${r.name} | ${r.passed ? 'PASS' : 'FAIL'} | ${r.figures.replaceAll('|', '/')} |`),
    '',
  ].join('\n');
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmark results\n';
  const start = current.indexOf(`${heading}\n`);
  const end = start < 0 ? -1 : current.indexOf('\n## ', start + heading.length);
  const next =
    start < 0
      ? `${current.trimEnd()}\n\n${section}`
      : `${current.slice(0, start)}${section}${end < 0 ? '' : current.slice(end)}`;
  writeFileSync(file, next);
}

function validBody(name) {
  return {
    name,
    email: 'buyer@example.org',
    company: 'Benchmark Textiles',
    message: `Enquiry from ${name}: please quote 500 kg of binder for pigment printing.`,
  };
}
