import { expect, test } from '@playwright/test';
import { narrow, offerings, recordScripts, wide } from './support';

const statistics = [
  '12+ Years of Innovation',
  '100+ Global Clients',
  '10+ Countries Served',
  '250+ Products Developed',
  '20%+ R&D Investment',
];

test.use({ viewport: wide });

test('sections come in the specified order with their anchors', async ({ page }) => {
  await page.goto('/');
  const ids = await page.locator('main > section[id]').evaluateAll((sections) => sections.map((s) => s.id));
  expect(ids).toEqual(['home', 'about', 'technologies', 'products', 'certifications', 'closing']);
  await expect(page.locator('#research')).toContainText('20%+');
  await page.goto('/#research');
  await expect(page.locator('#research')).toBeInViewport();
});

test('hero, about, cards and calls to action lead where the specification says', async ({ page }) => {
  await page.goto('/');
  const main = page.getByRole('main');
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(main.getByRole('link', { name: 'Explore Our Technologies' })).toHaveAttribute('href', '/technologies');
  await expect(main.getByRole('link', { name: 'View Products' })).toHaveAttribute('href', '/products');

  const about = page.locator('#about');
  for (const item of ['Advanced Research & Development', 'Sustainable Manufacturing Processes', 'Global Quality Standards', 'Customer-Centric Solutions']) {
    await expect(about.getByRole('listitem').filter({ hasText: item })).toHaveCount(1);
  }
  await expect(about).toContainText('over two decades');
  await expect(about.getByRole('link', { name: 'Learn More About Us' })).toHaveAttribute('href', '/about');

  const technologyLinks = page.locator('#technologies article a');
  await expect(technologyLinks).toHaveCount(5);
  expect(await technologyLinks.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(
    ['/bacteria-inhibition', '/sustainable-chemistry', '/performance-chemicals', '/cosmetic-textiles', '/microencapsulation'],
  );

  const productLinks = page.locator('#products article a');
  expect(await productLinks.evaluateAll((links) => links.map((a) => a.getAttribute('href')).sort())).toEqual(
    ['aroma-finishes', 'essential-oil-actives', 'functional-actives', 'pigments', 'printing-auxiliaries', 'speciality-finishes'].map((s) => `/products/${s}`).sort(),
  );
  await expect(page.locator('#products a[href="/products/speciality-prints"]')).toHaveCount(0);
  await expect(page.locator('#products').getByRole('link', { name: 'View Complete Products' })).toHaveAttribute('href', '/products');

  const certifications = page.locator('#certifications li');
  await expect(certifications).toHaveCount(6);
  for (const [name, description] of [
    ['ISO 9001', 'Quality Management System'],
    ['ISO 14001', 'Environmental Management'],
    ['ISO 45001', 'Occupational Health & Safety'],
    ['OEKO-TEX', 'Eco Passport'],
    ['GOTS', 'Global Organic Textile Standard'],
    ['ZDHC', 'Zero Discharge Program'],
  ]) {
    const card = certifications.filter({ has: page.getByRole('heading', { name, exact: true }) });
    await expect(card).toContainText(description);
    await expect(card.getByRole('img')).toBeVisible();
  }
  await expect(page.locator('#closing').getByRole('link', { name: 'Reach Out to Us' })).toHaveAttribute('href', '/contact');
});

test('the statistic badge rotates every 3 seconds through five statistics and wraps', async ({ page }) => {
  await page.clock.install();
  await page.goto('/');
  const badge = page.getByRole('group', { name: 'Key figures' });
  await badge.scrollIntoViewIfNeeded();
  await expect(page.locator('astro-island[component-url*="StatisticBadge"]:not([ssr])')).toHaveCount(1);
  const text = async () => (await badge.locator('p').allTextContents()).join(' ');
  expect(await text()).toBe(statistics[0]);
  for (const expected of [...statistics.slice(1), statistics[0]]) {
    await page.clock.runFor(3000);
    await expect.poll(text).toBe(expected);
  }
});

test('only the badge island loads at 1280 px; at 390 px the menu island waits for its toggle', async ({ page }) => {
  const scripts = recordScripts(page);
  await page.goto('/');
  await page.getByRole('group', { name: 'Key figures' }).scrollIntoViewIfNeeded();
  await expect(page.locator('astro-island[component-url*="StatisticBadge"]:not([ssr])')).toHaveCount(1);
  expect(scripts.some((url) => url.includes('StatisticBadge'))).toBe(true);
  expect(scripts.some((url) => url.includes('Disclosure'))).toBe(false);

  await page.setViewportSize(narrow);
  await page.waitForLoadState('networkidle');
  expect(scripts.some((url) => url.includes('Disclosure'))).toBe(false);
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect.poll(() => scripts.some((url) => url.includes('Disclosure'))).toBe(true);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('the badge shows the first statistic and every section is there', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('group', { name: 'Key figures' })).toContainText('12+');
    await expect(page.getByRole('group', { name: 'Key figures' })).toContainText('Years of Innovation');
    await expect(page.locator('#technologies article')).toHaveCount(offerings('technologies').length);
    await expect(page.locator('#certifications li')).toHaveCount(6);
  });
});
