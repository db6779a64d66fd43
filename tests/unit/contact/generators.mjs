/**
 * Random contact submissions, valid and not, for the property test of the handler
 * (property.test.ts) and the fuzz run of `npm run bench:contact`, which sends them over HTTP.
 * Plain JavaScript so that the benchmark, a Node script, can import it too.
 *
 * A submission is what a client controls: the body bytes, the Content-Type and whether the
 * Origin header is this site's, absent or another site's.
 */
import fc from 'fast-check';

/**
 * @typedef {{ body: string | Uint8Array<ArrayBuffer>, contentType: string | null, origin: 'same' | 'none' | 'other' }} Submission
 */

/** A message the endpoint accepts. */
export const validMessage = {
  name: 'Ada Lovelace',
  email: 'ada@example.org',
  company: 'Analytical Looms',
  message: 'We need a durable lavender finish for 30,000 m of cotton jersey.',
};

/** Any JSON value where a field is expected: wrong types, line breaks, markup, long text. */
export const anyValue = fc.oneof(
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

/** Bodies sent as JSON: mostly objects with random values, sometimes close to valid, sometimes not JSON. */
export const jsonBody = fc.oneof(
  fc
    .record({ name: anyValue, email: anyValue, company: anyValue, message: anyValue }, { requiredKeys: [] })
    .map((o) => JSON.stringify(o)),
  fc
    .record({ name: fc.string(), email: fc.emailAddress(), company: fc.string(), message: fc.string() })
    .map((o) => JSON.stringify(o)),
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc.uint8Array({ maxLength: 2048 }).map((bytes) => Buffer.from(bytes).toString('latin1')),
  fc.string({ unit: 'binary', maxLength: 40_000 }),
);

/** A valid message cut short anywhere: JSON that ends too early. */
export const truncatedJson = fc
  .constant(JSON.stringify(validMessage))
  .chain((json) => fc.nat({ max: json.length - 1 }).map((length) => json.slice(0, length)));

/** One field far over its limit; the largest push the body past the 32 KB the endpoint reads. */
export const hugeField = fc
  .tuple(
    fc.constantFrom('name', 'email', 'company', 'message'),
    fc.integer({ min: 250, max: 40_000 }),
    fc.constantFrom('x', 'é', '😀', '\n'),
  )
  .map(([field, length, unit]) => JSON.stringify({ ...validMessage, [field]: unit.repeat(length) }));

/** Types the endpoint refuses, or accepts only when written differently (case, parameters). */
export const contentType = fc.oneof(
  fc.constantFrom(
    'application/json',
    'application/json; charset=utf-8',
    'APPLICATION/JSON',
    'application/x-www-form-urlencoded',
    'text/plain',
    'text/html',
    'application/xml',
    'multipart/form-data; boundary=xyz',
    'application/octet-stream',
    'application/jsonx',
    '',
  ),
  fc.string(),
);

const json = (body) => ({ body, contentType: 'application/json', origin: /** @type {const} */ ('same') });

/** @type {fc.Arbitrary<Submission>} */
export const submission = fc.oneof(
  { weight: 6, arbitrary: jsonBody.map(json) },
  {
    weight: 2,
    arbitrary: fc.dictionary(fc.string(), fc.string()).map((fields) => ({
      body: new URLSearchParams(fields).toString(),
      contentType: 'application/x-www-form-urlencoded',
      origin: /** @type {const} */ ('same'),
    })),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(contentType, jsonBody)
      .map(([type, body]) => ({ body, contentType: type, origin: /** @type {const} */ ('same') })),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.option(contentType, { nil: null }), fc.uint8Array({ maxLength: 4096 }))
      .map(([type, body]) => ({ body, contentType: type, origin: /** @type {const} */ ('same') })),
  },
  { weight: 1, arbitrary: truncatedJson.map(json) },
  { weight: 1, arbitrary: hugeField.map(json) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('none', 'other').map((origin) => ({
      body: JSON.stringify(validMessage),
      contentType: 'application/json',
      origin: /** @type {'none' | 'other'} */ (origin),
    })),
  },
  { weight: 1, arbitrary: fc.constant(json(JSON.stringify(validMessage))) },
);
