import { expect, test } from '@playwright/test';
import { narrow, offerings, recordScripts, wide } from './support';

const technologies = offerings('technologies');

test.use({ viewport: wide });

test('the overview has five cards with Learn More, a products link and Reach Out', async ({ page }) => {
  await page.goto('/technologies');
  const cards = page.locator('main article');
  await expect(cards).toHaveCount(5);
  for (const [i, { slug, title }] of technologies.entries()) {
    await expect(cards.nth(i).getByRole('heading')).toHaveText(title);
    await expect(cards.nth(i).getByRole('link', { name: /^Learn More/ })).toHaveAttribute('href', `/${slug}`);
    await expect(cards.nth(i).getByRole('img')).toHaveAttribute('alt', /\w/);
    expect(await cards.nth(i).locator('ul li').count()).toBeGreaterThanOrEqual(3);
  }
  await expect(page.getByRole('main').locator('a[href="/products"]').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Reach Out', exact: true })).toHaveAttribute('href', '/contact');
});

const expectations: Record<string, (page: import('@playwright/test').Page) => Promise<void>> = {
  'bacteria-inhibition': async (page) => {
    await expect(page.locator('#key-features li')).toHaveCount(4);
    await expect(page.locator('#application-areas li')).toHaveCount(6);
    for (const claim of ['99.9%', '50+']) await expect(page.getByRole('main')).toContainText(claim);
    for (const label of ['Request Technical Data', 'Contact Us', 'Download Brochure']) await expect(page.getByRole('main').getByRole('link', { name: label }).first()).toBeVisible();
  },
  'sustainable-chemistry': async (page) => {
    await expect(page.locator('#principles li')).toHaveCount(4);
    await expect(page.locator('#initiatives li')).toHaveCount(6);
    const impact = page.locator('#impact');
    for (const [value, label] of [['75%', /CO2 reduction/i], ['90%', /biodegradable ingredients/i], ['50%', /energy savings/i]] as const) {
      await expect(impact.locator('dl > div').filter({ hasText: value }).filter({ hasText: label })).toHaveCount(1);
    }
    for (const label of ['Explore Green Solutions', 'Start Your Green Journey', 'Sustainability Report']) await expect(page.getByRole('main').getByRole('link', { name: label }).first()).toBeVisible();
  },
  'performance-chemicals': async (page) => {
    await expect(page.locator('#core-technologies li')).toHaveCount(4);
    for (const industry of ['Automotive', 'Construction', 'Electronics', 'Aerospace']) await expect(page.locator('#industry-applications')).toContainText(industry);
    await expect(page.locator('#benefits li')).toHaveCount(6);
  },
  'cosmetic-textiles': async (page) => {
    for (const figure of ['24/7', '50+', '30+']) await expect(page.locator('#metrics')).toContainText(figure);
    await expect(page.locator('#metrics')).toContainText(/active ingredients/i);
    await expect(page.locator('#metrics')).toContainText(/wash cycles/i);
  },
  microencapsulation: async (page) => {
    const sizes = page.locator('#particle-sizes li');
    await expect(sizes).toHaveCount(3);
    for (const [name, range] of [['Nano', '0.1-1 µm'], ['Micro', '1-50 µm'], ['Mini', '50-500 µm']]) {
      await expect(sizes.filter({ hasText: name }).filter({ hasText: range })).toHaveCount(1);
    }
    for (const use of ['Pharmaceuticals', 'Cosmetics', 'Food & Nutrition', 'Textiles']) await expect(page.locator('#industry-uses')).toContainText(use);
    for (const figure of ['99%', '0.1-500', '12+ months']) await expect(page.locator('#figures')).toContainText(figure);
  },
};

for (const { slug, title } of technologies) {
  test(`${title}: content, sub-navigation and no JavaScript at 1280 px`, async ({ page }) => {
    const scripts = recordScripts(page);
    const response = await page.goto(`/${slug}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    const subnav = page.getByRole('navigation', { name: 'Technologies', exact: true });
    await expect(subnav.locator('a[aria-current="page"]:visible')).toHaveAttribute('href', `/${slug}`);
    await expect(subnav.locator('a[aria-current="page"]:visible')).toHaveCount(1);
    await expectations[slug]?.(page);
    await page.waitForLoadState('networkidle');
    expect(scripts).toEqual([]);
  });

  test(`${title}: every button and link in the page leads to a page that answers 200`, async ({ page, request }) => {
    await page.goto(`/${slug}`);
    const hrefs = await page.locator('main a[href^="/"]').evaluateAll((links) => [...new Set(links.map((a) => a.getAttribute('href')!))]);
    expect(hrefs.length).toBeGreaterThan(3);
    expect(hrefs).not.toContain('#');
    for (const href of hrefs) {
      expect((await request.get(href)).status(), href).toBe(200);
    }
  });
}

test.describe('technology sub-navigation at 390 px', () => {
  test.use({ viewport: narrow });
  test('collapses into a Categories toggle', async ({ page }) => {
    await page.goto('/microencapsulation');
    const subnav = page.getByRole('navigation', { name: 'Technologies', exact: true });
    const toggle = subnav.getByRole('button', { name: 'Categories' });
    await expect(subnav.locator('[data-subnav-grid]')).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(subnav.locator('a[aria-current="page"]:visible')).toHaveAttribute('href', '/microencapsulation');
    await subnav.getByRole('link', { name: technologies[0]!.title }).click();
    await expect(page).toHaveURL(`/${technologies[0]!.slug}`);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('technology pages read completely', async ({ page }) => {
    for (const { slug } of technologies) {
      await page.goto(`/${slug}`);
      expect(await page.locator('main section').count()).toBeGreaterThanOrEqual(4);
      await expect(page.locator('main')).toContainText(/\w{40,}|\w+ \w+ \w+ \w+ \w+/);
    }
  });
});
