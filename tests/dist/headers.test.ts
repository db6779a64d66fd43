/**
 * The headers netlify.toml gives every answer, the caching of hashed files and the image CDN, as
 * the local server (the same emulation as `npm start`) answers over the build.
 */
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { dist, offerings } from '../support/site';
import { all, attribute, one, readPage } from '../support/html';

const site = inject('site');
const get = (path: string) => fetch(new URL(path, site), { redirect: 'manual' });

const security = {
  'strict-transport-security': /max-age=\d+/,
  'x-content-type-options': /^nosniff$/,
  'referrer-policy': /^strict-origin-when-cross-origin$/,
  'permissions-policy': /camera=\(\).*geolocation=\(\).*microphone=\(\).*payment=\(\).*usb=\(\)/,
  'x-frame-options': /^DENY$/,
  // Where the Content Security Policy's report-to sends violations (tests/dist/csp.test.ts checks the policy).
  'reporting-endpoints': /^csp-endpoint="\/api\/csp-report"$/,
};

/** The first AVIF picture a built page offers, as its address and width ("/.netlify/images?...", "640w"). */
function firstAvif(file: string) {
  const srcset = attribute(all('picture source[type="image/avif"]', readPage(file))[0], 'srcset')!;
  const [url, width] = srcset.split(',')[0]!.trim().split(' ');
  return { url: url!, width: width! };
}

describe('headers', () => {
  it.each(['/', '/404.html', '/no-such-page'])('security headers from netlify.toml on %s', async (path) => {
    const headers = (await get(path)).headers;
    for (const [name, value] of Object.entries(security)) expect(headers.get(name), name).toMatch(value);
  });

  it('every page answers in a browsing context group of its own, the editor aside (its login window reports back to it)', async () => {
    const pages = ['/', '/index.html', '/about', '/404.html', '/no-such-page', `/products/${offerings('categories')[0]!.slug}`];
    pages.push('/contact?topic=samples', '/search?q=oil');
    for (const path of pages) expect((await get(path)).headers.get('cross-origin-opener-policy'), path).toBe('same-origin');
    for (const path of ['/admin', '/admin/']) expect((await get(path)).headers.get('cross-origin-opener-policy'), path).toBeNull();
  });

  it('hashed build assets and pictures are cached for a year', async () => {
    const home = readPage(join(dist, 'index.html'));
    const island = attribute(one('astro-island[component-url^="/_astro/"]', home), 'component-url')!;
    const picture = firstAvif(join(dist, 'index.html')).url;
    expect(picture).toMatch(/^\/\.netlify\/images\?url=_astro%2F/);
    for (const url of [island, picture]) {
      const response = await get(url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('cache-control'), url).toBe('public, max-age=31536000, immutable');
    }
  });

  it('pictures come from the image CDN in the format and size asked for', async () => {
    const { url, width } = firstAvif(join(dist, `products/${offerings('categories')[0]!.slug}.html`));
    const response = await get(url);
    expect(response.headers.get('content-type')).toBe('image/avif');
    const body = Buffer.from(await response.arrayBuffer());
    // ISO-BMFF "ftyp" box with the AVIF brand.
    expect(body.subarray(4, 12).toString('latin1')).toBe('ftypavif');
    expect(width).toMatch(/^\d+w$/);
    expect(body.length).toBeGreaterThan(1000);
  });
});
