import { expect, test, type Page } from '@playwright/test';
import { readLocalMessages } from '../../tools/local-netlify/local-messages.mjs';
import { itemLabel, type ItemData } from '../../src/model/catalogue-item';
import { contactErrorsAnchor, referenceQuery, routes } from '../../src/model/routes';
import { referenceOf } from '../../src/contact/reference';
import {
  collectErrors,
  companyPage,
  escapeRegExp,
  identity,
  narrow,
  offerings,
  productsOf,
  readContent,
  recordScripts,
  ui,
  wide,
  siteStore,
} from './support';

const contact = companyPage('contact');
const { form } = contact;
/** The form's own words: labels, button, toasts (src/content/contact-form.json). */
const formText = readContent('contact-form.json');
const label = ui.formLabels;

test.use({ viewport: wide });

async function ready(page: Page, path = '/contact') {
  await page.goto(path);
  await page.locator('#form').scrollIntoViewIfNeeded();
  await expect(page.locator('astro-island[component-url*="ContactForm"]:not([ssr])')).toHaveCount(1);
}

async function fill(
  page: Page,
  values: { first?: string; last?: string; email?: string; company?: string; message?: string } = {},
) {
  await page.getByLabel(label.firstName).fill(values.first ?? 'Ada');
  await page.getByLabel(label.lastName).fill(values.last ?? 'Lovelace');
  await page.getByLabel(label.email).fill(values.email ?? 'ada@example.org');
  await page.getByLabel(label.company).fill(values.company ?? 'Analytical Looms');
  await page.getByLabel(label.message).fill(values.message ?? 'Please send samples of the lavender finish.');
}

const fields = Object.values(label);

/** A sample request, as an item page links to it: /contact?topic=samples&about=<category>/<item>. */
const [category] = offerings('categories');
const [sampleItem] = productsOf(category!.slug);
const sampleRequest = {
  path: `/contact?topic=samples&about=${category!.slug}/${sampleItem!.id}`,
  about: `${category!.slug}/${sampleItem!.id}`,
  label: itemLabel(sampleItem!.data as unknown as ItemData),
};

async function expectSampleRequest(page: Page) {
  await expect(page.getByLabel(label.message)).toHaveValue(new RegExp(`^${escapeRegExp(sampleRequest.label)}: `));
  await expect(page.getByLabel(ui.topicLabel)).toHaveValue('samples');
  await expect(page.locator('input[name="about"]')).toHaveValue(sampleRequest.about);
}

/** A refused message's reasons: in a box above the form and under the field, every value kept. */
async function expectRefusedEmail(page: Page, values: { first: string; message: string }) {
  const alert = page.getByRole('alert').filter({ hasText: ui.refusedHeading });
  await expect(alert).toContainText('Email must be a valid e-mail address');
  const email = page.getByLabel(label.email);
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription('Email must be a valid e-mail address');
  await expect(page.getByLabel(label.firstName)).toHaveValue(values.first);
  await expect(page.getByLabel(label.message)).toHaveValue(values.message);
}
const required = [label.firstName, label.lastName, label.email, label.message];

test("the contact list: the identity file's e-mail, phone numbers and offices", async ({ page }) => {
  await page.goto('/contact');
  const main = page.getByRole('main');
  await expect(main.locator(`a[href="mailto:${identity.emails.general}"]`)).toBeVisible();
  await expect(main.locator('a[href^="tel:"]')).toHaveCount(identity.phones.length);
  for (const phone of identity.phones) await expect(main.locator(`a[href="tel:${phone.tel}"]`)).toBeVisible();
  for (const { city } of identity.offices) await expect(main.getByRole('heading', { name: city })).toBeVisible();
  await expect(main.getByRole('heading', { name: form.heading, exact: true })).toBeVisible();
});

test('the form: labelled fields, required ones, e-mail type, five rows', async ({ page }) => {
  await page.goto('/contact');
  for (const label of fields) await expect(page.getByLabel(label)).toBeVisible();
  for (const field of required) await expect(page.getByLabel(field)).toHaveAttribute('required', '');
  await expect(page.getByLabel(label.company)).not.toHaveAttribute('required', '');
  await expect(page.getByLabel(label.email)).toHaveAttribute('type', 'email');
  await expect(page.getByLabel(label.message)).toHaveAttribute('rows', '5');
});

test('a message is sent: success toast, fields cleared, message in the store', async ({ page }) => {
  const marker = `e2e-${Date.now()}`;
  const posted: unknown[] = [];
  page.on('request', (r) => r.url().endsWith('/api/send-contact-email') && posted.push(r.postDataJSON()));
  await ready(page);
  await fill(page, { first: '  Ada ', last: ' Lovelace ', message: `Samples please (${marker})` });
  await page.getByRole('button', { name: formText.submitLabel }).click();
  await expect(page.getByText(formText.success.title)).toBeVisible();
  await expect(page.getByText(formText.success.text)).toBeVisible();
  for (const field of fields) await expect(page.getByLabel(field)).toHaveValue('');
  // With the id the browser gave the message (src/contact/browser-id.ts).
  expect(posted).toEqual([
    {
      name: 'Ada Lovelace',
      email: 'ada@example.org',
      company: 'Analytical Looms',
      message: `Samples please (${marker})`,
      messageId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    },
  ]);
  const stored = (await readLocalMessages(siteStore)).find((r) => r.message.message.includes(marker));
  expect(stored).toMatchObject({ status: 'pending', message: { name: 'Ada Lovelace', email: 'ada@example.org' } });
});

test('a send the server refuses: destructive toast, values kept, error logged', async ({ page }) => {
  const errors = collectErrors(page);
  // A refusal another attempt would get too (a 5xx or no answer keeps the message instead: contact-outbox.spec.ts).
  await page.route('**/api/send-contact-email', (route) =>
    route.fulfill({ status: 403, body: '{"error":"Messages can only be sent from this site"}' }),
  );
  await ready(page);
  await fill(page);
  await page.getByRole('button', { name: formText.submitLabel }).click();
  const toast = page.locator('[data-sonner-toast][data-type="error"]');
  await expect(toast).toContainText(formText.failure.title);
  await expect(toast).toContainText(formText.failure.text);
  await expect(page.getByLabel(label.firstName)).toHaveValue('Ada');
  await expect(page.getByLabel(label.message)).toHaveValue('Please send samples of the lavender finish.');
  expect(errors.some((e) => e.includes(formText.failure.title))).toBe(true);
  // Its close button is a target of at least 24 by 24 px (WCAG 2.2, 2.5.8), and closes it.
  const close = toast.locator('[data-close-button]');
  const box = (await close.boundingBox())!;
  // Layout measures in fractions of a pixel: 23.99999 is the 24 px the stylesheet sets.
  expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(24 - 0.01);
  await close.click();
  await expect(toast).toBeHidden();
});

test('a 500: the failure toast, every value kept, the error logged, nothing kept for later; sent again, stored once', async ({
  page,
}) => {
  const marker = `e2e-500-${Date.now()}`;
  const errors = collectErrors(page);
  const ids: string[] = [];
  let failed = 0;
  // The first post is stored, then answered 500 (a fault after the store had it).
  await page.route('**/api/send-contact-email', async (route) => {
    ids.push(route.request().postDataJSON().messageId);
    const response = await route.fetch();
    if (failed++ > 0) return route.fulfill({ response });
    await route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Something went wrong"}' });
  });
  await ready(page);
  await page.getByLabel(ui.topicLabel).selectOption('samples');
  await fill(page, { message: `A 500 (${marker})` });
  await page.getByRole('button', { name: formText.submitLabel }).click();
  const toast = page.locator('[data-sonner-toast][data-type="error"]');
  await expect(toast).toContainText(formText.failure.title);
  await expect(toast).toContainText(formText.failure.text);
  await expect(page.getByLabel(label.message)).toHaveValue(`A 500 (${marker})`);
  await expect(page.getByLabel(label.company)).toHaveValue('Analytical Looms');
  await expect(page.getByLabel(ui.topicLabel)).toHaveValue('samples');
  expect(errors.some((e) => e.includes(formText.failure.title) && e.includes('500'))).toBe(true);
  await expect(page.getByRole('region', { name: formText.kept.heading })).toHaveCount(0);
  // Nowhere on the page (the contact page's note for #kept stays hidden too).
  await expect(page.getByText(formText.kept.title).filter({ visible: true })).toHaveCount(0);

  // Tried again unchanged: the same id, so the one stored copy stays the only one.
  await page.getByRole('button', { name: formText.submitLabel }).click();
  await expect(page.getByText(formText.success.title)).toBeVisible();
  expect(ids).toHaveLength(2);
  expect(ids[1]).toBe(ids[0]);
  expect((await readLocalMessages(siteStore)).filter((r) => r.message.message.includes(marker))).toHaveLength(1);
  // The form keeps the topic it was on, for the next request.
  await expect(page.getByLabel(ui.topicLabel)).toHaveValue('samples');
  await expect(page.getByLabel(label.message)).toHaveValue('');
});

test('a field the server refuses is marked with its reason, focused, and every value kept', async ({ page }) => {
  await ready(page);
  // Passes the browser's checks, but a name needs a letter or digit: the server answers 400.
  await fill(page, { first: '--', last: '!!' });
  await page.getByRole('button', { name: formText.submitLabel }).click();
  const first = page.getByLabel(label.firstName);
  await expect(first).toHaveAttribute('aria-invalid', 'true');
  const reason = page.locator(`#${await first.getAttribute('id')}-error`);
  await expect(reason).toContainText(/letter or digit/);
  await expect(first).toHaveAccessibleDescription(await reason.innerText());
  await expect(first).toBeFocused();
  await expect(page.getByLabel(label.email)).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel(label.message)).toHaveValue('Please send samples of the lavender finish.');
  await expect(page.locator('[data-sonner-toast][data-type="error"]')).toBeVisible();
  expect((await readLocalMessages(siteStore)).some((m) => m.message.name === '-- !!')).toBe(false);
});

test('while sending, the button is disabled and says "Sending..."', async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/send-contact-email', async (route) => {
    await held;
    await route.fulfill({ status: 200, contentType: 'application/json', body: '{"ok":true}' });
  });
  await ready(page);
  await fill(page);
  await page.getByRole('button', { name: formText.submitLabel }).click();
  const sending = page.getByRole('button', { name: formText.sendingLabel });
  await expect(sending).toBeDisabled();
  release();
  await expect(page.getByRole('button', { name: formText.submitLabel })).toBeEnabled();
});

test('the browser checks required fields and the e-mail format before sending', async ({ page }) => {
  let posts = 0;
  page.on('request', (r) => r.url().endsWith('/api/send-contact-email') && posts++);
  await ready(page);
  await page.getByRole('button', { name: formText.submitLabel }).click();
  expect(await page.getByLabel(label.firstName).evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(
    true,
  );
  await fill(page, { email: 'not-an-address' });
  await page.getByRole('button', { name: formText.submitLabel }).click();
  expect(await page.getByLabel(label.email).evaluate((el: HTMLInputElement) => el.validity.typeMismatch)).toBe(true);
  expect(posts).toBe(0);
});

test('a topic link pre-fills the message; unknown values are ignored', async ({ page }) => {
  const [topic] = readContent('topics.json') as unknown as { id: string; sentence: string }[];
  const [technology] = offerings('technologies');
  const sentence = topic!.sentence.replaceAll('{about}', technology!.title);
  await ready(page, `/contact?topic=${topic!.id}&about=${technology!.slug}`);
  await expect(page.getByLabel(label.message)).toHaveValue(new RegExp(`^${escapeRegExp(sentence)}\\s*$`));
  await ready(page, `/contact?topic=no-such-topic&about=${technology!.slug}`);
  await expect(page.getByLabel(label.message)).toHaveValue('');
});

test('a sample request pre-fills the topic, the item and the message, and the island takes over', async ({ page }) => {
  const errors = collectErrors(page);
  await ready(page, sampleRequest.path);
  await expectSampleRequest(page);
  // The page rendered on demand: the island hydrated under its policy, and it sends JSON.
  const posted: unknown[] = [];
  page.on('request', (r) => r.url().endsWith(routes.contactEndpoint) && posted.push(r.postDataJSON()));
  await page.route(`**${routes.contactEndpoint}`, (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '{"ok":true}' }),
  );
  await fill(page);
  await page.getByRole('button', { name: formText.submitLabel }).click();
  await expect(page.getByText(formText.success.title)).toBeVisible();
  expect(posted).toEqual([expect.objectContaining({ topic: 'samples', about: sampleRequest.about })]);
  expect(errors).toEqual([]);
});

test('an e-mail address the server refuses is marked in the form, every value kept', async ({ page }) => {
  await ready(page);
  await fill(page, { email: 'ada@example', message: 'Keep me please' });
  await page.getByRole('button', { name: formText.submitLabel }).click();
  const email = page.getByLabel(label.email);
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription('Email must be a valid e-mail address');
  await expect(email).toBeFocused();
  await expect(page.getByLabel(label.message)).toHaveValue('Keep me please');
});

test('a form sent past the script and refused comes back as the same island, hydrated, with its reasons', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await ready(page);
  await fill(page, { email: 'ada@example', message: 'Keep me please' });
  // submit() skips the island's handler: the browser posts the form as it would without JavaScript.
  await page.locator(`form[action="${routes.contactEndpoint}"]`).evaluate((form: HTMLFormElement) => form.submit());
  await expect(page).toHaveURL(`${routes.contactForm}#${contactErrorsAnchor}`);
  await expect(page.locator('astro-island[component-url*="ContactForm"]:not([ssr])')).toHaveCount(1);
  await expectRefusedEmail(page, { first: 'Ada', message: 'Keep me please' });
  // Nothing refused by the page's policy; the browser reports the page's own status 400.
  expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
});

test('the form island is the only script of the page at 1280 px and loads when visible', async ({ page }) => {
  const scripts = recordScripts(page);
  await ready(page);
  expect(scripts.some((u) => u.includes('ContactForm'))).toBe(true);
  const components = await page
    .locator('astro-island')
    .evaluateAll((islands) => islands.map((island) => island.getAttribute('component-url')!));
  const loaded = components.filter((url) => scripts.some((script) => new URL(script).pathname === url));
  expect(loaded.map((url) => url.includes('ContactForm'))).toEqual([true]);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the form posts and lands on the thank-you page, and the message is stored', async ({ page }) => {
    const marker = `nojs-${Date.now()}`;
    await page.goto('/contact');
    await fill(page, { message: `No script here (${marker})` });
    await page.getByRole('button', { name: formText.submitLabel }).click();
    await expect(page).toHaveURL(new RegExp(`${routes.contactThanks}\\?${referenceQuery}=`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(contact.thanks.heading);
    const stored = (await readLocalMessages(siteStore)).find((r) => r.message.message.includes(marker));
    expect(stored?.message.name).toBe('Ada Lovelace');
    // The address carries the message's reference (the page shows it: contact-request.spec.ts).
    expect(new URL(page.url()).searchParams.get(referenceQuery)).toBe(referenceOf(stored!.id));
  });

  test('a sample request pre-fills the topic, the item and the message', async ({ page }) => {
    const response = await page.goto(sampleRequest.path);
    expect(response?.status()).toBe(200);
    await expectSampleRequest(page);
  });

  test('a refused message comes back in the same form with the reason and every value kept', async ({ page }) => {
    await page.goto('/contact');
    await fill(page, { email: 'ada@example', message: 'Keep me please' });
    // ada@example passes the browser's check but not the server's: the function hands the form
    // to the contact page rendered on demand.
    const [answer] = await Promise.all([
      page.waitForResponse(`**${routes.contactForm}`),
      page.getByRole('button', { name: formText.submitLabel }).click(),
    ]);
    expect(answer.status()).toBe(400);
    // The contact page itself, with the site's headers (Netlify adds no netlify.toml headers to
    // a function's answer), and its stylesheet applied under its policy.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(contact.hero.heading);
    expect(answer.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await expect(page.getByRole('alert')).not.toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
    await expectRefusedEmail(page, { first: 'Ada', message: 'Keep me please' });
    // Corrected, it goes through.
    const marker = `nojs-fixed-${Date.now()}`;
    await page.getByLabel(label.email).fill('ada@example.org');
    await page.getByLabel(label.message).fill(`Corrected (${marker})`);
    await page.getByRole('button', { name: formText.submitLabel }).click();
    await expect(page).toHaveURL(new RegExp(`${routes.contactThanks}\\?`));
    expect((await readLocalMessages(siteStore)).some((r) => r.message.message.includes(marker))).toBe(true);
  });

  test('on a phone, a refused form opens on its reasons: in view, each a link to its field, the title says so', async ({
    page,
  }) => {
    await page.setViewportSize(narrow);
    await page.goto('/contact');
    await fill(page, { email: 'ada@example', message: 'Keep me please' });
    await page.getByRole('button', { name: formText.submitLabel }).click();
    const summary = page.getByRole('alert').filter({ hasText: ui.refusedHeading });
    await expect(summary).toBeInViewport();
    await expect(page).toHaveTitle(new RegExp(`^${escapeRegExp(formText.correction.pageTitle.split('{title}')[0])}`));
    const link = summary.getByRole('link', { name: 'Email must be a valid e-mail address' });
    await link.click();
    await expect(page.getByLabel(label.email)).toBeInViewport();
    expect(new URL(page.url()).hash).toBe(`#${await page.getByLabel(label.email).getAttribute('id')}`);
  });

  test('a form rendered for the visitor carries an id of its own; posted twice, it is stored once', async ({
    page,
  }) => {
    const marker = `nojs-twice-${Date.now()}`;
    // A page rendered for this visitor (a sample request) writes a fresh id into the form.
    await page.goto(sampleRequest.path);
    const id = await page.locator('input[name="messageId"]').inputValue();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await page.reload();
    expect(await page.locator('input[name="messageId"]').inputValue()).not.toBe(id);
    const form = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.org',
      message: `Twice without script (${marker})`,
      messageId: await page.locator('input[name="messageId"]').inputValue(),
    };
    await page.getByLabel(label.firstName).fill(form.firstName);
    await page.getByLabel(label.lastName).fill(form.lastName);
    await page.getByLabel(label.email).fill(form.email);
    await page.getByLabel(label.message).fill(form.message);
    await page.getByRole('button', { name: formText.submitLabel }).click();
    await expect(page).toHaveURL(new RegExp(`${routes.contactThanks}\\?`));
    // The same post again, as a browser sends it when its first answer was lost.
    const again = await page.request.post(routes.contactEndpoint, {
      form,
      headers: { origin: new URL(page.url()).origin },
      maxRedirects: 0,
    });
    expect(again.status()).toBe(303);
    expect(again.headers().location).toBe(new URL(page.url()).pathname + new URL(page.url()).search);
    const stored = (await readLocalMessages(siteStore)).filter((r) => r.message.message.includes(marker));
    expect(stored.map((r) => r.browserId)).toEqual([form.messageId]);
  });
});
