/**
 * A keyboard-only walk: every Tab lands on something visibly focused, and Tab keeps moving
 * forward through the top bar, its dropdowns, the menus and the contact form to the footer.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectExpanded, narrow, offerings, readContent, ui, wide } from './support';

const technologies = offerings('technologies');

interface Stop {
  label: string;
  visible: boolean;
  indicator: boolean;
}

async function tabThrough(page: Page, presses: number): Promise<Stop[]> {
  const stops: Stop[] = [];
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press('Tab');
    stops.push(
      await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return { label: 'body', visible: true, indicator: true };
        const style = getComputedStyle(el);
        const rect = el.getBoundingClientRect();
        return {
          label: `${el.tagName.toLowerCase()} ${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)} ${el.getAttribute('href') ?? el.id}`,
          visible: rect.width > 0 && rect.height > 0 && style.visibility !== 'hidden',
          indicator:
            (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none',
        };
      }),
    );
  }
  return stops;
}

const problems = (stops: Stop[]) => stops.filter((s) => !s.visible || !s.indicator).map((s) => s.label);

test('at 1280 px: skip link, top bar with both dropdowns, page, footer; focus always visible', async ({ page }) => {
  await page.setViewportSize(wide);
  await page.goto('/technologies');
  const stops = await tabThrough(page, 60);
  expect(stops[0]!.label).toContain(ui.skipLink);
  const labels = stops.map((s) => s.label);
  // The dropdown panels are entered by Tab.
  expect(labels.some((l) => l.includes(`/${technologies.at(-1)!.slug}`))).toBe(true);
  expect(labels.some((l) => l.includes('View All Products'))).toBe(true);
  expect(problems(stops)).toEqual([]);
});

test('the skip link moves focus to the main content', async ({ page }) => {
  await page.setViewportSize(wide);
  await page.goto('/about');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
});

test('focus is never trapped: Tab goes through the whole page and out of it', async ({ page }) => {
  await page.setViewportSize(wide);
  await page.goto('/');
  const count = await page
    .locator('a[href], button, input, textarea, [tabindex="0"]')
    .evaluateAll((els) => els.filter((e) => (e as HTMLElement).offsetParent !== null).length);
  const stops = await tabThrough(page, count + 5);
  const labels = stops.map((s) => s.label);
  expect(labels.some((l) => l.includes('/terms-of-service'))).toBe(true);
  expect(new Set(labels).size).toBeGreaterThan(count * 0.8);
});

test('at 390 px: the menu opens from the keyboard and its links are reachable', async ({ page }) => {
  await page.setViewportSize(narrow);
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'Menu' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expectExpanded(toggle, true);
  const stops = await tabThrough(page, 6);
  expect(stops.some((s) => s.label.includes(`/${technologies[0]!.slug}`))).toBe(true);
  expect(problems(stops)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(toggle).toBeFocused();
  await expectExpanded(toggle, false);
});

test('the contact form can be filled and sent with the keyboard alone', async ({ page }) => {
  await page.setViewportSize(wide);
  await page.route('**/api/send-contact-email', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '{"ok":true}' }),
  );
  await page.goto('/contact');
  await page.locator('#form').scrollIntoViewIfNeeded();
  await expect(page.locator('astro-island[component-url*="ContactForm"]:not([ssr])')).toHaveCount(1);
  const form = readContent('contact-form.json');
  await page.getByLabel(ui.formLabels.firstName).focus();
  // The fields in order; the topic list is chosen with the arrow keys.
  for (const text of ['Ada', 'Lovelace', 'ada@example.org', 'Looms', undefined, 'Hello from the keyboard']) {
    if (text === undefined) await page.keyboard.press('ArrowDown');
    else await page.keyboard.type(text);
    const stop = await tabThrough(page, 1);
    expect(problems(stop)).toEqual([]);
  }
  await expect(page.getByLabel(ui.topicLabel)).not.toHaveValue('');
  await expect(page.getByRole('button', { name: form.submitLabel })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText(form.success.title)).toBeVisible();
});
