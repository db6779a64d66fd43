/**
 * The policy in the browser where no built file shows it: the pages rendered on demand, and the
 * contact toast, whose stylesheet sonner adds as the page runs. Every built page's policy and
 * hashes are checked in tests/dist/csp.test.ts, one page of each template run in the browser in
 * tests/e2e/templates.spec.ts.
 */
import { expect, test } from '@playwright/test';
import { sonnerStyle } from '../../src/security/csp';
import { reportEndpointName } from '../../src/security/headers';
import { routes } from '../../src/model/routes';
import { offerings, readContent, ui, watchViolations } from './support';

/** What every page's policy must say, besides its hashes (tests/dist/csp.test.ts checks every built page's). */
function expectFullPolicy(policy: string | undefined, where: string) {
  expect(policy, `${where}: no Content-Security-Policy header`).toBeTruthy();
  for (const directive of [
    "default-src 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
    `report-to ${reportEndpointName}`,
    `report-uri ${routes.cspReportEndpoint}`,
  ]) {
    expect(policy, where).toContain(directive);
  }
  expect(policy, where).toMatch(/script-src [^;]*'sha256-/);
  expect(policy, where).not.toContain('unsafe-inline');
}

// Pages that are not files at their address: rendered on demand (Astro sends their policy), or a
// catalogue not-found page that Netlify's 404 rules serve at a missing address.
const category = offerings('categories')[0]!;
const topic = (readContent('topics.json') as unknown as { id: string }[])[0]!.id;
const onDemand = [
  `/search?q=${encodeURIComponent(category.title)}`,
  `/contact?topic=${topic}`,
  '/no-such-page',
  `/products/${category.slug}/no-such-item`,
];
for (const path of onDemand) {
  test(`the policy and no violation on ${path}`, async ({ page }) => {
    const violations = watchViolations(page);
    const response = await page.goto(path, { waitUntil: 'networkidle' });
    expectFullPolicy(response?.headers()['content-security-policy'], path);
    expect(response?.headers()['reporting-endpoints']).toBe(`${reportEndpointName}="${routes.cspReportEndpoint}"`);
    await page.mouse.wheel(0, 20_000);
    await page.waitForLoadState('networkidle');
    expect(violations).toEqual([]);
  });
}

test('the contact toast renders under the policy', async ({ page }) => {
  const violations = watchViolations(page);
  await page.route('**/api/send-contact-email', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '{"ok":true}' }),
  );
  const response = await page.goto('/contact');
  await page.locator('#form').scrollIntoViewIfNeeded();
  await expect(page.locator('astro-island[component-url*="ContactForm"]:not([ssr])')).toHaveCount(1);
  await page.getByLabel(ui.formLabels.firstName).fill('Ada');
  await page.getByLabel(ui.formLabels.lastName).fill('Lovelace');
  await page.getByLabel(ui.formLabels.email).fill('ada@example.org');
  await page.getByLabel(ui.formLabels.message).fill('Hello');
  await page.getByRole('button', { name: readContent('contact-form.json').submitLabel }).click();
  const toast = page.locator('[data-sonner-toast]');
  await expect(toast).toBeVisible();
  // The hashes Chromium checks for the page's <style> elements, sonner's among them: what
  // src/security/csp.ts records (checked first and printed, so a sonner upgrade knows what to record).
  const styles = await page.evaluate(async () => {
    const hash = async (text: string) =>
      `sha256-${btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)))))}`;
    return Promise.all(
      [...document.querySelectorAll('style')].map(async (style) => ({
        sonner: (style.textContent ?? '').includes('[data-sonner-toaster]'),
        hash: await hash(style.textContent ?? ''),
      })),
    );
  });
  const sonnerHashes = styles.filter((style) => style.sonner).map((style) => style.hash);
  expect(
    sonnerHashes,
    `sonner's stylesheet in this page; record its hash in src/security/csp.ts: ${sonnerHashes.join(' ')}`,
  ).toHaveLength(1);
  expect(
    sonnerStyle.hashes,
    `sonner's stylesheet in this page; record its hash in src/security/csp.ts: ${sonnerHashes.join(' ')}`,
  ).toContain(sonnerHashes[0]);
  const policy = response?.headers()['content-security-policy'] ?? '';
  expect(styles.map((style) => style.hash).filter((hash) => !policy.includes(`'${hash}'`))).toEqual([]);
  // sonner's own stylesheet applied: toasts are positioned by it.
  await expect(page.locator('[data-sonner-toaster]')).toHaveCSS('position', 'fixed');
  expect(violations).toEqual([]);
});
