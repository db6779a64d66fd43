/**
 * A violation of the Content Security Policy, caused on purpose in a real browser, reaches the
 * report endpoint and is listed by `npm run reports`: once through the policy's `report-to`
 * (the Reporting API, application/reports+json, as Chromium sends it), once through `report-uri`
 * (application/csp-report, as browsers without the Reporting API send it; here Chromium gets
 * the page's policy without `report-to`, which makes it fall back to `report-uri`).
 *
 * The violation is an inline script the test adds to the page, which the policy blocks: nothing
 * in the site's own policy is weakened for it. Each script carries a marker of its own, which the
 * report's sample brings back ('report-sample'), so the test finds its own report in the store.
 * The format a report is listed with is the media type it was posted as (the endpoint reads
 * nothing else to tell them apart).
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import config from '../../playwright.config';
import { routes } from '../../src/lib/routes';

const run = promisify(execFile);

// Chromium delivers Reporting API reports about a minute after the violation; this switch of
// Chromium's makes it under a second, so the test need not wait.
test.use({ launchOptions: { ...config.use?.launchOptions, args: [...(config.use?.launchOptions?.args ?? []), '--short-reporting-delay'] } });

interface Listed {
  directive: string;
  blocked: string;
  page: string;
  sample: string;
  format: string;
  count: number;
}

/** What `npm run reports -- --json --page <path>` lists now (the local store `npm start` writes). */
async function listed(path: string): Promise<Listed[]> {
  const { stdout } = await run(process.execPath, ['scripts/reports.mjs', '--json', '--page', path], { env: { ...process.env, NETLIFY_AUTH_TOKEN: '', NETLIFY_SITE_ID: '' } });
  return stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Listed);
}

/** Adds an inline script the policy blocks; returns the marker it carries. */
async function violate(page: Page): Promise<string> {
  const marker = `csp-test-${randomUUID().slice(0, 8)}`;
  const seen = page.evaluate(
    () => new Promise<string>((resolve) => document.addEventListener('securitypolicyviolation', (event) => resolve(event.effectiveDirective), { once: true })),
  );
  await page.addScriptTag({ content: `window.cspTestMarker='${marker}'` });
  expect(await seen).toBe('script-src-elem');
  // Blocked: it never ran.
  expect(await page.evaluate(() => (window as unknown as { cspTestMarker?: string }).cspTestMarker)).toBeUndefined();
  return marker;
}

test('a violation reported through report-to reaches the endpoint and is listed', async ({ page }) => {
  await page.goto(routes.about);
  const marker = await violate(page);
  await expect
    .poll(async () => (await listed(routes.about)).find((r) => r.sample.includes(marker)), { timeout: 20_000, message: `a report with ${marker} in npm run reports` })
    .toMatchObject({ directive: 'script-src-elem', blocked: 'inline', page: routes.about, format: 'reports+json', count: 1 });
  // The listing as the operator reads it.
  const { stdout } = await run(process.execPath, ['scripts/reports.mjs', '--page', routes.about]);
  expect(stdout).toContain('script-src-elem:');
  expect(stdout).toContain(marker);
});

test('a violation reported through report-uri reaches the endpoint and is listed', async ({ page }) => {
  // The page's own policy, without report-to: what a browser without the Reporting API follows.
  await page.route(`**${routes.careers}`, async (route) => {
    const response = await route.fetch();
    const headers = { ...response.headers() };
    headers['content-security-policy'] = headers['content-security-policy']!.replace(/;?\s*report-to [^;]+/, '');
    expect(headers['content-security-policy']).toContain(`report-uri ${routes.cspReportEndpoint}`);
    await route.fulfill({ response, headers });
  });
  await page.goto(routes.careers);
  const marker = await violate(page);
  await expect
    .poll(async () => (await listed(routes.careers)).find((r) => r.sample.includes(marker)), { timeout: 20_000, message: `a report with ${marker} in npm run reports` })
    .toMatchObject({ directive: 'script-src-elem', blocked: 'inline', page: routes.careers, format: 'csp-report', count: 1 });
});
