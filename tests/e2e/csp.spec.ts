import { expect, test, type Page } from '@playwright/test';
import { sonnerStyle } from '../../src/lib/csp';
import { builtPages, narrow, readContent, ui, wide } from './support';

function watchViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

for (const path of builtPages()) {
  test(`no Content Security Policy violation on ${path}`, async ({ page }) => {
    const violations = watchViolations(page);
    for (const viewport of [wide, narrow]) {
      await page.setViewportSize(viewport);
      await page.goto(path, { waitUntil: 'networkidle' });
      await page.mouse.wheel(0, 20_000);
      await page.waitForLoadState('networkidle');
    }
    await expect(page.locator('meta[http-equiv="content-security-policy"]')).toHaveCount(1);
    expect(violations).toEqual([]);
  });
}

test('the contact toast renders under the policy', async ({ page }) => {
  const violations = watchViolations(page);
  await page.route('**/api/send-contact-email', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"ok":true}' }));
  await page.goto('/contact');
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
  // src/lib/csp.ts records (checked first and printed, so a sonner upgrade knows what to record).
  const styles = await page.evaluate(async () => {
    const hash = async (text: string) => `sha256-${btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)))))}`;
    return Promise.all([...document.querySelectorAll('style')].map(async (style) => ({ sonner: (style.textContent ?? '').includes('[data-sonner-toaster]'), hash: await hash(style.textContent ?? '') })));
  });
  const sonnerHashes = styles.filter((style) => style.sonner).map((style) => style.hash);
  expect(sonnerHashes, `sonner's stylesheet in this page; record its hash in src/lib/csp.ts: ${sonnerHashes.join(' ')}`).toHaveLength(1);
  expect(sonnerStyle.hashes, `sonner's stylesheet in this page; record its hash in src/lib/csp.ts: ${sonnerHashes.join(' ')}`).toContain(sonnerHashes[0]);
  const policy = (await page.locator('meta[http-equiv="content-security-policy"]').getAttribute('content')) ?? '';
  expect(styles.map((style) => style.hash).filter((hash) => !policy.includes(`'${hash}'`))).toEqual([]);
  // sonner's own stylesheet applied: toasts are positioned by it.
  await expect(page.locator('[data-sonner-toaster]')).toHaveCSS('position', 'fixed');
  expect(violations).toEqual([]);
});

test('the header carries the directives a meta tag cannot', async ({ request }) => {
  const csp = (await request.get('/')).headers()['content-security-policy'];
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("form-action 'self'");
});
