import { expect, test } from '@playwright/test';
import { recordScripts, ui, wide } from './support';

test.use({ viewport: wide });

test('an unknown path answers 404 with the not-found page', async ({ page }) => {
  const logged: string[] = [];
  page.on('console', (message) => logged.push(`${message.type()}: ${message.text()}`));
  const scripts = recordScripts(page);

  const response = await page.goto('/no/such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ui.notFound.heading);
  const home = page.getByRole('link', { name: ui.notFound.home });
  await expect(home).toHaveAttribute('href', '/');
  // Chromium reports the 404 status itself; the page adds the path as a warning.
  expect(logged.filter((line) => !line.startsWith('error: Failed to load resource'))).toEqual([
    'warning: 404 Error: User attempted to access non-existent route: /no/such-page',
  ]);
  // The page has no island: no script file at all (the console line is inline).
  expect(scripts).toEqual([]);

  await home.click();
  await expect(page).toHaveURL('/');
});

test('the not-found page is not indexed', async ({ page }) => {
  await page.goto('/missing');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
});
