import { expect, test, type Page } from '@playwright/test';
import { readLocalMessages } from '../../scripts/lib/local-messages.mjs';
import { identity, recordScripts, wide } from './support';

test.use({ viewport: wide });

async function ready(page: Page, path = '/contact') {
  await page.goto(path);
  await page.locator('#form').scrollIntoViewIfNeeded();
  await expect(page.locator('astro-island[component-url*="ContactForm"]:not([ssr])')).toHaveCount(1);
}

async function fill(page: Page, values: { first?: string; last?: string; email?: string; company?: string; message?: string } = {}) {
  await page.getByLabel('First Name').fill(values.first ?? 'Ada');
  await page.getByLabel('Last Name').fill(values.last ?? 'Lovelace');
  await page.getByLabel('Email').fill(values.email ?? 'ada@example.org');
  await page.getByLabel('Company').fill(values.company ?? 'Analytical Looms');
  await page.getByLabel('Message').fill(values.message ?? 'Please send samples of the lavender finish.');
}

const fields = ['First Name', 'Last Name', 'Email', 'Company', 'Message'];

test('the contact list: e-mail, two phone numbers and the three offices', async ({ page }) => {
  await page.goto('/contact');
  const main = page.getByRole('main');
  await expect(main.locator(`a[href="mailto:${identity.emails.general}"]`)).toBeVisible();
  await expect(main.locator('a[href^="tel:+"]')).toHaveCount(2);
  for (const city of ['Bangkok', 'Thane West', 'Freetown']) await expect(main.getByRole('heading', { name: new RegExp(city) })).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Send us a Message' })).toBeVisible();
});

test('the form: labelled fields, required ones, e-mail type, five rows', async ({ page }) => {
  await page.goto('/contact');
  for (const label of fields) await expect(page.getByLabel(label)).toBeVisible();
  for (const label of ['First Name', 'Last Name', 'Email', 'Message']) await expect(page.getByLabel(label)).toHaveAttribute('required', '');
  await expect(page.getByLabel('Company')).not.toHaveAttribute('required', '');
  await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');
  await expect(page.getByLabel('Message')).toHaveAttribute('rows', '5');
});

test('a message is sent: success toast, fields cleared, message in the store', async ({ page }) => {
  const marker = `e2e-${Date.now()}`;
  const posted: unknown[] = [];
  page.on('request', (r) => r.url().endsWith('/api/send-contact-email') && posted.push(r.postDataJSON()));
  await ready(page);
  await fill(page, { first: '  Ada ', last: ' Lovelace ', message: `Samples please (${marker})` });
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Message sent successfully!')).toBeVisible();
  await expect(page.getByText("Thank you for contacting us. We'll get back to you soon.")).toBeVisible();
  for (const label of fields) await expect(page.getByLabel(label)).toHaveValue('');
  expect(posted).toEqual([{ name: 'Ada Lovelace', email: 'ada@example.org', company: 'Analytical Looms', message: `Samples please (${marker})` }]);
  const stored = (await readLocalMessages()).find((r) => r.message.message.includes(marker));
  expect(stored).toMatchObject({ status: 'pending', message: { name: 'Ada Lovelace', email: 'ada@example.org' } });
});

test('a failed send: destructive toast, values kept, error logged', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.route('**/api/send-contact-email', (route) => route.fulfill({ status: 500, body: '{"error":"boom"}' }));
  await ready(page);
  await fill(page);
  await page.getByRole('button', { name: 'Send Message' }).click();
  const toast = page.locator('[data-sonner-toast][data-type="error"]');
  await expect(toast).toContainText('Error sending message');
  await expect(toast).toContainText('Please try again or contact us directly.');
  await expect(page.getByLabel('First Name')).toHaveValue('Ada');
  await expect(page.getByLabel('Message')).toHaveValue('Please send samples of the lavender finish.');
  expect(errors.some((e) => e.includes('Error sending message'))).toBe(true);
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
  await page.getByRole('button', { name: 'Send Message' }).click();
  const sending = page.getByRole('button', { name: 'Sending...' });
  await expect(sending).toBeDisabled();
  release();
  await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
});

test('the browser checks required fields and the e-mail format before sending', async ({ page }) => {
  let posts = 0;
  page.on('request', (r) => r.url().endsWith('/api/send-contact-email') && posts++);
  await ready(page);
  await page.getByRole('button', { name: 'Send Message' }).click();
  expect(await page.getByLabel('First Name').evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
  await fill(page, { email: 'not-an-address' });
  await page.getByRole('button', { name: 'Send Message' }).click();
  expect(await page.getByLabel('Email').evaluate((el: HTMLInputElement) => el.validity.typeMismatch)).toBe(true);
  expect(posts).toBe(0);
});

test('a topic link pre-fills the message; unknown values are ignored', async ({ page }) => {
  await ready(page, '/contact?topic=technical-data&about=microencapsulation');
  await expect(page.getByLabel('Message')).toHaveValue(/^I would like to request technical data for Microencapsulation\.\s*$/);
  await ready(page, '/contact?topic=nonsense&about=microencapsulation');
  await expect(page.getByLabel('Message')).toHaveValue('');
});

test('the form island is the only script of the page at 1280 px and loads when visible', async ({ page }) => {
  const scripts = recordScripts(page);
  await ready(page);
  expect(scripts.some((u) => u.includes('ContactForm'))).toBe(true);
  expect(scripts.some((u) => u.includes('Disclosure'))).toBe(false);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the form posts and lands on the thank-you page, and the message is stored', async ({ page }) => {
    const marker = `nojs-${Date.now()}`;
    await page.goto('/contact');
    await fill(page, { message: `No script here (${marker})` });
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page).toHaveURL('/contact/thanks');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Message sent successfully!');
    const stored = (await readLocalMessages()).find((r) => r.message.message.includes(marker));
    expect(stored?.message.name).toBe('Ada Lovelace');
  });

  test('a refused message comes back with the reason and every value kept', async ({ page }) => {
    await page.goto('/contact');
    await fill(page, { email: 'ada@example', message: 'Keep me please' });
    // ada@example passes the browser's check but not the server's.
    const [answer] = await Promise.all([
      page.waitForResponse('**/api/send-contact-email'),
      page.getByRole('button', { name: 'Send Message' }).click(),
    ]);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Please check your message');
    // The function sends the page's own policy (Netlify adds no netlify.toml headers to function
    // answers), and the one inline stylesheet it allows is applied.
    expect(answer.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await expect(page.getByRole('alert')).toHaveCSS('background-color', 'rgb(254, 242, 242)');
    await expect(page.getByRole('alert')).toContainText('Email must be a valid e-mail address');
    await expect(page.getByLabel('First Name')).toHaveValue('Ada');
    await expect(page.getByLabel('Message')).toHaveValue('Keep me please');
  });
});
