/**
 * The id a browser gives a message before it first tries to send it (src/contact/outbox.ts),
 * sent with every attempt as the JSON field `messageId`. The contact function keeps each id once
 * (src/contact/handler.ts): a repeat is answered as accepted and nothing is stored or e-mailed
 * again, so a message that timed out, or was sent both by the page and by a service worker, still
 * arrives once.
 *
 * Plain TypeScript without imports: the browser, a service worker and the function share it.
 */

/** The JSON field that carries the id. */
export const browserIdField = 'messageId';

/** A version 4 UUID in lower case, as `crypto.randomUUID()` makes it. */
const uuidV4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

export function isBrowserId(value: unknown): value is string {
  return typeof value === 'string' && uuidV4.test(value);
}

/** Why an id is refused (400). */
export const browserIdError = `${browserIdField} must be a version 4 UUID in lower case, as crypto.randomUUID() makes it`;

/**
 * A new id. `crypto.randomUUID` exists only in secure contexts (https, localhost); elsewhere the
 * same kind of id is made from `crypto.getRandomValues`, which every context has.
 */
export function newBrowserId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
