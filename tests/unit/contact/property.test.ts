/**
 * Whatever arrives, the endpoint answers: never a throw, never a 5xx for bad input, and the store
 * gains exactly one message per accepted request and nothing from rejected ones.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { handleContactSubmission } from '../../../src/lib/contact/handler';
import { post, startBlobs, valid } from './harness';

let blobs: Awaited<ReturnType<typeof startBlobs>>;
beforeAll(async () => {
  blobs = await startBlobs();
});
afterAll(async () => {
  await blobs.stop();
});

const anyValue = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.string({ unit: 'binary' }),
  fc.constantFrom('\r\n', 'a\rb', 'x\ny', '<script>', ' ', ''),
  // Hidden and disguising characters, which every field refuses, and text with no letter or digit.
  fc.constantFrom('\u200B', 'Ada \u202Eecalevol', 'a\u0000b', '\u2028', 'x\u2066y', '\u3164', '...'),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string(), fc.string(), { maxKeys: 3 }),
  fc.string({ minLength: 5000, maxLength: 6000 }),
);

const jsonBody = fc.oneof(
  // Mostly well-formed objects with random values, sometimes close to valid.
  fc.record({ name: anyValue, email: anyValue, company: anyValue, message: anyValue }, { requiredKeys: [] }).map((o) => JSON.stringify(o)),
  fc.record({ name: fc.string(), email: fc.emailAddress(), company: fc.string(), message: fc.string() }).map((o) => JSON.stringify(o)),
  // Close to valid, in any script, one character of the message sometimes replaced by any code point.
  fc
    .record({
      name: fc.string({ unit: 'grapheme', minLength: 1 }),
      message: fc.string({ unit: 'grapheme', minLength: 1 }),
      swap: fc.option(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 0x10ffff }))),
    })
    .map(({ name, message, swap }) => {
      let text = `Hello ${message}`;
      if (swap) {
        const at = swap[0] % text.length;
        text = text.slice(0, at) + String.fromCodePoint(swap[1]) + text.slice(at + 1);
      }
      return JSON.stringify({ ...valid, name: `Ada ${name}`, message: text });
    }),
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc.uint8Array({ maxLength: 2048 }).map((bytes) => Buffer.from(bytes).toString('latin1')),
  fc.string({ unit: 'binary', maxLength: 40_000 }),
);

const request = fc.oneof(
  { weight: 6, arbitrary: jsonBody.map((raw) => post(null, { raw })) },
  { weight: 2, arbitrary: fc.dictionary(fc.string(), fc.string()).map((d) => post(null, { raw: new URLSearchParams(d).toString(), type: 'application/x-www-form-urlencoded' })) },
  { weight: 1, arbitrary: fc.tuple(fc.string(), jsonBody).map(([type, raw]) => post(null, { raw, type })) },
  { weight: 1, arbitrary: fc.constant(null).map(() => post(valid)) },
);

it('never throws, never answers 5xx, and stores exactly what it accepts (1,000 random bodies)', async () => {
  let accepted = 0;
  await fc.assert(
    fc.asyncProperty(request, async (req) => {
      const response = await handleContactSubmission(req, { store: blobs.store, log: () => {} });
      expect(response.status).toBeLessThan(500);
      const text = await response.text();
      expect(text).not.toMatch(/at .*\.(ts|js):\d+/);
      if (response.status < 300 || response.status === 303) {
        if (!text.includes('"ok":true') && response.status !== 303) throw new Error(`unexpected success body ${text}`);
      }
      if (response.status === 200 || response.status === 303) accepted++;
    }),
    { numRuns: 1000 },
  );
  expect((await blobs.store.list()).length).toBe(accepted);
  expect(accepted).toBeGreaterThan(0);
});
