import { expect, test } from '@playwright/test';
import { offerings } from './support';

const security = {
  'strict-transport-security': /max-age=\d+/,
  'x-content-type-options': /^nosniff$/,
  'referrer-policy': /^strict-origin-when-cross-origin$/,
  'permissions-policy': /camera=\(\).*microphone=\(\).*geolocation=\(\)/,
  'x-frame-options': /^DENY$/,
  // Where the Content Security Policy's report-to sends violations (tests/e2e/csp.spec.ts checks the policy).
  'reporting-endpoints': /^csp-endpoint="\/api\/csp-report"$/,
};

for (const path of ['/', '/404.html', '/no-such-page']) {
  test(`security headers from netlify.toml on ${path}`, async ({ request }) => {
    const response = await request.get(path);
    const headers = response.headers();
    for (const [name, value] of Object.entries(security)) {
      expect(headers[name], name).toMatch(value);
    }
  });
}

test('hashed build assets and pictures are cached for a year', async ({ page, request }) => {
  await page.goto('/');
  const island = await page.locator('astro-island[component-url^="/_astro/"]').first().getAttribute('component-url');
  const picture = await page.locator('picture source[type="image/avif"]').first().getAttribute('srcset');
  const pictureUrl = picture!.split(',')[0]!.trim().split(' ')[0]!;
  expect(pictureUrl).toMatch(/^\/\.netlify\/images\?url=_astro%2F/);
  for (const url of [island!, pictureUrl]) {
    const response = await request.get(url);
    expect(response.status(), url).toBe(200);
    expect(response.headers()['cache-control'], url).toBe('public, max-age=31536000, immutable');
  }
});

test('pictures come from the image CDN in the format and size asked for', async ({ request }) => {
  const page = await request.get(`/products/${offerings('categories')[0]!.slug}`);
  const html = await page.text();
  const srcset = /<source srcset="([^"]+)" type="image\/avif"/.exec(html)![1]!.replaceAll('&amp;', '&');
  const [url, width] = srcset.split(',')[0]!.trim().split(' ');
  const response = await request.get(url!);
  expect(response.headers()['content-type']).toBe('image/avif');
  const body = await response.body();
  // ISO-BMFF "ftyp" box with the AVIF brand.
  expect(body.subarray(4, 12).toString('latin1')).toBe('ftypavif');
  expect(width).toMatch(/^\d+w$/);
  expect(body.length).toBeGreaterThan(1000);
});
