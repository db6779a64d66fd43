/**
 * Reads a contact submission from an HTTP request: method, origin, type and size are checked
 * before the body is parsed, and every refusal is a 4xx with a reason. A request must carry the
 * site's Origin: one without any is refused as one from another site is (decision 0045).
 */
import { contactLimits, honeypotField, joinName } from './message';
import { comesFromSite, declaresMoreThan, mediaTypeOf, readLimited } from '../server/http-request';

export type BodyFormat = 'json' | 'form';

export type ReadResult =
  | { ok: true; format: BodyFormat; body: Record<string, unknown> }
  | { ok: false; status: number; error: string; format?: BodyFormat; headers?: Record<string, string> };

function formatOf(request: Request): BodyFormat | undefined {
  const type = mediaTypeOf(request);
  if (type === 'application/json') return 'json';
  if (type === 'application/x-www-form-urlencoded') return 'form';
  return undefined;
}

export async function readContactRequest(request: Request, extraOrigins: readonly string[] = []): Promise<ReadResult> {
  if (request.method !== 'POST') {
    return { ok: false, status: 405, error: 'Only POST is accepted', headers: { allow: 'POST' } };
  }
  const format = formatOf(request);
  if (!comesFromSite(request, extraOrigins)) {
    return { ok: false, status: 403, error: 'Messages can only be sent from this site', ...(format ? { format } : {}) };
  }
  if (!format) {
    return {
      ok: false,
      status: 415,
      error: 'Send the message as application/json or application/x-www-form-urlencoded',
    };
  }
  if (declaresMoreThan(request, contactLimits.bodyBytes)) {
    return { ok: false, status: 413, error: `The message is larger than ${contactLimits.bodyBytes / 1024} KB`, format };
  }
  const text = await readLimited(request, contactLimits.bodyBytes);
  if (text === undefined) {
    return { ok: false, status: 413, error: `The message is larger than ${contactLimits.bodyBytes / 1024} KB`, format };
  }
  if (format === 'form') {
    return { ok: true, format, body: Object.fromEntries(new URLSearchParams(text)) };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, status: 400, error: 'The body is not valid JSON', format };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { ok: false, status: 400, error: 'The body must be a JSON object', format };
  }
  return { ok: true, format, body: parsed as Record<string, unknown> };
}

/** A filled honeypot marks a robot: it is answered as if accepted and nothing is kept. */
export function isRobot(body: Record<string, unknown>): boolean {
  const trap = body[honeypotField];
  return trap !== undefined && trap !== null && String(trap).trim() !== '';
}

/** Why a message that could not be kept is refused (503). */
export const unsavedError = 'Your message could not be saved just now. Please try again in a moment.';

/**
 * The query the hand-over carries when the message was valid but could not be kept: the page
 * cannot find that out by itself, and must not hand the message back.
 */
export const unsavedQuery = 'unsaved';

/** What a refusal for the fields says of the message as a whole. */
export const fieldsError = 'Some fields need your attention';

/** The form posts first and last name; API clients post `name`. */
export function normalise(body: Record<string, unknown>, format: BodyFormat): Record<string, unknown> {
  if (format === 'form' && body.name === undefined && (body.firstName !== undefined || body.lastName !== undefined)) {
    return { ...body, name: joinName(String(body.firstName ?? ''), String(body.lastName ?? '')) };
  }
  return body;
}
