import { expect, test } from '@playwright/test';
import {
  actionName,
  certifications,
  escapeRegExp,
  companyPage,
  expectActions,
  identity,
  legalSections,
  offerings,
  recordScripts,
  ui,
  wide,
  type Action,
} from './support';
import { categoryPath, routes } from '../../src/model/routes';

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

test('About: story, mission and vision, values, offices, expertise, certifications, calls to action from its file', async ({
  page,
}) => {
  const about = companyPage('about');
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(about.hero.heading);
  const milestones = about.story.timeline as { year: number | string; title: string }[];
  expect(await page.locator('#story ol > li p:first-child').allTextContents()).toEqual(
    milestones.map((m) => String(m.year)),
  );
  await expect(page.locator('#story ol > li h3')).toHaveText(milestones.map((m) => m.title));
  for (const card of [about.mission, about.vision]) {
    await expect(page.getByRole('heading', { level: 2, name: card.title, exact: true })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(card.text);
  }
  await expect(page.locator('#values').getByRole('heading', { level: 3 })).toHaveText(
    about.values.items.map((v: { title: string }) => v.title),
  );
  const offices = page.locator('#global-presence li');
  await expect(offices).toHaveCount(identity.offices.length);
  for (const [i, office] of identity.offices.entries()) await expect(offices.nth(i)).toContainText(office.city);
  const tiles = page.locator('#expertise li');
  await expect(tiles).toHaveCount(about.expertise.items.length);
  for (const [i, tile] of about.expertise.items.entries()) {
    await expect(tiles.nth(i).locator('p').first()).toHaveText(tile.value);
    await expect(tiles.nth(i).locator('p').nth(1)).toHaveText(tile.label);
  }
  await expect(page.locator('#certifications li')).toHaveCount(certifications().length);
  const closing = page.locator('#closing');
  await expectActions(closing, about.closing.actions);
  // A short label gets words for screen readers, so the link makes sense on its own.
  for (const action of about.closing.actions.filter((a: Action) => a.context)) {
    const link = closing.getByRole('link', { name: actionName(action), exact: true });
    await expect(link).toHaveText(actionName(action));
    await expect(link.locator('.sr-only')).toHaveText(action.context);
  }
});

test('Careers: its benefits, culture pictures, a mailto link with its preset subject and no form', async ({ page }) => {
  const careers = companyPage('careers');
  await page.goto('/careers');
  await expect(page.locator('#benefits li')).toHaveCount(careers.benefits.items.length);
  await expect(page.locator('#benefits').getByRole('heading', { level: 3 })).toHaveText(
    careers.benefits.items.map((b: { title: string }) => b.title),
  );
  const pictures = page.locator('#culture img');
  await expect(pictures).toHaveCount(careers.culture.images.length);
  for (const [i, picture] of careers.culture.images.entries())
    await expect(pictures.nth(i)).toHaveAttribute('alt', picture.alt);
  const mailto = page.locator('#apply a[href^="mailto:"]').first();
  const href = (await mailto.getAttribute('href'))!;
  const url = new URL(href);
  expect(url.pathname).toBe(identity.emails.careers);
  expect(url.searchParams.get('subject')).toBe(careers.apply.subject);
  expect(href).toContain(`subject=${encodeURIComponent(careers.apply.subject)}`);
  expect(href).not.toContain(' ');
  await expect(mailto).toHaveText(careers.apply.buttonLabel);
  await expect(page.locator('main form')).toHaveCount(0);
  await expect(page.locator('#apply ol li')).toHaveText(careers.apply.steps);
});

for (const name of ['privacy-policy', 'terms-of-service'] as const) {
  test(`/${name}: the sections of its text and "Last updated" on the day it is viewed`, async ({ page }) => {
    await page.clock.setFixedTime(new Date('2027-03-05T10:00:00'));
    await page.goto(`/${name}`);
    expect(await page.locator('main h2').allTextContents()).toEqual(legalSections(name));
    await expect(page.getByText(new RegExp(`^${ui.lastUpdated}`))).toHaveText(`${ui.lastUpdated} March 5, 2027`);
    await expect(page.locator('time[data-viewed-date]')).toHaveAttribute('datetime', '2027-03-05');
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('"Last updated" still shows a date in long form', async ({ page }) => {
    await page.goto('/privacy-policy');
    await expect(page.getByText(new RegExp(`^${ui.lastUpdated}`))).toHaveText(
      new RegExp(`^${ui.lastUpdated} [A-Z][a-z]+ \\d{1,2}, \\d{4}$`),
    );
  });
});

test('Portfolio: a card for every category file, with its link and staggered entrance', async ({ page }) => {
  const portfolio = companyPage('portfolio');
  await page.goto('/portfolio');
  const cards = page.locator('main article');
  const categories = offerings('categories');
  await expect(cards).toHaveCount(categories.length);
  for (const [i, { slug, title }] of categories.entries()) {
    const card = cards.nth(i);
    await expect(card.getByRole('heading')).toHaveText(title);
    await expect(
      card.getByRole('link', { name: new RegExp(`^${escapeRegExp(portfolio.cardLinkLabel)}`) }),
    ).toHaveAttribute('href', categoryPath(slug));
    await expect(card).toHaveCSS('animation-delay', `${Number((i * 0.1).toFixed(1))}s`);
  }
  await expectActions(page.getByRole('main'), portfolio.closing.actions);
});

test('every /portfolio/{slug}, an older address, redirects permanently to its category page', async ({
  request,
  page,
}) => {
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
    await expect(page.locator('main article').last()).toHaveCSS('animation-name', 'none');
  });
});
