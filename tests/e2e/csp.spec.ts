import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { sonnerStyle } from '../../src/security/csp';
import { inlineHashes, reportEndpointName } from '../../src/security/headers';
import { routes } from '../../src/model/routes';
import { builtFiles, builtPages, offerings, narrow, readContent, routeOf, ui, wide } from './support';

function watchViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

/** What every page's policy must say, besides its hashes. */
function expectFullPolicy(policy: string | undefined, where: string) {
  expect(policy, `${where}: no Content-Security-Policy header`).toBeTruthy();
  for (const directive of ["default-src 'none'", "frame-ancestors 'none'", "form-action 'self'", `report-to ${reportEndpointName}`, `report-uri ${routes.cspReportEndpoint}`]) {
    expect(policy, where).toContain(directive);
  }
  expect(policy, where).toMatch(/script-src [^;]*'sha256-/);
  expect(policy, where).not.toContain('unsafe-inline');
}

for (const path of builtPages()) {
  test(`no Content Security Policy violation on ${path}`, async ({ page }) => {
    const violations = watchViolations(page);
    for (const viewport of [wide, narrow]) {
      await page.setViewportSize(viewport);
      const response = await page.goto(path, { waitUntil: 'networkidle' });
      expectFullPolicy(response?.headers()['content-security-policy'], path);
      await page.mouse.wheel(0, 20_000);
      await page.waitForLoadState('networkidle');
    }
    // The policy is the header's alone: no <meta> copy in the page.
    await expect(page.locator('meta[http-equiv="content-security-policy"]')).toHaveCount(0);
    expect(violations).toEqual([]);
  });
}

test("each page's policy lists the hashes of what it carries and of sonner's style, and none that no page needs", async ({ request }) => {
  const carried = new Map(builtFiles().map((file) => [routeOf(file), inlineHashes(readFileSync(file, 'utf8'))]));
  const sonner = sonnerStyle.hashes.map((hash) => `'${hash}'`);
  const anyPage = new Set([...carried.values()].flatMap((hashes) => [...hashes]));
  for (const [path, own] of carried) {
    const policy = (await request.get(path === '/404' ? '/404.html' : path)).headers()['content-security-policy'] ?? '';
    const listed = new Set(policy.match(/'sha256-[^']+'/g) ?? []);
    for (const hash of [...own, ...sonner]) expect(listed.has(hash), `${path}: ${hash} of its own`).toBe(true);
    // A folder's pages share one rule, with the hashes any of them needs; nothing else.
    for (const hash of listed) expect(anyPage.has(hash) || sonner.includes(hash), `${path}: ${hash} that no page carries`).toBe(true);
  }
  // A page at the top has a rule of its own: exactly its hashes and sonner's.
  const home = (await request.get('/')).headers()['content-security-policy'] ?? '';
  expect(new Set(home.match(/'sha256-[^']+'/g))).toEqual(new Set([...carried.get('/')!, ...sonner]));
});

// Pages that are not files at their address: rendered on demand (Astro sends their policy), or a
// catalogue not-found page that Netlify's 404 rules serve at a missing address.
const category = offerings('categories')[0]!;
const topic = (readContent('topics.json') as unknown as { id: string }[])[0]!.id;
const onDemand = [`/search?q=${encodeURIComponent(category.title)}`, `/contact?topic=${topic}`, '/no-such-page', `/products/${category.slug}/no-such-item`];
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
  await page.route('**/api/send-contact-email', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"ok":true}' }));
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
    const hash = async (text: string) => `sha256-${btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)))))}`;
    return Promise.all([...document.querySelectorAll('style')].map(async (style) => ({ sonner: (style.textContent ?? '').includes('[data-sonner-toaster]'), hash: await hash(style.textContent ?? '') })));
  });
  const sonnerHashes = styles.filter((style) => style.sonner).map((style) => style.hash);
  expect(sonnerHashes, `sonner's stylesheet in this page; record its hash in src/security/csp.ts: ${sonnerHashes.join(' ')}`).toHaveLength(1);
  expect(sonnerStyle.hashes, `sonner's stylesheet in this page; record its hash in src/security/csp.ts: ${sonnerHashes.join(' ')}`).toContain(sonnerHashes[0]);
  const policy = response?.headers()['content-security-policy'] ?? '';
  expect(styles.map((style) => style.hash).filter((hash) => !policy.includes(`'${hash}'`))).toEqual([]);
  // sonner's own stylesheet applied: toasts are positioned by it.
  await expect(page.locator('[data-sonner-toaster]')).toHaveCSS('position', 'fixed');
  expect(violations).toEqual([]);
});

test('the header carries the directives a meta tag cannot, and names the report endpoint', async ({ request }) => {
  const answer = await request.get('/');
  const csp = answer.headers()['content-security-policy'];
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("form-action 'self'");
  expect(answer.headers()['reporting-endpoints']).toBe(`${reportEndpointName}="${routes.cspReportEndpoint}"`);
});

test("/admin keeps its own policy, and no page's", async ({ request }) => {
  const csp = (await request.get('/admin')).headers()['content-security-policy'] ?? '';
  expect(csp).toContain("'unsafe-eval'");
  expect(csp).not.toContain(`report-to ${reportEndpointName}`);
});
