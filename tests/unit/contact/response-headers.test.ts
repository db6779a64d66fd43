/**
 * Netlify applies netlify.toml's headers to static files only, so every answer of the contact
 * function must carry its own protection. Each way through the handler is walked here, and each
 * answer checked for a Content Security Policy that forbids framing, and for nosniff and DENY.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { handleContactSubmission, type ContactDependencies } from '../../../src/contact/handler';
import { post, startBlobs, valid, type LocalBlobs } from './harness';
import { contactErrorsAnchor, routes } from '../../../src/model/routes';
import { unsavedQuery } from '../../../src/contact/request';

// A real local Blobs store per test; a store whose writes fail stands for one that cannot be reached.
let blobs: LocalBlobs;
let broken: LocalBlobs;
beforeEach(async () => {
  [blobs, broken] = await Promise.all([startBlobs(), startBlobs()]);
  broken.breakWrites();
});
afterEach(async () => {
  await Promise.all([blobs.stop(), broken.stop()]);
});
const brokenStore = () => broken.store;

const form = (fields: Record<string, string>, origin?: string) =>
  post(new URLSearchParams(fields).toString(), {
    type: 'application/x-www-form-urlencoded',
    ...(origin ? { origin } : {}),
  });
const validForm = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: valid.email,
  company: '',
  message: valid.message,
  website: '',
};

/** `handover`: a refused form, passed to the contact page rendered on demand (307, same body). */
type Case = [
  what: string,
  request: () => Request,
  status: number,
  kind: 'json' | 'handover' | 'redirect',
  deps?: () => Partial<ContactDependencies>,
  location?: string,
];
const cases: Case[] = [
  ['a valid JSON message', () => post(valid), 200, 'json'],
  ['a valid form', () => form(validForm), 303, 'redirect'],
  ['a robot posting JSON', () => post({ ...valid, website: 'https://spam.example.net' }), 200, 'json'],
  ['a robot posting the form', () => form({ ...validForm, website: 'https://spam.example.net' }), 303, 'redirect'],
  ['a form with a bad address', () => form({ ...validForm, email: 'nope' }), 307, 'handover'],
  ['JSON with a bad address', () => post({ ...valid, email: 'nope' }), 400, 'json'],
  ['invalid JSON', () => post('{"name":'), 400, 'json'],
  ['GET', () => new Request(`https://www.example.com${routes.contactEndpoint}`), 405, 'json'],
  ['plain text', () => post('hello', { type: 'text/plain' }), 415, 'json'],
  ['a JSON body over 32 KB', () => post({ ...valid, message: 'x'.repeat(33 * 1024) }), 413, 'json'],
  ['a form body over 32 KB', () => form({ ...validForm, message: 'x'.repeat(33 * 1024) }), 307, 'handover'],
  ['JSON from another site', () => post(valid, { origin: 'https://evil.example.net' }), 403, 'json'],
  ['a form from another site', () => form(validForm, 'https://evil.example.net'), 307, 'handover'],
  ['JSON without an Origin', () => post(valid, { origin: null }), 403, 'json'],
  [
    'a form without an Origin',
    () => post(new URLSearchParams(validForm).toString(), { type: 'application/x-www-form-urlencoded', origin: null }),
    307,
    'handover',
  ],
  ['JSON when the store is down', () => post(valid), 503, 'json', () => ({ store: brokenStore() })],
  [
    'a form when the store is down',
    () => form(validForm),
    307,
    'handover',
    () => ({ store: brokenStore() }),
    `${routes.contactForm}?${unsavedQuery}#${contactErrorsAnchor}`,
  ],
  [
    'a fault of ours',
    () => post(valid),
    500,
    'json',
    () => ({
      now: () => {
        throw new Error('clock broken');
      },
    }),
  ],
];

/** Directives of a policy, by name. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!.toLowerCase(), sources]),
  );
}

describe('every answer of the contact function protects itself', () => {
  for (const [what, request, status, kind, deps, location] of cases) {
    it(`${status} to ${what}`, async () => {
      const response = await handleContactSubmission(request(), { store: blobs.store, log: () => {}, ...deps?.() });
      expect(response.status).toBe(status);
      const headers = response.headers;
      expect(headers.get('x-content-type-options')).toBe('nosniff');
      expect(headers.get('x-frame-options')).toBe('DENY');
      expect(headers.get('referrer-policy')).toBe('no-referrer');
      expect(headers.get('cache-control')).toBe('no-store');

      const policy = directives(headers.get('content-security-policy') ?? '');
      expect(policy.get('default-src')).toEqual(["'none'"]);
      expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
      expect(policy.get('base-uri')).toEqual(["'none'"]);
      // Nothing any answer contains may run as script.
      expect(policy.has('script-src')).toBe(false);

      expect(policy.get('form-action')).toEqual(["'none'"]);
      expect(policy.has('style-src')).toBe(false);
      expect(policy.has('img-src')).toBe(false);
      // The thank-you page, with the stored message's reference (a robot's answer has none).
      if (kind === 'redirect')
        expect(headers.get('location')).toMatch(new RegExp(`^${routes.contactThanks}(\\?reference=[^&]+)?$`));
      if (kind === 'handover')
        expect(headers.get('location')).toBe(location ?? `${routes.contactForm}#${contactErrorsAnchor}`);
      if (kind === 'json') expect(headers.get('content-type')).toBe('application/json; charset=utf-8');
    });
  }
});
