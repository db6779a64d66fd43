import { expect, test } from '@playwright/test';
import { identity, offerings, recordScripts, wide } from './support';
import { categoryPath, routes } from '../../src/lib/routes';

test.use({ viewport: wide });

for (const path of ['/about', '/careers', '/privacy-policy', '/terms-of-service', '/portfolio']) {
  test(`${path} loads no JavaScript file at 1280 px`, async ({ page }) => {
    const scripts = recordScripts(page);
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await page.waitForLoadState('networkidle');
    expect(scripts).toEqual([]);
  });
}

test('About: story, mission and vision, values, offices, expertise, certifications, calls to action', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.locator('main')).toContainText('2012');
  const years = await page.locator('#story ol > li p:first-child').allTextContents();
  expect(years).toEqual(['2012', '2015', '2018']);
  await expect(page.getByRole('heading', { name: /Mission/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Vision/ })).toBeVisible();
  for (const value of ['Innovation', 'Quality Excellence', 'Sustainability', 'Customer Focus']) {
    await expect(page.locator('#values').getByRole('heading', { name: value, exact: true })).toBeVisible();
  }
  const offices = page.locator('#global-presence li');
  await expect(offices).toHaveCount(3);
  await expect(offices.nth(0)).toContainText('Bangkok');
  await expect(offices.nth(1)).toContainText('Thane West');
  await expect(offices.nth(2)).toContainText('Freetown');
  await expect(page.locator('#expertise li')).toHaveCount(6);
  await expect(page.locator('#expertise')).toContainText('10+');
  await expect(page.locator('#expertise')).toContainText('20%+');
  await expect(page.locator('#certifications li')).toHaveCount(6);
  await expect(page.getByRole('link', { name: 'Start Your Project' })).toHaveAttribute('href', '/contact');
  // The short label gets words for screen readers, so the link makes sense on its own.
  const learnMore = page.getByRole('link', { name: 'Learn More about our technologies', exact: true });
  await expect(learnMore).toHaveAttribute('href', '/technologies');
  await expect(learnMore).toHaveText('Learn More about our technologies');
  await expect(learnMore.locator('.sr-only')).toHaveText('about our technologies');
});

test('Careers: six benefits, culture pictures, a mailto link with a preset subject and no form', async ({ page }) => {
  await page.goto('/careers');
  await expect(page.locator('#benefits li')).toHaveCount(6);
  for (const benefit of ['Innovation-Driven', 'Collaborative Culture', 'Professional Growth', 'Global Impact', 'Learning & Development', 'Work-Life Balance']) {
    await expect(page.locator('#benefits').getByRole('heading', { name: benefit })).toBeVisible();
  }
  const pictures = page.locator('#culture img');
  await expect(pictures).toHaveCount(3);
  for (const img of await pictures.all()) await expect(img).toHaveAttribute('alt', /\w+/);
  const mailto = page.locator('#apply a[href^="mailto:"]').first();
  const href = (await mailto.getAttribute('href'))!;
  const url = new URL(href);
  expect(url.pathname).toBe(identity.emails.careers);
  const subject = url.searchParams.get('subject');
  expect(subject).toBeTruthy();
  expect(href).toContain(`subject=${encodeURIComponent(subject!)}`);
  expect(href).not.toContain(' ');
  await expect(page.locator('main form')).toHaveCount(0);
  await expect(page.locator('#apply')).toContainText(/CV/);
  await expect(page.locator('#apply')).toContainText(/cover letter/i);
});

const legal = {
  '/privacy-policy': ['Information We Collect', 'How We Use Your Information', 'Information Sharing', 'Data Security', 'Your Rights', 'Cookies', 'Changes to This Policy', 'Contact Us'],
  '/terms-of-service': ['Use Licence', 'Products and Technical Information', 'User Responsibilities', 'Intellectual Property', 'Disclaimers', 'Limitation of Liability', 'Termination', 'Governing Law'],
};
for (const [path, sections] of Object.entries(legal)) {
  test(`${path}: its sections and "Last updated" on the day it is viewed`, async ({ page }) => {
    await page.clock.setFixedTime(new Date('2027-03-05T10:00:00'));
    await page.goto(path);
    expect(await page.locator('main h2').allTextContents()).toEqual(sections);
    await expect(page.getByText(/^Last updated:/)).toHaveText('Last updated: March 5, 2027');
    await expect(page.locator('time[data-viewed-date]')).toHaveAttribute('datetime', '2027-03-05');
  });
}

test('the terms name Thai law as governing law', async ({ page }) => {
  await page.goto('/terms-of-service');
  await expect(page.locator('main')).toContainText(/Thailand/);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('"Last updated" still shows a date in long form', async ({ page }) => {
    await page.goto('/privacy-policy');
    await expect(page.getByText(/^Last updated:/)).toHaveText(/^Last updated: [A-Z][a-z]+ \d{1,2}, \d{4}$/);
  });
});

test('Portfolio: seven category cards with Explore Category links and staggered entrance', async ({ page }) => {
  await page.goto('/portfolio');
  const cards = page.locator('main article');
  const categories = offerings('categories');
  await expect(cards).toHaveCount(7);
  for (const [i, { slug, title }] of categories.entries()) {
    const card = cards.nth(i);
    await expect(card.getByRole('heading')).toHaveText(title);
    await expect(card.getByRole('link', { name: new RegExp(`^Explore Category`) })).toHaveAttribute('href', categoryPath(slug));
    await expect(card).toHaveCSS('animation-delay', `${(i * 0.1).toFixed(1).replace(/\.0$/, '')}s`);
  }
});

test('every /portfolio/{slug}, an older address, redirects permanently to its category page', async ({ request, page }) => {
  for (const { slug } of offerings('categories')) {
    const response = await request.get(`${routes.portfolio}/${slug}`, { maxRedirects: 0 });
    expect(response.status(), slug).toBe(301);
    expect(new URL(response.headers()['location']!, 'http://x').pathname).toBe(categoryPath(slug));
  }
  const { slug } = offerings('categories')[0]!;
  await page.goto(`${routes.portfolio}/${slug}`);
  await expect(page).toHaveURL(categoryPath(slug));
});

test.describe('reduced motion', () => {
  test.use({ contextOptions: { reducedMotion: 'reduce' } });
  test('category cards do not animate', async ({ page }) => {
    await page.goto('/portfolio');
    await expect(page.locator('main article').nth(3)).toHaveCSS('animation-name', 'none');
  });
});
