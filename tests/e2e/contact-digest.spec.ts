/**
 * Past the hourly cap on contact e-mails (CONTACT_MAIL_PER_HOUR, decision 0046), in the browser:
 * every visitor is thanked with a reference to read out, with JavaScript and without it; the
 * messages within the cap reach the mail server alone, the others wait, and the retry run of the
 * same hour sends them together in one digest e-mail, on the slot the cap keeps for digests
 * (decision 0074), that names each by the reference its visitor was shown.
 *
 * It runs a site of its own, as the offline tests do: the production build served by the same
 * local Netlify as `npm start`, with its own Blobs store (a temporary folder), an SMTP server of
 * the test's own on loopback and a cap of three e-mails an hour (two alone, one digest), so the suite's shared server and
 * store are untouched. Functions run in this process and read its environment, which the test
 * sets while its site runs and restores after.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { startTestSite } from '../support/test-site.mjs';
import { localStoreOf, openStore } from '../../src/server/operator-store.mjs';
import { referenceQuery, routes } from '../../src/model/routes';
import { readContent, ui, wide } from './support';

const formText = readContent('contact-form.json');
const label = ui.formLabels;
const referencePattern = /^[2-9A-HJKMNP-TV-Z]{4}-[2-9A-HJKMNP-TV-Z]{4}$/;

test.use({ viewport: wide });

/** An SMTP server on loopback that keeps every message it is given. */
async function startInbox() {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then((mail) => {
        received.push(mail);
        callback();
      }, callback);
    },
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    stop: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/** The production build on a free port with the site's functions, a store of its own and `env`. */
async function ownSite(env: Record<string, string>) {
  const root = mkdtempSync(join(tmpdir(), 'site-digest-'));
  const before = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
  Object.assign(process.env, env);
  const site = await startTestSite({ root, log: () => {} });
  return {
    url: site.url as string,
    /** The site's message store, as `npm run messages` opens it. */
    store: () => openStore({ name: 'contact-messages', directory: localStoreOf(root) }),
    async close() {
      await site.close();
      for (const [name, value] of Object.entries(before)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** One retry run, as Netlify's scheduler starts it (the local server runs it when asked). */
const retryRun = (url: string) => fetch(`${url}/.netlify/functions/retry-contact-emails`, { method: 'POST' });

/** Sends one message from the contact page with JavaScript; returns the reference shown. */
async function sendWithScript(page: Page, url: string, name: string) {
  await page.goto(`${url}${routes.contact}`);
  await page.locator('#form').scrollIntoViewIfNeeded();
  await expect(page.locator('astro-island[component-url*="ContactForm"]:not([ssr])')).toHaveCount(1);
  const [first, last] = name.split(' ');
  await page.getByLabel(label.firstName).fill(first!);
  await page.getByLabel(label.lastName).fill(last!);
  await page.getByLabel(label.email).fill(`${first!.toLowerCase()}@example.org`);
  await page.getByLabel(label.company).fill(`${last} Textiles`);
  await page.getByLabel(label.message).fill(`Please quote 500 kg of binder, ${name}.`);
  await page.getByRole('button', { name: formText.submitLabel }).click();
  const shown = page.locator('[data-reference]');
  await expect(shown).toHaveCount(1);
  const reference = (await shown.getAttribute('data-reference'))!;
  expect(reference).toMatch(referencePattern);
  await expect(shown).toHaveText(formText.confirmation.reference.replace('{reference}', reference));
  return reference;
}

test('past the hourly cap, every visitor gets a reference, and the held messages reach the mailbox as one digest that names them', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // All four messages in one clock hour: a test that starts in the last minute of one waits.
  const toNextHour = 3_600_000 - (Date.now() % 3_600_000);
  if (toNextHour < 60_000) await page.waitForTimeout(toNextHour + 1_000);

  const inbox = await startInbox();
  const site = await ownSite({
    SMTP_URL: inbox.url,
    CONTACT_TO: 'sales@example.com',
    CONTACT_FROM: 'website@example.com',
    CONTACT_MAIL_PER_HOUR: '3',
  });
  try {
    // Two within the cap, one past it, with JavaScript.
    const alone = [
      await sendWithScript(page, site.url, 'Ada Lovelace'),
      await sendWithScript(page, site.url, 'Grace Hopper'),
    ];
    const heldWithScript = await sendWithScript(page, site.url, 'Katherine Johnson');

    // One more past it, without JavaScript: the thank-you page shows its reference.
    const plain = await browser.newContext({ javaScriptEnabled: false, viewport: wide });
    let heldWithoutScript: string;
    try {
      const noScript = await plain.newPage();
      await noScript.goto(`${site.url}${routes.contact}`);
      await noScript.getByLabel(label.firstName).fill('Mary');
      await noScript.getByLabel(label.lastName).fill('Jackson');
      await noScript.getByLabel(label.email).fill('mary@example.org');
      await noScript.getByLabel(label.message).fill('Wind tunnel fabric, please call me.');
      await noScript.getByRole('button', { name: formText.submitLabel }).click();
      await expect(noScript).toHaveURL(new RegExp(`${routes.contactThanks}\\?${referenceQuery}=`));
      heldWithoutScript = new URL(noScript.url()).searchParams.get(referenceQuery)!;
      expect(heldWithoutScript).toMatch(referencePattern);
      await expect(
        noScript.getByText(formText.confirmation.reference.replace('{reference}', heldWithoutScript)),
      ).toBeVisible();
    } finally {
      await plain.close();
    }

    // The two within the cap went alone, each naming its reference; the others wait.
    await expect.poll(() => inbox.received.length).toBe(2);
    expect(inbox.received.map((mail) => mail.subject!.split('ref. ')[1]).sort()).toEqual([...alone].sort());

    // The retry run of the same hour sends the others in one digest, on the slot kept for it.
    expect((await retryRun(site.url)).status).toBe(204);
    await expect.poll(() => inbox.received.length).toBe(3);
    const digest = inbox.received[2]!;
    const held = [heldWithScript, heldWithoutScript];
    expect(digest.subject).toBe(
      `Website enquiries: 2 messages in one e-mail (hourly limit reached), ref. ${held.join(', ')}`,
    );
    expect(digest.to && 'text' in digest.to ? digest.to.text : '').toBe('sales@example.com');
    // Two visitors: no Reply-To for both; each part names its sender.
    expect(digest.replyTo).toBeUndefined();
    for (const [reference, name, email] of [
      [heldWithScript, 'Katherine Johnson', 'katherine@example.org'],
      [heldWithoutScript, 'Mary Jackson', 'mary@example.org'],
    ] as const)
      expect(digest.text).toContain(`Reference: ${reference}\nName: ${name}\nEmail: ${email}\n`);
    expect(digest.text).toContain('Company: Johnson Textiles');
    expect(digest.text).toContain('Wind tunnel fabric, please call me.');
    for (const reference of alone) expect(digest.text).not.toContain(reference);

    // Nothing waits any more, and nothing goes twice: three e-mails in the hour, the cap.
    expect((await retryRun(site.url)).status).toBe(204);
    expect(inbox.received).toHaveLength(3);
    const { store, close } = await site.store();
    try {
      expect((await store!.list({ prefix: 'mail-slots/' })).blobs).toHaveLength(3);
    } finally {
      await close();
    }
  } finally {
    await site.close();
    await inbox.stop();
  }
});
