/**
 * The server reads its own address, never the request's (src/server/own-address.ts): a cold
 * `npm start` server whose first request names another site's Host still answers the next normal
 * request from this build's index (which its bundle carries: it asks no one), and /admin/render
 * asked under another Host refuses without asking that host anything. The other site here
 * answers every question: a search index of its own, and "yes" to any login token.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchAnswer, type SearchIndex } from '../../src/search/catalogue-search';
import { builtContentFile, type BuiltContent } from '../../src/server/built-content';
import { searchStateFromParams } from '../../src/search/search';
import { synonyms } from '../../src/search/synonyms';
import { routes } from '../../src/model/routes';
import { renderPath } from '../../src/cms/render/address';
import { freePort } from '../support/site';

/** Ports of this test's own: the cold server and the other site. */
// Free ports, taken when the servers start, so a second run or another server cannot collide.
let port: number;
let otherPort: number;
let origin: string;
let otherHost: string;

const built = (JSON.parse(readFileSync(join(process.cwd(), builtContentFile), 'utf8')) as BuiltContent).searchIndex;
/** A word of the first item's name: this build finds it. */
const word = built.records[0]!.name.split(/\s+/)[0]!;
/** The other site's index: one record of its own, under the same word. */
const otherIndex: SearchIndex = {
  records: [{ ...built.records[0]!, url: '/elsewhere', name: `${word} elsewhere` }],
  pages: [],
  lengths: [2],
  words: [word.toLowerCase(), 'elsewhere'],
  postings: [
    [0, 7],
    [0, 7],
  ],
};

let server: ChildProcess;
let other: Server;
const askedOther: string[] = [];

/** A request with the Host header a visitor may set (fetch does not let a page choose it). */
const withHost = (path: string, host: string, method = 'GET', headers: Record<string, string> = {}, body = '') =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(`${origin}${path}`, { method, headers: { ...headers, host } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });

beforeAll(async () => {
  other = createServer((req, res) => {
    askedOther.push(req.url ?? '');
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(req.url?.startsWith(routes.search) ? otherIndex : { id: 'someone' }));
  });
  [port, otherPort] = [await freePort(), await freePort()];
  origin = `http://127.0.0.1:${port}`;
  otherHost = `127.0.0.1:${otherPort}`;
  await new Promise<void>((resolve) => other.listen(otherPort, '127.0.0.1', resolve));
  const env: NodeJS.ProcessEnv = { ...process.env, HOST: '127.0.0.1', PORT: String(port) };
  for (const name of ['DEPLOY_URL', 'DEPLOY_PRIME_URL', 'URL']) delete env[name];
  server = spawn(process.execPath, ['tests/support/test-site.mjs'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  // Up when its static files answer: no request reaches a function before the test's first.
  for (let tries = 0; tries < 600; tries++) {
    const up = await fetch(`${origin}/404.html`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`tests/support/test-site.mjs did not answer on ${origin}`);
}, 120_000);

afterAll(async () => {
  const stopped = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await stopped;
  await new Promise((resolve) => other.close(resolve));
});

describe("a cold server's first request names another site's Host", () => {
  it("answers the next normal request from this build's own index", async () => {
    const path = `${routes.searchAnswer}?q=${encodeURIComponent(word)}`;
    const first = await withHost(path, otherHost);
    expect(first.status).toBe(200);
    const next = (await (await fetch(`${origin}${path}`)).json()) as ReturnType<typeof searchAnswer>;
    const expected = searchAnswer(built, searchStateFromParams(new URLSearchParams({ q: word })), synonyms);
    expect(next.results.map((r) => r.url)).toEqual(expected.results.map((r) => r.url));
    expect(next.results.map((r) => r.url)).not.toContain('/elsewhere');
    expect(askedOther).toEqual([]);
  });

  it('/admin/render under another Host is refused, and that host is never asked about the token', async () => {
    const entry = JSON.stringify({ collection: 'pages', file: 'src/content/pages/contact.md', slug: 'contact', data: { page: 'contact' } });
    const answer = await withHost(
      renderPath,
      otherHost,
      'POST',
      { origin: `http://${otherHost}`, 'content-type': 'application/json', authorization: 'Bearer any-token' },
      entry,
    );
    expect(answer.status).toBe(401);
    expect(askedOther).toEqual([]);
  });
});
