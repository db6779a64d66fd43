/**
 * The gate of /admin's renderer (src/cms/render/editor.ts): only a token the login provider
 * accepts is let through, a refused or missing one gets 401, and one editor's renders a minute
 * are bounded.
 */
import { describe, expect, it } from 'vitest';
import { cmsBackend } from '../../src/cms/backend';
import { editorGate, editorLimits } from '../../src/cms/render/editor';
import { editorToken } from '../../src/cms/admin';

const site = 'https://site.example';
/** The site's configured addresses: its main one and a deploy preview's. */
const preview = 'https://deploy-preview-1--site.example';
const origins = () => [site, preview];
const post = (token?: string, at = site) =>
  new Request(`${at}/admin/render`, {
    method: 'POST',
    headers: { origin: at, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: '{}',
  });

/** A provider that knows one good token, and counts how often it is asked. */
function provider(good: string, answer: (url: string) => unknown) {
  const asked: string[] = [];
  const fetchImpl = (async (url: string, init?: RequestInit) => {
    asked.push(String(url));
    const auth = new Headers(init?.headers).get('authorization');
    return auth === `Bearer ${good}` ? Response.json(answer(String(url))) : new Response('no', { status: 401 });
  }) as typeof fetch;
  return { asked, fetchImpl };
}

describe("the renderer's gate", () => {
  it('refuses a request without a token, and one the provider refuses, with 401, without rendering', async () => {
    const { asked, fetchImpl } = provider('good', () => ({ id: 'u1' }));
    const check = editorGate(cmsBackend({}), { origins, fetchImpl });
    expect(await check(post())).toMatchObject({ ok: false, status: 401 });
    expect(asked).toEqual([]);
    expect(await check(post('stolen'))).toMatchObject({ ok: false, status: 401 });
    expect(asked).toEqual([`${site}/.netlify/identity/user`]);
  });

  it("lets a Netlify Identity user through, asking the site's Identity once for a while", async () => {
    const { asked, fetchImpl } = provider('jwt', () => ({ id: 'u1', email: 'editor@site.example' }));
    let time = 1_000_000;
    const check = editorGate(cmsBackend({}), { origins, fetchImpl, now: () => time });
    expect(await check(post('jwt'))).toEqual({ ok: true });
    expect(await check(post('jwt'))).toEqual({ ok: true });
    expect(asked).toHaveLength(1);
    time += editorLimits.acceptedForMs + 1;
    expect(await check(post('jwt'))).toEqual({ ok: true });
    expect(asked).toHaveLength(2);
  });

  it('with GitHub, lets through only an account that may push to the repository', async () => {
    const backend = cmsBackend({ CMS_BACKEND: 'github', CMS_GITHUB_REPO: 'acme/website' });
    const writer = provider('writer', () => ({ full_name: 'acme/website', permissions: { push: true } }));
    expect(await editorGate(backend, { origins, fetchImpl: writer.fetchImpl })(post('writer'))).toEqual({ ok: true });
    expect(writer.asked).toEqual(['https://api.github.com/repos/acme/website']);
    const reader = provider('reader', () => ({ full_name: 'acme/website', permissions: { push: false } }));
    expect(await editorGate(backend, { origins, fetchImpl: reader.fetchImpl })(post('reader'))).toMatchObject({
      status: 401,
    });
  });

  it('refuses when the provider cannot be asked', async () => {
    const fetchImpl = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof fetch;
    expect(await editorGate(cmsBackend({}), { origins, fetchImpl })(post('jwt'))).toMatchObject({
      ok: false,
      status: 401,
    });
  });

  it("bounds one editor's renders a minute, and lets them render again after it", async () => {
    const { fetchImpl } = provider('jwt', () => ({ id: 'u1' }));
    let time = 5_000_000;
    const check = editorGate(cmsBackend({}), { origins, fetchImpl, now: () => time });
    for (let i = 0; i < editorLimits.rendersPerMinute; i++) {
      expect((await check(post('jwt'))).ok).toBe(true);
      time += 10;
    }
    const refused = await check(post('jwt'));
    expect(refused).toMatchObject({ ok: false, status: 429 });
    expect(Number((refused as { headers: Record<string, string> }).headers['retry-after'])).toBeGreaterThan(0);
    time += 60_000;
    expect((await check(post('jwt'))).ok).toBe(true);
  });
});

describe("the gate asks the site's own address, never the request's Host", () => {
  it('refuses a request to a Host the site does not have, without asking anyone', async () => {
    const { fetchImpl, asked } = provider('jwt', () => ({ id: 'u1' }));
    const check = editorGate(cmsBackend({}), { origins, fetchImpl });
    expect(await check(post('jwt', 'https://attacker.example'))).toMatchObject({ ok: false, status: 401 });
    expect(asked).toEqual([]);
    expect((await check(post('jwt'))).ok).toBe(true);
    expect(asked.every((url) => url.startsWith(`${site}/`))).toBe(true);
  });

  it('keeps an accepted token for the address it was accepted at only', async () => {
    const { fetchImpl, asked } = provider('jwt', () => ({ id: 'u1' }));
    const check = editorGate(cmsBackend({}), { origins, fetchImpl });
    expect((await check(post('jwt'))).ok).toBe(true);
    expect((await check(post('jwt', preview))).ok).toBe(true);
    expect(asked).toEqual([`${site}/.netlify/identity/user`, `${preview}/.netlify/identity/user`]);
    expect(await editorGate(cmsBackend({}), { origins: () => [], fetchImpl })(post('jwt'))).toMatchObject({
      status: 401,
    });
  });
});

describe("the editor's token the pane sends", () => {
  const storage = (value: string | null) => ({ getItem: (key: string) => (key === 'decap-cms-user' ? value : null) });
  it("is Netlify Identity's (fresh) when its user is logged in, else the one Decap keeps for GitHub, else none", async () => {
    const identity = { currentUser: () => ({ jwt: async () => 'identity-jwt' }) };
    expect(await editorToken(identity, storage(null))).toBe('identity-jwt');
    const github = JSON.stringify({ backendName: 'github', token: 'gho_abc' });
    expect(await editorToken({ currentUser: () => null }, storage(github))).toBe('gho_abc');
    expect(await editorToken(undefined, storage(github))).toBe('gho_abc');
    expect(await editorToken(undefined, storage(null))).toBeUndefined();
    expect(await editorToken(undefined, storage('not json'))).toBeUndefined();
  });
});
