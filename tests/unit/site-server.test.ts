/**
 * The local server (tools/local-netlify/site-server.mjs) over HTTP: files with netlify.toml's headers,
 * the 404 page, compression of files only, and the functions in process, where no input is
 * answered with a 5xx and a body over the limit gets its 413 on a connection that stays usable.
 */
import sharp from 'sharp';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, Agent, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import fc from 'fast-check';
import { getStore } from '@netlify/blobs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSiteServer } from '../../tools/local-netlify/site-server.mjs';
import { submission } from './contact/generators.mjs';
import { routes } from '../../src/model/routes';
import { blobsMessageStore } from '../../src/contact/store';

type Site = Awaited<ReturnType<typeof startSiteServer>>;

const stylesheet = `body { color: #0b6e69; }\n${'.card { margin: 0 auto; padding: 1rem; }\n'.repeat(400)}`;
let root: string;
let site: Site;
let origin: string;
const smtp = process.env.SMTP_URL;

/** A small built site with a netlify.toml of its own, served with the project's functions. */
beforeAll(async () => {
  // Messages are only stored, whatever the machine's environment says; the function's line per
  // stored message is not shown.
  delete process.env.SMTP_URL;
  vi.spyOn(console, 'log').mockImplementation(() => {});
  root = mkdtempSync(join(tmpdir(), 'site-server-'));
  mkdirSync(join(root, 'dist'));
  writeFileSync(
    join(root, 'netlify.toml'),
    '[build]\n  publish = "dist"\n\n[[redirects]]\n  from = "/old/*"\n  to = "/new/:splat"\n  status = 301\n\n[[headers]]\n  for = "/*"\n  [headers.values]\n    X-Frame-Options = "DENY"\n',
  );
  writeFileSync(join(root, 'dist', 'index.html'), '<!doctype html><title>Home</title><h1>Home</h1>');
  writeFileSync(join(root, 'dist', '404.html'), '<!doctype html><title>Not found</title><h1>Oops! Page not found</h1>');
  writeFileSync(join(root, 'dist', 'site.css'), stylesheet);
  // A not-found page per path, as the build writes the catalogue's (src/not-found/integration.ts).
  mkdirSync(join(root, 'dist', 'shelf'));
  writeFileSync(join(root, 'dist', 'shelf', 'kept.html'), '<!doctype html><title>Kept</title><h1>Kept</h1>');
  writeFileSync(
    join(root, 'dist', 'shelf', '404.html'),
    '<!doctype html><title>Not on the shelf</title><h1>Not on the shelf</h1>',
  );
  // The shelf's own page, as /products is beside its folder: the rule below matches its path too.
  writeFileSync(join(root, 'dist', 'shelf.html'), '<!doctype html><title>Shelf</title><h1>Shelf</h1>');
  writeFileSync(join(root, 'dist', '_redirects'), '/shelf/* /shelf/404 404\n');
  site = await startSiteServer({
    projectRoot: root,
    host: '127.0.0.1',
    port: 0,
    functionsDirectory: resolve('netlify/functions'),
    log: () => {},
  });
  origin = site.url;
}, 120_000);

afterAll(async () => {
  await site?.close();
  vi.restoreAllMocks();
  if (smtp !== undefined) process.env.SMTP_URL = smtp;
  rmSync(root, { recursive: true, force: true });
});

const valid = (name: string) =>
  JSON.stringify({ name, email: 'server@example.org', company: 'Test Mills', message: 'A quote for 200 kg, please.' });
const contact = (body: BodyInit, headers: Record<string, string> = {}) =>
  fetch(`${origin}${routes.contactEndpoint}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, ...headers },
    body,
  });

/** A raw exchange over node:http, which reports resets and broken pipes as errors. */
function exchange(
  options: { method?: string; path?: string; headers?: Record<string, string | number>; agent?: Agent },
  write: (req: ReturnType<typeof httpRequest>) => void,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  return new Promise((done, fail) => {
    const url = new URL(options.path ?? routes.contactEndpoint, origin);
    const req = httpRequest(
      url,
      { method: options.method ?? 'POST', headers: options.headers, agent: options.agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }),
        );
        res.on('error', fail);
      },
    );
    req.on('error', fail);
    write(req);
  });
}

/** Sends raw bytes and returns the status line of the answer. */
function rawStatusLine(text: string): Promise<string> {
  return new Promise((done, fail) => {
    const socket = connect({ host: '127.0.0.1', port: site.port }, () => socket.write(text));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk;
      if (answer.includes('\r\n')) {
        socket.destroy();
        done(answer.slice(0, answer.indexOf('\r\n')));
      }
    });
    socket.on('error', fail);
  });
}

describe('files', () => {
  it('serves pages with the headers of netlify.toml', async () => {
    const response = await fetch(`${origin}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(await response.text()).toContain('<h1>Home</h1>');
  });

  it('follows the redirect rules of netlify.toml, a splat included', async () => {
    const response = await fetch(`${origin}/old/pigments`, { redirect: 'manual' });
    expect(response.status).toBe(301);
    expect(new URL(response.headers.get('location')!, origin).pathname).toBe('/new/pigments');
  });

  it('answers an unknown path with the 404 page, status 404 and the same headers', async () => {
    const response = await fetch(`${origin}/no/such/page`);
    expect(response.status).toBe(404);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(await response.text()).toContain('Oops! Page not found');
  });

  it("follows a rule with status 404: its page, status 404 and the site's headers, where no file answers", async () => {
    for (const path of ['/shelf/missing', '/shelf/a/b']) {
      const response = await fetch(`${origin}${path}`);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(await response.text()).toContain('Not on the shelf');
    }
    const kept = await fetch(`${origin}/shelf/kept`);
    expect(kept.status).toBe(200);
    expect(await kept.text()).toContain('<h1>Kept</h1>');
  });

  it('compresses files once and keeps the copy, but never keeps function answers', async () => {
    const get = () =>
      new Promise<{ encoding?: string; body: Buffer }>((done, fail) => {
        httpRequest(`${origin}/site.css`, { headers: { 'accept-encoding': 'br' } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => done({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
        })
          .on('error', fail)
          .end();
      });
    const before = site.compressedFiles();
    const first = await get();
    expect(first.encoding).toBe('br');
    expect(brotliDecompressSync(first.body).toString()).toBe(stylesheet);
    expect(first.body.length).toBeLessThan(stylesheet.length / 10);
    await get();
    expect(site.compressedFiles()).toBe(before + 1);
    for (let i = 0; i < 5; i++) {
      const answer = await contact(valid(`Compression ${i}`), { 'accept-encoding': 'br' });
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ ok: true, reference: expect.any(String) });
    }
    expect(site.compressedFiles()).toBe(before + 1);
  });

  it('gives a file an ETag and answers a request that has it with 304 and no body, as Netlify does', async () => {
    const first = await fetch(`${origin}/site.css`);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(await first.text()).toBe(stylesheet);
    const again = await fetch(`${origin}/site.css`, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('x-frame-options')).toBe('DENY');
    // Another file, or the same with another validator, is sent whole.
    expect((await fetch(`${origin}/site.css`, { headers: { 'if-none-match': '"other"' } })).status).toBe(200);
    const page = await fetch(`${origin}/`, { headers: { 'if-none-match': etag! } });
    expect(page.status).toBe(200);
    expect(page.headers.get('etag')).not.toBe(etag);
  });

  it('gives an ETag to a page whose path a not-found rule also matches, since the file answers it', async () => {
    const first = await fetch(`${origin}/shelf`);
    expect(first.status).toBe(200);
    expect(await first.text()).toContain('<h1>Shelf</h1>');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect((await fetch(`${origin}/shelf`, { headers: { 'if-none-match': etag! } })).status).toBe(304);
  });

  it("answers a picture with the image CDN's own headers, not the site's rules for files", async () => {
    writeFileSync(
      join(root, 'dist', 'dot.png'),
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0a5' } })
        .png()
        .toBuffer(),
    );
    const response = await fetch(`${origin}/.netlify/images?url=dot.png&w=4&fm=webp`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('x-frame-options')).toBeNull();
    // The site's files still carry them.
    expect((await fetch(`${origin}/site.css`)).headers.get('x-frame-options')).toBe('DENY');
  });

  it('answers the image CDN path, and a malformed picture request with 400', async () => {
    const response = await fetch(`${origin}/.netlify/images?url=site.css&w=abc`);
    expect(response.status).toBe(400);
  });
});

describe('the contact function, in process', () => {
  it('accepts a message, stores it once in the local store and tags the answer with a request id', async () => {
    const name = `Server Test ${Date.now()}`;
    const response = await contact(valid(name));
    expect(response.status).toBe(200);
    expect(response.headers.get('x-nf-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    // The server pointed the Blobs environment at its store, so getStore() finds it here too.
    const store = getStore({ name: 'contact-messages', consistency: 'strong' });
    // Messages only: markers and their day entries are no messages (a browser id's entry is empty).
    const records = await blobsMessageStore(store).list();
    expect(records.filter((r) => r.message.name === name)).toHaveLength(1);
  });

  it('is not reachable on its default path, as on Netlify', async () => {
    expect((await fetch(`${origin}/.netlify/functions/send-contact-email`, { method: 'POST' })).status).toBe(404);
  });

  it('runs the scheduled retry function when asked on its default path', async () => {
    expect((await fetch(`${origin}/.netlify/functions/retry-contact-emails`, { method: 'POST' })).status).toBe(204);
  });

  it('answers a 1 MB body with 413 and keeps the connection usable', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const megabyte = Buffer.alloc(1024 * 1024, 'a');
    const declared = await exchange(
      { agent, headers: { 'content-type': 'application/json', origin, 'content-length': megabyte.length } },
      (req) => req.end(megabyte),
    );
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.body)).toEqual({ error: 'The message is larger than 32 KB' });
    // Chunked, without a declared length: the endpoint reads 32 KB and stops.
    const chunked = await exchange({ agent, headers: { 'content-type': 'application/json', origin } }, (req) => {
      for (let i = 0; i < 16; i++) req.write(megabyte.subarray(i * 65_536, (i + 1) * 65_536));
      req.end();
    });
    expect(chunked.status).toBe(413);
    // The same socket answers the next request.
    const after = await exchange({ agent, headers: { 'content-type': 'application/json', origin } }, (req) =>
      req.end(valid('After 413')),
    );
    expect(after.status).toBe(200);
    agent.destroy();
  });

  it("answers a body over Netlify's 6 MB with 413 before calling the function", async () => {
    const big = Buffer.alloc(7 * 1024 * 1024, 'a');
    const answer = await exchange(
      { headers: { 'content-type': 'application/json', origin, 'content-length': big.length } },
      (req) => req.end(big),
    );
    expect(answer.status).toBe(413);
    expect(answer.body).toContain('6 MB');
  });

  it.each([
    [
      'a Host that is not a host',
      `POST ${routes.contactEndpoint} HTTP/1.1\r\nHost: a b/c\r\nContent-Length: 0\r\n\r\n`,
      'HTTP/1.1 400 Bad Request',
    ],
    ['a Host with a path', 'GET / HTTP/1.1\r\nHost: localhost/evil\r\n\r\n', 'HTTP/1.1 400 Bad Request'],
    ['a target that is not a path', 'GET nowhere HTTP/1.1\r\nHost: localhost\r\n\r\n', 'HTTP/1.1 400 Bad Request'],
    [
      'a method a Request cannot carry',
      `TRACE ${routes.contactEndpoint} HTTP/1.1\r\nHost: localhost\r\n\r\n`,
      'HTTP/1.1 405 Method Not Allowed',
    ],
    [
      'an absolute target',
      'GET http://elsewhere.example/no/such/page HTTP/1.1\r\nHost: localhost\r\n\r\n',
      'HTTP/1.1 404 Not Found',
    ],
  ])('answers %s with a 4xx', async (_what, text, statusLine) => {
    expect(await rawStatusLine(text)).toBe(statusLine);
  });

  it('never answers 5xx to generated bodies', async () => {
    const samples = fc.sample(submission, { numRuns: 300, seed: 7 });
    const statuses = await Promise.all(
      samples.map(async ({ body, contentType, origin: from }) => {
        const headers: Record<string, string> = {};
        if (contentType !== null) headers['content-type'] = contentType;
        if (from === 'same') headers.origin = origin;
        if (from === 'other') headers.origin = 'https://elsewhere.example';
        // The function's own answer: a refused form is handed on (307), not followed here.
        const response = await fetch(`${origin}${routes.contactEndpoint}`, {
          method: 'POST',
          headers,
          body,
          redirect: 'manual',
        });
        await response.arrayBuffer();
        return response.status;
      }),
    );
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(new Set(statuses)).toContain(200);
    expect(new Set(statuses)).toContain(400);
  });
});

describe('a function that fails', () => {
  let fixtures: Site;
  const logged: string[] = [];
  beforeAll(async () => {
    fixtures = await startSiteServer({
      projectRoot: root,
      host: '127.0.0.1',
      port: 0,
      functionsDirectory: resolve('tests/fixtures/functions'),
      builtFunctionsDirectory: resolve('tests/fixtures/built-functions'),
      log: () => {},
      logError: (line) => logged.push(line),
    });
  }, 120_000);
  afterAll(() => fixtures?.close());

  it('is answered 500 and logged with its stack', async () => {
    const response = await fetch(`${fixtures.url}/fails`);
    expect(response.status).toBe(500);
    expect(await response.text()).toBe('Internal server error');
    expect(logged.join('\n')).toMatch(/Function fails failed on GET \/fails: Error: broken on purpose/);
  });

  it("gives functions the caller's address and the URL the client asked for", async () => {
    const response = await fetch(`${fixtures.url}/echo?x=1`);
    const seen = await response.json();
    expect(seen.ip).toBe('127.0.0.1');
    expect(seen.url).toBe(`${fixtures.url}/echo?x=1`);
    expect(response.headers.get('set-cookie')).toBe('seen=yes; HttpOnly; Path=/');
  });

  it('gives functions an https URL when a TLS front in front of it says so (X-Forwarded-Proto), and only then', async () => {
    const front = await (await fetch(`${fixtures.url}/echo`, { headers: { 'x-forwarded-proto': 'https' } })).json();
    expect(front.url).toBe(`${fixtures.url.replace('http:', 'https:')}/echo`);
    const other = await (await fetch(`${fixtures.url}/echo`, { headers: { 'x-forwarded-proto': 'gopher' } })).json();
    expect(other.url).toBe(`${fixtures.url}/echo`);
  });

  it('answers a path no file answers from a built function whose route comes after files', async () => {
    const rendered = await fetch(`${fixtures.url}/rendered`);
    expect(rendered.status).toBe(200);
    expect(await rendered.text()).toBe('rendered GET /rendered');
    const posted = await fetch(`${fixtures.url}/rendered`, { method: 'POST', body: 'x' });
    expect(await posted.text()).toBe('rendered POST /rendered');
    // Files first, and functions with a path of their own before it.
    expect(await (await fetch(`${fixtures.url}/`)).text()).toContain('<h1>Home</h1>');
    expect((await (await fetch(`${fixtures.url}/echo`)).json()).url).toBe(`${fixtures.url}/echo`);
    const missing = await fetch(`${fixtures.url}/no/such/page`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe('rendered GET /no/such/page');
  });
});
