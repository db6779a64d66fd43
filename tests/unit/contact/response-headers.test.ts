/**
 * Netlify applies netlify.toml's headers to static files only, so every answer of the contact
 * function must carry its own protection. Each way through the handler is walked here, and each
 * answer checked for a Content Security Policy that forbids framing, and for nosniff and DENY.
 */
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { handleContactSubmission, type ContactDependencies } from '../../../src/lib/contact/handler';
import { post, startBlobs, valid, type LocalBlobs } from './harness';
import { routes } from '../../../src/lib/routes';

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
  post(new URLSearchParams(fields).toString(), { type: 'application/x-www-form-urlencoded', ...(origin ? { origin } : {}) });
const validForm = { firstName: 'Ada', lastName: 'Lovelace', email: valid.email, company: '', message: valid.message, website: '' };

type Case = [what: string, request: () => Request, status: number, kind: 'json' | 'html' | 'redirect', deps?: () => Partial<ContactDependencies>];
const cases: Case[] = [
  ['a valid JSON message', () => post(valid), 200, 'json'],
  ['a valid form', () => form(validForm), 303, 'redirect'],
  ['a robot posting JSON', () => post({ ...valid, website: 'https://spam.example.net' }), 200, 'json'],
  ['a robot posting the form', () => form({ ...validForm, website: 'https://spam.example.net' }), 303, 'redirect'],
  ['a form with a bad address', () => form({ ...validForm, email: 'nope' }), 400, 'html'],
  ['JSON with a bad address', () => post({ ...valid, email: 'nope' }), 400, 'json'],
  ['invalid JSON', () => post('{"name":'), 400, 'json'],
  ['GET', () => new Request(`https://www.example.com${routes.contactEndpoint}`), 405, 'json'],
  ['plain text', () => post('hello', { type: 'text/plain' }), 415, 'json'],
  ['a JSON body over 32 KB', () => post({ ...valid, message: 'x'.repeat(33 * 1024) }), 413, 'json'],
  ['a form body over 32 KB', () => form({ ...validForm, message: 'x'.repeat(33 * 1024) }), 413, 'html'],
  ['JSON from another site', () => post(valid, { origin: 'https://evil.example.net' }), 403, 'json'],
  ['a form from another site', () => form(validForm, 'https://evil.example.net'), 403, 'html'],
  ['JSON when the store is down', () => post(valid), 503, 'json', () => ({ store: brokenStore() })],
  ['a form when the store is down', () => form(validForm), 503, 'html', () => ({ store: brokenStore() })],
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
  for (const [what, request, status, kind, deps] of cases) {
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

      if (kind === 'html') {
        expect(headers.get('content-type')).toBe('text/html; charset=utf-8');
        expect(policy.get('form-action')).toEqual(["'self'"]);
      } else {
        expect(policy.get('form-action')).toEqual(["'none'"]);
        expect(policy.has('style-src')).toBe(false);
        expect(policy.has('img-src')).toBe(false);
      }
      if (kind === 'redirect') expect(headers.get('location')).toBe(routes.contactThanks);
      if (kind === 'json') expect(headers.get('content-type')).toBe('application/json; charset=utf-8');
    });
  }
});

describe('the no-JavaScript error page under its own policy', () => {
  it('allows exactly its one inline stylesheet and the site icon, and holds nothing else to load', async () => {
    const response = await handleContactSubmission(form({ ...validForm, email: 'nope' }), { store: blobs.store, log: () => {} });
    const page = await response.text();
    const policy = directives(response.headers.get('content-security-policy')!);

    const styles = [...page.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1]!);
    expect(styles).toHaveLength(1);
    const hash = `'sha256-${createHash('sha256').update(styles[0]!).digest('base64')}'`;
    expect(policy.get('style-src')).toEqual([hash]);
    expect(policy.get('img-src')).toEqual(["'self'"]);

    // No scripts, no inline style attributes or event handlers the policy would have to allow.
    expect(page).not.toMatch(/<script|\sstyle=|\son[a-z]+=/i);
    // Whatever the page points at is on this site: the icon, the form's target, the way back.
    const targets = [...page.matchAll(/\s(?:href|src|action)="([^"]*)"/g)].map((match) => match[1]!);
    expect(targets.length).toBeGreaterThan(0);
    for (const target of targets) expect(target, target).toMatch(/^\/(?!\/)/);
  });
});
