/**
 * /admin's preview renderer on the built site answers editors only (src/cms/render/editor.ts):
 * without a login token, or with one the login provider does not know, it renders nothing.
 * (`npm start` has no Netlify Identity, so no token is an editor's here.)
 */
import { describe, expect, inject, it } from 'vitest';
import { checkPath, renderPath } from '../../src/cms/render/address';

const site = inject('site');
const entry = JSON.stringify({
  collection: 'pages',
  file: 'src/content/pages/contact.md',
  slug: 'contact',
  data: { page: 'contact' },
});
const post = (headers: Record<string, string>) =>
  fetch(new URL(renderPath, site), {
    method: 'POST',
    headers: { origin: site, 'content-type': 'application/json', ...headers },
    body: entry,
  });

describe("/admin's renderer on the production build", () => {
  it('answers 401 to a request without an editor’s credentials', async () => {
    const answer = await post({});
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toBe('Bearer');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(await answer.text()).not.toContain('<h1');
  });

  it('answers 401 to a token the login provider does not accept', async () => {
    expect((await post({ authorization: 'Bearer not-an-editor' })).status).toBe(401);
  });
});

describe("/admin's whole content check on the production build", () => {
  it('answers 401 to a change without an editor’s credentials, and checks nothing', async () => {
    const answer = await fetch(new URL(checkPath, site), {
      method: 'POST',
      headers: { origin: site, 'content-type': 'application/json' },
      body: JSON.stringify({ deleted: ['src/content/pages/contact.md'] }),
    });
    expect(answer.status).toBe(401);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(await answer.text()).not.toContain('errors');
  });
});
