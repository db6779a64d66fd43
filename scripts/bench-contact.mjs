/**
 * npm run bench:contact: load test of the contact endpoint on the local production server.
 * Sends 2,000 valid submissions at concurrency 50 to http://localhost (loopback only), reports
 * throughput and p50/p99 latency, then checks the store: exactly one stored message per 2xx
 * answer and no 5xx at all. Exits non-zero when either check fails.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import autocannon from 'autocannon';
import { readLocalMessages } from './lib/local-messages.mjs';

const port = Number(process.env.BENCH_PORT ?? 4339);
const amount = Number(process.env.BENCH_AMOUNT ?? 2000);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const origin = `http://localhost:${port}`;

if (!existsSync(new URL('../dist/404.html', import.meta.url))) {
  console.error('No production build: run `npm run build` first.');
  process.exit(1);
}

const server = spawn(process.execPath, ['scripts/serve.mjs'], { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'inherit'] });
// The server's own problems are shown; its one-line notice per stored message is not.
server.stdout.on('data', (chunk) => {
  for (const line of String(chunk).split('\n')) {
    if (line.trim() && !line.includes('SMTP_URL is not set')) process.stderr.write(`[server] ${line}\n`);
  }
});
await new Promise((resolve, reject) => {
  server.stdout.on('data', (chunk) => String(chunk).includes('Site ready') && resolve());
  server.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
});

try {
  const readable = async () => (await readLocalMessages()).filter((r) => !r.unreadable).length;
  const before = await readable();
  let n = 0;
  const result = await autocannon({
    url: `${origin}/api/send-contact-email`,
    connections,
    amount,
    // Netlify's local emulation starts a fresh worker for every function call, so a request
    // may wait in line for a while at concurrency 50.
    timeout: 300,
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    // Each request a different message, so the store must keep every one.
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          body: JSON.stringify({
            name: `Load Test ${++n}`,
            email: `buyer${n}@example.org`,
            company: 'Benchmark Textiles',
            message: `Enquiry number ${n}: please quote 500 kg of binder for pigment printing.`,
          }),
        }),
      },
    ],
  });
  const after = await readable();
  const stored = after - before;
  const ok = result['2xx'];
  const serverErrors = result['5xx'];
  console.log(`requests: ${result.requests.total} in ${result.duration.toFixed(1)} s, ${result.requests.average.toFixed(0)} req/s`);
  console.log(`latency: p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`);
  console.log(`answers: ${ok} 2xx, ${result['4xx']} 4xx, ${serverErrors} 5xx, ${result.errors} errors, ${result.timeouts} timeouts`);
  console.log(`status codes: ${JSON.stringify(Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count])))}`);
  console.log(`stored: ${stored} new messages for ${ok} accepted answers`);
  const passed = stored === ok && serverErrors === 0 && result.errors === 0 && ok === amount;
  console.log(passed ? 'PASS: every accepted message was stored, no 5xx' : 'FAIL');
  process.exitCode = passed ? 0 : 1;
} finally {
  // Wait for the server to finish what it is doing before this process (and the pipe) ends.
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}
