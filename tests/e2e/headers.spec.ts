import { expect, test } from '@playwright/test';

const security = {
  'strict-transport-security': /max-age=\d+/,
  'x-content-type-options': /^nosniff$/,
  'referrer-policy': /^strict-origin-when-cross-origin$/,
  'permissions-policy': /camera=\(\).*microphone=\(\).*geolocation=\(\)/,
  'x-frame-options': /^DENY$/,
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

test('hashed build assets are cached for a year', async ({ page, request }) => {
  await page.goto('/');
  const stylesheet = await page.locator('link[rel="stylesheet"][href^="/_astro/"]').first().getAttribute('href');
  expect(stylesheet).toBeTruthy();
  const response = await request.get(stylesheet!);
  expect(response.status()).toBe(200);
  expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
});
