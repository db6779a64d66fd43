/**
 * The local server's function runner (tools/local-netlify/functions.mjs): functions bundled once and
 * called in process, routed by their own config as Netlify routes them, with a Netlify-like
 * context; and the project's contact function on a real local Blobs store.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getStore } from '@netlify/blobs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createFunctionRunner, loadFunctions, matchFunction } from '../../tools/local-netlify/functions.mjs';
import { NetlifyDev } from '@netlify/dev';
import { routes } from '../../src/model/routes';
import { blobsMessageStore } from '../../src/contact/store';

const fixtures = await loadFunctions({ sourceDirectory: 'tests/fixtures/functions', log: () => {} });
const runner = createFunctionRunner(fixtures);
const origin = 'http://localhost:4321';

async function call(path: string, init: RequestInit = {}) {
  const request = new Request(`${origin}${path}`, init);
  const match = runner.match(new URL(request.url).pathname, request.method);
  if (!match) return undefined;
  return runner.invoke(match, request, { ip: '127.0.0.1', requestId: 'req-1' });
}

describe("routing, by each function's own config", () => {
  it('reads paths, excluded paths, methods and schedules from the functions', () => {
    const byName = Object.fromEntries(fixtures.map((f) => [f.name, f]));
    expect(Object.keys(byName).sort()).toEqual(['echo', 'fails', 'nightly', 'plain', 'quiet']);
    expect(byName.echo!.routes.map((r) => r.pattern)).toEqual(['/echo', '/echo/*']);
    expect(byName.nightly!.schedule).toBe('@daily');
    expect(byName.plain!.routes).toEqual([]);
  });

  it.each([
    ['/echo', 'GET', 'echo'],
    ['/echo/', 'POST', 'echo'],
    ['/ECHO', 'GET', 'echo'],
    ['/echo/anything/deeper', 'GET', 'echo'],
    ['/echo', 'DELETE', undefined],
    ['/echo/private', 'GET', undefined],
    ['/echoes', 'GET', undefined],
    ['/.netlify/functions/echo', 'GET', undefined],
    ['/.netlify/functions/plain', 'GET', 'plain'],
    ['/.netlify/functions/nightly', 'GET', 'nightly'],
    ['/.netlify/functions/missing', 'GET', undefined],
    ['/plain', 'GET', undefined],
  ])('%s %s goes to %s', (path, method, name) => {
    expect(matchFunction(fixtures, path, method)?.fn.name).toBe(name);
  });
});

describe('calls', () => {
  it('passes the request and a Netlify-like context, and sends the cookies the function sets', async () => {
    const response = (await call('/echo/x?q=1', {
      method: 'POST',
      headers: { 'content-type': 'text/plain', cookie: 'flavour=lavender; other=1' },
      body: 'hello',
    }))!;
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toEqual(['seen=yes; HttpOnly; Path=/']);
    expect(await response.json()).toEqual({
      method: 'POST',
      url: `${origin}/echo/x?q=1`,
      body: 'hello',
      contentType: 'text/plain',
      ip: '127.0.0.1',
      requestId: 'req-1',
      deploy: { context: 'dev', id: '0', published: false },
      site: { id: '0', name: 'local', url: origin },
      contextURL: `${origin}/echo/x?q=1`,
      flavour: 'lavender',
    });
  });

  it('calls a scheduled function as the scheduler does, when asked on its default path', async () => {
    const response = (await call('/.netlify/functions/nightly'))!;
    expect(await response.json()).toEqual({ method: 'POST', event: 'schedule', userAgent: 'Netlify Clockwork' });
  });

  it('answers 204 when a function returns nothing, and waits for its waitUntil work on settle', async () => {
    const finished = ((globalThis as Record<symbol, string[]>)[Symbol.for('fixtures.quiet.finished')] ??= []);
    const response = (await call('/quiet'))!;
    expect(response.status).toBe(204);
    expect(finished).toEqual([]);
    await runner.settle();
    expect(finished).toEqual(['/quiet']);
  });

  it('rejects when a function throws, for the server to log and answer 500', async () => {
    await expect(call('/fails')).rejects.toThrow('broken on purpose');
  });
});

describe('the contact function, bundled from netlify/functions', () => {
  let directory: string;
  let blobs: NetlifyDev;
  let contact: ReturnType<typeof createFunctionRunner>;
  const smtp = process.env.SMTP_URL;

  beforeAll(async () => {
    // Messages are only stored, whatever the machine's environment says, without the line per message.
    delete process.env.SMTP_URL;
    vi.spyOn(console, 'log').mockImplementation(() => {});
    directory = mkdtempSync(join(tmpdir(), 'local-functions-'));
    // The local Blobs store as the site server has it: Netlify's emulation with Blobs alone on,
    // its store in <directory>/.netlify/blobs-serve.
    const off = { enabled: false };
    blobs = new NetlifyDev({
      projectRoot: directory,
      blobs: { enabled: true },
      aiGateway: off,
      database: off,
      edgeFunctions: off,
      environmentVariables: off,
      functions: off,
      geolocation: off,
      headers: off,
      images: off,
      redirects: off,
      staticFiles: off,
    });
    await blobs.start();
    contact = createFunctionRunner(await loadFunctions({ sourceDirectory: 'netlify/functions', log: () => {} }));
  }, 60_000);
  afterAll(async () => {
    if (smtp !== undefined) process.env.SMTP_URL = smtp;
    vi.restoreAllMocks();
    await blobs.stop();
    rmSync(directory, { recursive: true, force: true });
  });

  const post = (body: string, headers: Record<string, string> = {}) => {
    const request = new Request(`${origin}${routes.contactEndpoint}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, ...headers },
      body,
    });
    return contact.invoke(contact.match(routes.contactEndpoint, 'POST')!, request, { ip: '127.0.0.1' });
  };

  it('is routed on its config.path only', () => {
    expect(contact.match(routes.contactEndpoint, 'POST')?.fn.name).toBe('send-contact-email');
    expect(contact.match('/.netlify/functions/send-contact-email', 'POST')).toBeUndefined();
    expect(contact.match('/.netlify/functions/retry-contact-emails', 'POST')?.fn.name).toBe('retry-contact-emails');
  });

  it('stores an accepted message in the local Blobs store, once', async () => {
    const name = `Runner Test ${Date.now()}`;
    const response = await post(
      JSON.stringify({ name, email: 'runner@example.org', company: '', message: 'Stored through the runner.' }),
    );
    expect(response.status).toBe(200);
    const store = getStore({ name: 'contact-messages', consistency: 'strong' });
    // Messages only: markers and their day entries are no messages (a browser id's entry is empty).
    const records = await blobsMessageStore(store).list();
    expect(records.filter((r) => r.message.name === name)).toHaveLength(1);
  });

  it('answers malformed bodies with 4xx', async () => {
    expect((await post('{"name": ')).status).toBe(400);
    expect((await post('x'.repeat(40_000))).status).toBe(413);
    expect((await post('{}', { 'content-type': 'text/plain' })).status).toBe(415);
  });
});
