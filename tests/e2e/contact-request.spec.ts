/**
 * From an item page to a request that says enough: each request link lands on the contact form
 * (#form), pre-filled, with a note naming what was filled in and focus on the first empty field;
 * sample and data-sheet topics offer optional details (country, quantity, substrate or process),
 * which reach the store; after sending, the visitor is given the message's reference, what happens
 * next and the mailbox that answers. With and without JavaScript, at 390 px and 1280 px.
 */
import { expect, test, type Page } from '@playwright/test';
import { readLocalMessages } from '../../tools/local-netlify/local-messages.mjs';
import { itemLabel, type ItemData } from '../../src/model/catalogue-item';
import { itemPath, routes } from '../../src/model/routes';
import { referenceOf } from '../../src/contact/reference';
import { companyPage, identity, narrow, offerings, productsOf, readContent, siteStore, ui, wide } from './support';

const formText = readContent('contact-form.json');
const catalogueWords = readContent('site/labels.json').catalogue;
const topics = readContent('topics.json') as unknown as { id: string; label: string; details?: boolean }[];
const label = {
  ...ui.formLabels,
  country: formText.labels.country as string,
  quantity: formText.labels.quantity as string,
  substrate: formText.labels.substrate as string,
};

const [category] = offerings('categories');
const [item] = productsOf(category!.slug);
const itemPage = itemPath(category!.slug, item!.id);
const named = itemLabel(item!.data as unknown as ItemData);
const note = (subject: string) => formText.prefilled.replace('{subject}', subject) as string;
const detailsTopic = topics.find((t) => t.details)!;
const plainTopic = topics.find((t) => !t.details)!;

const details = (page: Page) => page.getByRole('group', { name: formText.details });

/** Follows an item page's "Request a sample" link, as a buyer does. */
async function requestSample(page: Page) {
  await page.goto(itemPage);
  await page.getByRole('main').getByRole('link', { name: catalogueWords.requestSample, exact: true }).click();
  await expect(page).toHaveURL(/\/contact\?topic=[^#]+#form$/);
}

/** Fills what a pre-filled form leaves empty, and the request details. */
async function fillTheRest(page: Page, marker: string) {
  await page.getByLabel(label.firstName).fill('Ada');
  await page.getByLabel(label.lastName).fill('Lovelace');
  await page.getByLabel(label.email).fill('ada@example.org');
  await page.getByLabel(label.country).fill('Viet Nam');
  await page.getByLabel(label.quantity).fill('2 kg');
  await page.getByLabel(label.substrate).fill(`Cotton jersey, exhaust (${marker})`);
}

const storedWith = async (marker: string) =>
  (await readLocalMessages(siteStore)).filter((r) => r.message.substrate?.includes(marker));

/** The confirmation: the stored message's reference, what happens next, who answers. */
async function expectConfirmation(page: Page, reference: string) {
  // The box the heading heads.
  const confirmation = page.getByRole('heading', { name: formText.confirmation.heading }).locator('xpath=..');
  await expect(confirmation).toBeVisible();
  await expect(confirmation).toContainText(formText.confirmation.reference.replace('{reference}', reference));
  await expect(confirmation).toContainText(formText.confirmation.next);
  await expect(confirmation.locator(`a[href="mailto:${identity.emails.general}"]`)).toBeVisible();
}

for (const viewport of [narrow, wide]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('with JavaScript, a sample request lands on the focused, pre-filled form, and its confirmation names the reference', async ({
      page,
    }) => {
      await requestSample(page);
      const prefilled = page.getByText(note(named), { exact: true });
      await expect(prefilled).toBeInViewport();
      await expect(page.getByLabel(label.firstName)).toBeFocused();
      await expect(page.getByLabel(ui.topicLabel)).toHaveValue('samples');
      await expect(details(page)).toBeVisible();
      await expect(page.locator('astro-island[component-url*="ContactForm"]:not([ssr])')).toHaveCount(1);

      const marker = `request-js-${viewport.width}-${Date.now()}`;
      const posted: Record<string, unknown>[] = [];
      page.on('request', (r) => r.url().endsWith(routes.contactEndpoint) && posted.push(r.postDataJSON()));
      await fillTheRest(page, marker);
      await page.getByRole('button', { name: formText.submitLabel }).click();
      await expect(page.getByText(formText.success.title)).toBeVisible();
      expect(posted[0]).toMatchObject({
        topic: 'samples',
        about: `${category!.slug}/${item!.id}`,
        country: 'Viet Nam',
        quantity: '2 kg',
      });

      const [stored] = await storedWith(marker);
      expect(stored?.message).toMatchObject({
        country: 'Viet Nam',
        quantity: '2 kg',
        regarding: expect.stringContaining(named),
      });
      await expectConfirmation(page, referenceOf(stored!.id));
      await expect(page.getByRole('heading', { name: formText.confirmation.heading })).toBeFocused();
      // The form is empty again but for what it was opened for: a second request from the same
      // item goes out about that item, under the same topic.
      await expect(prefilled).toHaveCount(1);
      await expect(page.getByLabel(label.message)).toHaveValue('');
      await expect(page.getByLabel(ui.topicLabel)).toHaveValue('samples');
      await expect(page.locator('input[name="about"]')).toHaveValue(`${category!.slug}/${item!.id}`);
      await expect(details(page)).toBeVisible();
      await expect(page.getByLabel(label.country)).toHaveValue('');
      // The confirmation stays while the toast goes. Sonner holds a toast while the pointer is over
      // it, and at 390 px the toast can come up under the pointer left on the send button.
      await page.mouse.move(0, 0);
      await expect(page.getByText(formText.success.title)).toBeHidden({ timeout: 15_000 });
      await expect(page.getByRole('heading', { name: formText.confirmation.heading })).toBeVisible();
    });

    test.describe('without JavaScript', () => {
      test.use({ javaScriptEnabled: false });

      test('a sample request lands on the pre-filled form; Tab reaches the first empty field; the thank-you page names the reference', async ({
        page,
      }) => {
        await requestSample(page);
        await expect(page.getByText(note(named), { exact: true })).toBeInViewport();
        await expect(page.getByLabel(ui.topicLabel)).toHaveValue('samples');
        await expect(details(page)).toBeVisible();
        // The address's #form is where sequential focus starts: the first Tab is the first empty field.
        await page.keyboard.press('Tab');
        await expect(page.getByLabel(label.firstName)).toBeFocused();

        const marker = `request-nojs-${viewport.width}-${Date.now()}`;
        await fillTheRest(page, marker);
        await page.getByRole('button', { name: formText.submitLabel }).click();
        await expect(page).toHaveURL(new RegExp(`${routes.contactThanks}\\?`));
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(companyPage('contact').thanks.heading);
        const [stored] = await storedWith(marker);
        expect(stored?.message).toMatchObject({
          country: 'Viet Nam',
          quantity: '2 kg',
          regarding: expect.stringContaining(named),
        });
        await expectConfirmation(page, referenceOf(stored!.id));
      });

      test('the details show only while the chosen topic asks for them', async ({ page }) => {
        await page.goto(routes.contact);
        await expect(details(page)).toBeHidden();
        await page.getByLabel(ui.topicLabel).selectOption(detailsTopic.id);
        await expect(details(page)).toBeVisible();
        await page.getByLabel(ui.topicLabel).selectOption(plainTopic.id);
        await expect(details(page)).toBeHidden();
      });
    });
  });
}

test('every request link of an item page lands on the form with a note and focus', async ({ page }) => {
  await page.goto(itemPage);
  const main = page.getByRole('main');
  const links = [catalogueWords.requestSample, catalogueWords.askAboutProduct, catalogueWords.requestDataSheet];
  const hrefs = [];
  for (const name of links) {
    const link = main.getByRole('link', { name, exact: true });
    if (await link.count()) hrefs.push(await link.first().getAttribute('href'));
  }
  expect(hrefs.length).toBeGreaterThanOrEqual(2);
  for (const href of hrefs) {
    expect(href).toMatch(/#form$/);
    await page.goto(href!);
    await expect(page.getByText(note(named), { exact: true })).toBeInViewport();
    await expect(page.getByLabel(ui.formLabels.firstName)).toBeFocused();
  }
});

test('a link naming a technology says so in the note; a plain /contact has no note and takes no focus', async ({
  page,
}) => {
  const [technology] = offerings('technologies');
  await page.goto(`${routes.contact}?topic=${plainTopic.id}&about=${technology!.slug}#form`);
  await expect(page.getByText(note(technology!.title), { exact: true })).toBeVisible();
  await page.goto(routes.contact);
  await expect(page.getByText(note(technology!.title), { exact: true })).toHaveCount(0);
  await expect(page.locator('body')).toBeFocused();
});
