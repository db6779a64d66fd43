/**
 * Whatever arrives, the endpoint answers: never a throw, never a 5xx for bad input, and the store
 * gains exactly one message per message accepted (each named by its reference; a repeat of the
 * same fields names the first) and nothing from rejected ones.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { handleContactSubmission } from '../../../src/contact/handler';
import { submission, type Submission } from './generators.mjs';
import { origin, startBlobs } from './harness';
import { referenceQuery, routes } from '../../../src/model/routes';
import { referenceOf } from '../../../src/contact/reference';

let blobs: Awaited<ReturnType<typeof startBlobs>>;
beforeAll(async () => {
  blobs = await startBlobs();
});
afterAll(async () => {
  await blobs.stop();
});

/** The request a client would send for a generated submission. */
function toRequest({ body, contentType, origin: from }: Submission): Request {
  const headers: Record<string, string> = {};
  if (contentType !== null) headers['content-type'] = contentType;
  if (from === 'same') headers.origin = origin;
  if (from === 'other') headers.origin = 'https://elsewhere.example';
  return new Request(`${origin}${routes.contactEndpoint}`, { method: 'POST', headers, body });
}

it('never throws, never answers 5xx, and stores exactly what it accepts (1,000 random bodies)', async () => {
  const accepted = new Set<string>();
  await fc.assert(
    fc.asyncProperty(submission, async (sent) => {
      const response = await handleContactSubmission(toRequest(sent), { store: blobs.store, log: () => {} });
      expect(response.status).toBeLessThan(500);
      const text = await response.text();
      expect(text).not.toMatch(/at .*\.(ts|js):\d+/);
      if (response.status < 300 || response.status === 303) {
        if (!text.includes('"ok":true') && response.status !== 303) throw new Error(`unexpected success body ${text}`);
      }
      const reference =
        response.status === 303
          ? new URL(response.headers.get('location') ?? '', origin).searchParams.get(referenceQuery)
          : response.status === 200
            ? (JSON.parse(text) as { reference?: string }).reference
            : undefined;
      if (reference) accepted.add(reference);
    }),
    { numRuns: 1000 },
  );
  expect((await blobs.store.list()).map((r) => referenceOf(r.id)).sort()).toEqual([...accepted].sort());
  expect(accepted.size).toBeGreaterThan(0);
});
