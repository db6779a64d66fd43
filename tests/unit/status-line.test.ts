/**
 * `npm start`'s server writes the status line with the reason phrase of its code, as Netlify does,
 * whatever text the answer carries: a refused form's page is "400 Bad Request", never "400 OK".
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { writeResponse } from '../../tools/local-netlify/node-http.mjs';

let server: Server;
let origin: string;
beforeAll(async () => {
  // Each request names the status and text its answer carries.
  server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    void writeResponse(res, {
      status: Number(url.searchParams.get('status')),
      statusText: url.searchParams.get('text') ?? undefined,
      headers: new Headers({ 'content-type': 'text/plain' }),
      body: null,
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

it('a 400 whose answer says "OK" (an Astro page that set only its status) is 400 Bad Request', async () => {
  const response = await fetch(`${origin}/?status=400&text=OK`);
  expect([response.status, response.statusText]).toEqual([400, 'Bad Request']);
});

it("every status gets its own reason phrase; one without a standard phrase keeps the answer's text", async () => {
  for (const [status, text] of [
    [200, 'OK'],
    [303, 'See Other'],
    [403, 'Forbidden'],
    [413, 'Payload Too Large'],
    [503, 'Service Unavailable'],
  ] as const) {
    const response = await fetch(`${origin}/?status=${status}`);
    expect([response.status, response.statusText]).toEqual([status, text]);
  }
  const unknown = await fetch(`${origin}/?status=299&text=Mostly%20fine`);
  expect([unknown.status, unknown.statusText]).toEqual([299, 'Mostly fine']);
});
