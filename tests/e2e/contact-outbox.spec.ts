/**
 * Kept enquiries: every message is kept in the browser before it is sent, under the id the browser
 * gave it; a send that got no answer (offline, a stalled link, the tab closed or reloaded) stays
 * kept, listed above the form, can be cancelled, and is sent when the connection is back or when
 * a page of the site next opens, so the server stores it once (src/contact/outbox.ts,
 * src/contact/handler.ts, docs/decisions/0047-kept-before-sending.md).
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { readLocalMessages } from '../../tools/local-netlify/local-messages.mjs';
import { routes } from '../../src/model/routes';
import { offlinePath } from '../../src/offline/requests';
import { referenceOf } from '../../src/contact/reference';
import { outboxDatabase, outboxSentMessage } from '../../src/contact/outbox-store';
import { linkCheckTimeoutMs } from '../../src/hydration/settled';
import { narrow, readContent, saveData, siteStore, ui, wcagAudit, wide } from './support';

/** The form's own words, the kept-message ones included (src/content/contact-form.json). */
const formText = readContent('contact-form.json');
const kept = formText.kept as Record<string, string>;
const label = ui.formLabels;

test.use({ viewport: wide });

const island = 'astro-island[component-url*="ContactForm"]';

async function ready(page: Page) {
  await page.goto('/contact');
  await page.locator('#form').scrollIntoViewIfNeeded();
  await expect(page.locator(`${island}:not([ssr])`)).toHaveCount(1);
}

async function submit(page: Page, message: string) {
  await page.getByLabel(label.firstName, { exact: true }).fill('Ada');
  await page.getByLabel(label.lastName, { exact: true }).fill('Lovelace');
  await page.getByLabel(label.email, { exact: true }).fill('ada@example.org');
  await page.getByLabel(label.message, { exact: true }).fill(message);
  await page.getByRole('button', { name: formText.submitLabel }).click();
}

const keptList = (page: Page) => page.getByRole('region', { name: kept.heading });
/** What the form says of a message on its way: still trying, or kept (src/contact/ContactForm.tsx). */
const formStatus = (page: Page) => page.locator('[data-form-status]');
/** The stored messages whose text holds `marker`. */
const storedWith = async (marker: string) =>
  (await readLocalMessages(siteStore)).filter((r: { message?: { message?: string } }) =>
    r.message?.message?.includes(marker),
  );

/** The message with `marker` is stored once, under the one id every post of it carried; returns it. */
async function expectStoredOnceUnder(marker: string, ids: string[]) {
  const stored = await storedWith(marker);
  expect(stored).toHaveLength(1);
  expect(new Set(ids).size).toBe(1);
  expect(stored[0].browserId).toBe(ids[0]);
  return stored[0] as { id: string };
}

/** Every id the page posted to the contact function. */
function postedIds(page: Page): string[] {
  const ids: string[] = [];
  page.on('request', (r) => r.url().endsWith(routes.contactEndpoint) && ids.push(r.postDataJSON()?.messageId));
  return ids;
}

test('offline: the message is kept and listed; back online it is sent once, under the id of its first attempt', async ({
  page,
  context,
}) => {
  const marker = `outbox-offline-${Date.now()}`;
  const ids = postedIds(page);
  await ready(page);
  await context.setOffline(true);
  await submit(page, `Kept while offline (${marker})`);

  await expect(formStatus(page)).toContainText(kept.title, { timeout: 2_000 });
  await expect(formStatus(page)).toContainText(kept.text);
  const list = keptList(page);
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('listitem')).toContainText(marker);
  await expect(list.getByRole('listitem')).toContainText(kept.waiting);
  // The form is cleared: the message lives in the list now, not in two places.
  await expect(page.getByLabel(label.message, { exact: true })).toHaveValue('');
  expect(await storedWith(marker)).toEqual([]);

  await context.setOffline(false);
  await expect(page.getByText(kept.sent)).toBeVisible();
  await expect(list).toHaveCount(0);
  await expectStoredOnceUnder(marker, ids);
});

test('no answer: two messages kept; one cancelled is never sent, the other goes on the next visit, once', async ({
  page,
  context,
}) => {
  const marker = `outbox-no-answer-${Date.now()}`;
  // On the context, so the service worker's own attempts (Background Sync) get the same answer.
  await context.route(`**${routes.contactEndpoint}`, (route) => route.abort('connectionreset'));
  await ready(page);
  await submit(page, `Cancel me (${marker})`);
  await expect(keptList(page).getByRole('listitem')).toHaveCount(1);
  await submit(page, `Keep me (${marker})`);
  const items = keptList(page).getByRole('listitem');
  await expect(items).toHaveCount(2);

  // The list is accessible like the rest of the page.
  const axe = await wcagAudit(page).include('section[aria-labelledby="kept-heading"]').analyze();
  expect(axe.violations).toEqual([]);

  const cancel = items.filter({ hasText: 'Cancel me' }).getByRole('button', { name: kept.cancel });
  await expect(cancel).toHaveAccessibleDescription(new RegExp(`Cancel me \\(${marker}\\)`));
  await cancel.click();
  await expect(page.getByText(kept.cancelled)).toBeVisible();
  await expect(items).toHaveCount(1);
  await expect(items).toContainText('Keep me');

  // The next visit, with the server answering again.
  await context.unroute(`**${routes.contactEndpoint}`);
  const next = await context.newPage();
  await page.close();
  await ready(next);
  await expect(next.getByText(kept.sent)).toBeVisible();
  await expect(keptList(next)).toHaveCount(0);
  // Said once, whether the page or its worker sent it (or both told of it).
  await next.waitForTimeout(1_000);
  await expect(next.getByText(kept.sent)).toHaveCount(1);
  const stored = await storedWith(marker);
  expect(stored.map((r: { message: { message: string } }) => r.message.message)).toEqual([`Keep me (${marker})`]);
});

test('an answer lost on the way back: the server has the message, the browser sends it again, it is stored once', async ({
  page,
}) => {
  const marker = `outbox-lost-${Date.now()}`;
  const ids = postedIds(page);
  // The page's request reaches the function; its answer never reaches the page.
  await page.route(`**${routes.contactEndpoint}`, async (route) => {
    await route.fetch();
    await route.abort('connectionreset');
  });
  await ready(page);
  await submit(page, `Answer lost (${marker})`);
  await expect(keptList(page).getByRole('listitem')).toHaveCount(1);
  expect(await storedWith(marker)).toHaveLength(1);

  // The link is back, without a reload and without an "online" event: the page tries again by
  // itself, under the same id; the server keeps the one copy and names it, and the page says so.
  await page.unroute(`**${routes.contactEndpoint}`);
  await expect(page.getByText(kept.sent)).toBeVisible({ timeout: 15_000 });
  await expect(keptList(page)).toHaveCount(0);
  const stored = await expectStoredOnceUnder(marker, ids);
  await expect(page.locator(`[data-reference="${referenceOf(stored.id)}"]`)).toBeVisible();
});

test('a link that refuses connections: at once the form says the message is kept; when the link is back, its reference shows, also when the worker sends it as the visitor leaves', async ({
  page,
  context,
}) => {
  const marker = `outbox-refused-${Date.now()}`;
  // Down, up, or up for the service worker alone (the page's own tries still refused).
  let link: 'down' | 'up' | 'worker' = 'down';
  await context.route(`**${routes.contactEndpoint}`, (route) =>
    link === 'up' || (link === 'worker' && route.request().serviceWorker())
      ? route.continue()
      : route.abort('connectionrefused'),
  );
  await ready(page);
  await submit(page, `Refused link (${marker})`);
  // Within two seconds of the click, and it stays said while the message waits.
  await expect(formStatus(page)).toContainText(kept.title, { timeout: 2_000 });
  await expect(formStatus(page)).toContainText(kept.text);
  await expect(keptList(page).getByRole('listitem')).toContainText(kept.waiting);
  await expect(page.getByRole('button', { name: formText.submitLabel })).toBeEnabled();

  link = 'up';
  // No "online" event: the page tries again by itself, and says where the message stands.
  await expect.poll(async () => (await storedWith(marker)).length, { timeout: 15_000 }).toBe(1);
  const [stored] = await storedWith(marker);
  await expect(page.locator(`[data-reference="${referenceOf(stored.id)}"]`)).toBeVisible({ timeout: 5_000 });
  await expect(formStatus(page)).toBeEmpty();
  await expect(keptList(page)).toHaveCount(0);

  // Kept again; the worker sends it on the navigation away from this page, and the page being left
  // hears it in its last moment: the next contact page still gives its reference (decision 0078).
  link = 'down';
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await submit(page, `Sent as the visitor leaves (${marker}-left)`);
  await expect(keptList(page).getByRole('listitem')).toContainText(kept.waiting);
  let told = () => {};
  const heard = new Promise<void>((resolve) => (told = resolve));
  await page.exposeFunction('workerTold', () => told());
  await page.evaluate(
    ([key, database]) =>
      navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => {
        if (!(event.data as Record<string, unknown> | null)?.[key]) return;
        // A read of the `sent` store after the island heard it waits for any change it began there.
        const open = indexedDB.open(database);
        open.onsuccess = () => {
          const read = open.result.transaction('sent');
          read.objectStore('sent').count();
          read.oncomplete = () => (window as unknown as { workerTold(): void }).workerTold();
        };
      }),
    [outboxSentMessage, outboxDatabase] as const,
  );
  // The next page's answer waits until this page has heard the worker.
  await context.route(
    (url) => url.searchParams.get('left') === marker,
    async (route) => {
      await heard;
      await route.continue();
    },
  );
  link = 'worker';
  await page.goto(`${routes.about}?left=${marker}`);
  const [left, ...more] = await storedWith(`${marker}-left`);
  expect(more).toHaveLength(0);
  link = 'up';
  await page.goto(routes.contact);
  await expect(page.locator(`[data-reference="${referenceOf(left.id)}"]`)).toBeVisible();
  await expect(keptList(page)).toHaveCount(0);
  // Shown once more, not again.
  await ready(page);
  await page.waitForTimeout(1_500);
  await expect(page.locator('[data-reference]')).toHaveCount(0);
});

test('a stalled link that loses the answer: within seconds the form says it is still trying and the message is kept; the reference shows once the link is back', async ({
  page,
  context,
}) => {
  const marker = `outbox-stalled-${Date.now()}`;
  const ids = postedIds(page);
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let first = true;
  await context.route(`**${routes.contactEndpoint}`, async (route) => {
    if (!first) return route.continue();
    first = false;
    // The post reaches the server; its answer stalls on the way back until the link recovers.
    await route.fetch();
    await released;
    await route.abort('connectionreset').catch(() => undefined);
  });
  await ready(page);
  await submit(page, `Stalled link (${marker})`);
  await expect(formStatus(page)).toContainText(kept.stillTrying, { timeout: 6_000 });
  await expect(formStatus(page)).toContainText(kept.title);
  // Still the page's own send: the button says so, and cannot send it twice.
  await expect(page.getByRole('button', { name: formText.sendingLabel })).toBeDisabled();
  expect(await storedWith(marker)).toHaveLength(1);

  // The link comes back: the stalled connection drops, and no reload follows.
  release();
  const stored = await storedWith(marker);
  // Within 15 s of the link coming back: the wait's own limit.
  await expect(page.locator(`[data-reference="${referenceOf(stored[0].id)}"]`)).toBeVisible({ timeout: 15_000 });
  await expect(formStatus(page)).toBeEmpty();
  await expectStoredOnceUnder(marker, ids);
});

/**
 * Holds the first post to the contact function (a stalled link) until `release`; the rest go
 * through. `posted` resolves once that first post has left the browser.
 */
async function stallFirstPost(context: BrowserContext) {
  let seen: () => void = () => {};
  const posted = new Promise<void>((resolve) => (seen = resolve));
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let stalled = 0;
  await context.route(`**${routes.contactEndpoint}`, async (route) => {
    if (stalled++ > 0) return route.continue();
    seen();
    // Not answered until the page has gone; then the stalled link drops.
    await released;
    await route.abort('connectionreset').catch(() => undefined);
  });
  return { posted, release };
}

for (const leave of ['close', 'reload'] as const) {
  test(`a tab ${leave === 'close' ? 'closed' : 'reloaded'} while sending on a stalled link: the message arrives once when a page opens`, async ({
    browser,
  }) => {
    const marker = `outbox-${leave}-${Date.now()}`;
    const context = await browser.newContext({ viewport: narrow });
    try {
      const page = await context.newPage();
      // An earlier page of the visit installed the worker.
      await page.goto(routes.home);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      await ready(page);
      const stall = await stallFirstPost(context);
      await submit(page, `Left while sending (${marker})`);
      // The post has left (so the message was kept before it): the visitor goes at once.
      await stall.posted;
      let next = page;
      if (leave === 'close') {
        const closing = page.close();
        await new Promise((resolve) => setTimeout(resolve, 300));
        stall.release();
        await closing;
        next = await context.newPage();
        await next.goto(routes.about);
      } else {
        await page.reload({ waitUntil: 'commit' });
        stall.release();
      }
      await expect.poll(async () => (await storedWith(marker)).length, { timeout: 15_000 }).toBe(1);
      // Whoever sent it (the worker on the navigation, or the page), the contact page gives its reference.
      if (leave === 'close') await next.goto(routes.contact);
      const [stored] = await storedWith(marker);
      await expect(next.locator(`[data-reference="${referenceOf(stored.id)}"]`)).toBeVisible();
      // Later pages find nothing more to send, and have nothing more to say.
      await next.goto(routes.contact);
      await next.waitForTimeout(1_500);
      await expect(next.locator('[data-reference]')).toHaveCount(0);
      expect(await storedWith(marker)).toHaveLength(1);
      await expect(keptList(next)).toHaveCount(0);
    } finally {
      await context.close();
    }
  });
}

test('the next visit sends a kept message without the visitor scrolling to the form', async ({ browser }) => {
  const marker = `outbox-visit-${Date.now()}`;
  const context = await browser.newContext({ viewport: narrow });
  try {
    const first = await context.newPage();
    await first.goto('/contact');
    await first.locator('#form').scrollIntoViewIfNeeded();
    await expect(first.locator(`${island}:not([ssr])`)).toHaveCount(1);
    await context.setOffline(true);
    await submit(first, `Sent on the next visit (${marker})`);
    await expect(keptList(first).getByRole('listitem')).toHaveCount(1);
    await first.close();
    await context.setOffline(false);

    const next = await context.newPage();
    await next.goto('/contact');
    // The form is far below the first screen of a phone; the island hydrates all the same.
    await expect(next.locator('#form')).not.toBeInViewport();
    await expect.poll(async () => (await storedWith(marker)).length, { timeout: 15_000 }).toBe(1);
    await expect(next.locator(`${island}:not([ssr])`)).toHaveCount(1);
    const [stored] = await storedWith(marker);
    await expect(next.locator(`[data-reference="${referenceOf(stored.id)}"]`)).toBeAttached();
  } finally {
    await context.close();
  }
});

test('without a kept message, the form island still waits to be on screen', async ({ browser }) => {
  const context = await browser.newContext({ viewport: narrow });
  try {
    const page = await context.newPage();
    await page.goto('/contact', { waitUntil: 'load' });
    // Longer than the directive's wait for an idle moment (2 s at most).
    await page.waitForTimeout(2_500);
    await expect(page.locator(`${island}[ssr]`)).toHaveCount(1);
    await page.locator('#form').scrollIntoViewIfNeeded();
    await expect(page.locator(`${island}:not([ssr])`)).toHaveCount(1);
  } finally {
    await context.close();
  }
});

test('a refused kept message shows the reason and goes back into the form', async ({ page, context }) => {
  await ready(page);
  await context.setOffline(true);
  // Passes the browser's check, not the server's.
  await page.getByLabel(label.email, { exact: true }).fill('ada@example');
  await page.getByLabel(label.firstName, { exact: true }).fill('Ada');
  await page.getByLabel(label.lastName, { exact: true }).fill('Lovelace');
  await page.getByLabel(label.message, { exact: true }).fill('Please correct me');
  await page.getByRole('button', { name: formText.submitLabel }).click();
  const item = keptList(page).getByRole('listitem');
  await expect(item).toContainText(kept.waiting);
  await context.setOffline(false);
  await expect(item).toContainText(kept.refused);
  await expect(item).toContainText('Email must be a valid e-mail address');
  await item.getByRole('button', { name: kept.edit }).click();
  await expect(keptList(page)).toHaveCount(0);
  await expect(page.getByLabel(label.email, { exact: true })).toHaveValue('ada@example');
  await expect(page.getByLabel(label.message, { exact: true })).toHaveValue('Please correct me');
});

test('the same browser id posted twice is stored once', async ({ request, baseURL }) => {
  const marker = `outbox-twice-${Date.now()}`;
  const messageId = crypto.randomUUID();
  const data = { name: 'Ada Lovelace', email: 'ada@example.org', message: `Twice (${marker})`, messageId };
  const headers = { origin: new URL(baseURL!).origin };
  const first = await request.post(routes.contactEndpoint, { data, headers });
  const again = await request.post(routes.contactEndpoint, { data, headers });
  expect([first.status(), again.status()]).toEqual([200, 200]);
  const { reference } = await first.json();
  expect(await again.json()).toEqual({ ok: true, reference, repeat: true });
  expect(await storedWith(marker)).toHaveLength(1);

  const bad = await request.post(routes.contactEndpoint, { data: { ...data, messageId: 'not-an-id' }, headers });
  expect(bad.status()).toBe(400);
  expect((await bad.json()).error).toMatch(/messageId/);
});

/**
 * /contact in lite mode (Save-Data): the plain HTML form, with no script of its own, and the
 * service worker an earlier page of the visit installed.
 */
async function liteModeContact(page: Page, context: BrowserContext) {
  await page.goto(routes.home);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await saveData(context, page);
  await page.goto(routes.contact);
  await expect(page.locator('html')).toHaveAttribute('data-lite', '');
}

/** The contact page's notice in lite mode of kept messages the worker has sent since. */
const sentNotice = (page: Page) => page.getByRole('status').filter({ hasText: kept.sent });

test.describe("without the page's script, the service worker keeps the form's plain post", () => {
  test.use({ viewport: narrow });

  test('offline it lands on the kept page; back online the next page sends it, once', async ({ page, context }) => {
    const marker = `outbox-worker-${Date.now()}`;
    await liteModeContact(page, context);
    await expect(page.locator(`${island}:not([ssr])`)).toHaveCount(0);

    await context.setOffline(true);
    await submit(page, `Kept by the worker (${marker})`);
    await expect(page).toHaveURL(new RegExp(`${routes.contactKept}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(kept.title);
    await expect(page.getByText(kept.keptPageIntro)).toBeVisible();
    expect(await storedWith(marker)).toHaveLength(0);

    // Back online, the contact page itself is the next page: the worker sends the message as it
    // opens, and the page, with no island, shows its reference (docs/decisions/0090).
    await context.setOffline(false);
    await page.goto(routes.contact);
    await expect.poll(async () => (await storedWith(marker)).length, { timeout: 15_000 }).toBe(1);
    const [stored] = await storedWith(marker);
    await expect(sentNotice(page).locator(`[data-reference="${referenceOf(stored.id)}"]`)).toBeVisible();
    await expect(page.locator(`${island}:not([ssr])`)).toHaveCount(0);
    // Later pages find nothing more to send: still one.
    await page.goto(routes.home);
    await page.waitForTimeout(1000);
    expect(await storedWith(marker)).toHaveLength(1);
  });

  test("an answer lost on the way back: the worker sends it again under the form's id, stored once", async ({
    page,
    context,
  }) => {
    const marker = `outbox-worker-lost-${Date.now()}`;
    await liteModeContact(page, context);
    const ids: string[] = [];
    let lost = 0;
    // The worker's post reaches the function; its answer never reaches the worker.
    await context.route(`**${routes.contactEndpoint}`, async (route) => {
      // The worker posts the form as it came, then kept messages as the script does, in JSON.
      const body = route.request().postData() ?? '';
      ids.push(body.startsWith('{') ? JSON.parse(body).messageId : (new URLSearchParams(body).get('messageId') ?? ''));
      if (lost++ > 0) return route.continue();
      await route.fetch({ maxRedirects: 0 });
      await route.abort('connectionreset');
    });
    await submit(page, `Answer lost in lite mode (${marker})`);
    await expect(page).toHaveURL(new RegExp(`${routes.contactKept}$`));
    expect(await storedWith(marker)).toHaveLength(1);

    await page.goto(routes.about);
    await expect.poll(() => ids.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    await page.goto(routes.home);
    await page.waitForTimeout(1_000);
    // Every post carried the one id the worker gave the form, and the store knows it.
    await expectStoredOnceUnder(marker, ids);
  });

  test('a tab closed while the worker sends on a stalled link: the next page sends it, once', async ({
    page,
    context,
  }) => {
    const marker = `outbox-worker-closed-${Date.now()}`;
    await liteModeContact(page, context);
    const stall = await stallFirstPost(context);
    // The click's navigation never ends (the link stalls): not waited for.
    const sending = submit(page, `Closed in lite mode (${marker})`).catch(() => undefined);
    await stall.posted;
    // The tab goes while the worker's post hangs; then the stalled link drops.
    const closing = page.close();
    await new Promise((resolve) => setTimeout(resolve, 300));
    stall.release();
    await closing;
    await sending;
    const next = await context.newPage();
    await next.goto(routes.about);
    await expect.poll(async () => (await storedWith(marker)).length, { timeout: 15_000 }).toBe(1);
    await next.goto(routes.home);
    await next.waitForTimeout(1_000);
    expect(await storedWith(marker)).toHaveLength(1);
  });

  test('a visit in lite mode from its first page fetches nothing ahead; kept offline, the post lands on the contact page that says so', async ({
    page,
    context,
  }) => {
    const marker = `outbox-worker-lite-${Date.now()}`;
    // Every request the worker sends of its own accord.
    const requested: string[] = [];
    context.on('request', (request) => request.serviceWorker() && requested.push(new URL(request.url()).pathname));
    await saveData(context, page);
    await page.goto(routes.home);
    await expect(page.locator('html')).toHaveAttribute('data-lite', '');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.goto(routes.contact);
    await expect(page.locator('#kept')).toBeHidden();
    // The worker has been told this page has loaded (a second after its load event).
    await page.waitForTimeout(1_500);
    expect(requested).not.toContain(offlinePath);
    expect(requested).not.toContain(routes.contactKept);

    await context.setOffline(true);
    await submit(page, `Kept in lite mode (${marker})`);
    await expect(page).toHaveURL(new RegExp(`${routes.contact}#kept$`));
    await expect(page.locator('#kept')).toBeVisible();
    await expect(page.locator('#kept')).toContainText(kept.title);
    await expect(page.locator('#kept')).toContainText(kept.keptPageIntro);
    expect(await storedWith(marker)).toHaveLength(0);

    // Back online, the next page sends it; and still nothing is fetched ahead.
    requested.length = 0;
    await context.setOffline(false);
    await page.goto(routes.about);
    await expect.poll(async () => (await storedWith(marker)).length, { timeout: 15_000 }).toBe(1);
    await page.waitForTimeout(1_500);
    expect(requested).not.toContain(offlinePath);
    expect(requested).not.toContain(routes.contactKept);

    // The contact page, opened later, says it went and under which reference; once.
    const [stored] = await storedWith(marker);
    await page.goto(routes.contact);
    await expect(sentNotice(page)).toBeVisible();
    await expect(sentNotice(page).locator(`[data-reference="${referenceOf(stored.id)}"]`)).toBeVisible();
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-lite', '');
    await expect(sentNotice(page)).toBeHidden();
  });

  test('online, the post goes to the server as without a worker', async ({ page, context }) => {
    const marker = `outbox-worker-online-${Date.now()}`;
    await liteModeContact(page, context);
    await submit(page, `Sent through the worker (${marker})`);
    await expect(page).toHaveURL(new RegExp(`${routes.contactThanks}\\?`));
    await expect.poll(async () => (await storedWith(marker)).length).toBe(1);
  });
});

/**
 * A first visit sends the form before its island has hydrated (a slow phone, a slow link): the
 * send waits for the island (src/hydration/settled.ts,
 * docs/decisions/0077-a-form-sent-early-waits-for-its-island.md).
 */
test.describe('the form sent before its island is ready, on a first visit', () => {
  // A first visit: no service worker controls the page, nor comes to control it meanwhile.
  test.use({ viewport: narrow, serviceWorkers: 'block' });

  /** The contact page of a first visit, loaded, its form far below a phone's first screen: not hydrated yet. */
  async function firstVisit(page: Page) {
    await page.goto(routes.contact, { waitUntil: 'load' });
    await expect(page.locator(`${island}[ssr]`)).toHaveCount(1);
    expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
  }
  const note = (page: Page) => page.getByRole('alert').filter({ hasText: formText.notSent });

  test('with the link down: never the error page; every value stays, and the page says it was not sent', async ({
    page,
    context,
  }) => {
    const marker = `outbox-early-down-${Date.now()}`;
    await firstVisit(page);
    await context.setOffline(true);
    await submit(page, `Sent before the island (${marker})`);
    await expect(note(page)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${routes.contact}$`));
    await expect(page.getByLabel(label.firstName, { exact: true })).toHaveValue('Ada');
    await expect(page.getByLabel(label.email, { exact: true })).toHaveValue('ada@example.org');
    await expect(page.getByLabel(label.message, { exact: true })).toHaveValue(`Sent before the island (${marker})`);

    // The link is back: sent again, it goes, now by the island, with its reference.
    await context.setOffline(false);
    await page.getByRole('button', { name: formText.submitLabel }).click();
    await expect(page.locator('[data-reference]')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${routes.contact}$`));
    await expect(note(page)).toBeHidden();
    const stored = await storedWith(marker);
    expect(stored).toHaveLength(1);
    await expect(page.locator(`[data-reference="${referenceOf(stored[0].id)}"]`)).toBeVisible();

    // Lite mode, where no island comes, and the browser believes it is online: the form checks
    // the link before its plain post (docs/decisions/0089). A link that refuses connections...
    const liteMarker = `outbox-early-lite-${Date.now()}`;
    const liteMessage = `Sent in lite mode (${liteMarker})`;
    await saveData(context, page);
    await page.goto(routes.contact);
    await expect(page.locator('html')).toHaveAttribute('data-lite', '');
    await context.route('**/*', (route) => route.abort('connectionrefused'));
    await submit(page, liteMessage);
    await expect(note(page)).toBeVisible({ timeout: 2_000 });
    await expect(page).toHaveURL(new RegExp(`${routes.contact}$`));
    await expect(page.getByLabel(label.message, { exact: true })).toHaveValue(liteMessage);
    await context.unrouteAll();
    // ... and one that stalls: "Sending..." while it waits, then the same note, the values kept.
    await context.route('**/*', () => {});
    await page.getByRole('button', { name: formText.submitLabel }).click();
    await expect(page.getByRole('button', { name: formText.sendingLabel })).toBeDisabled();
    await expect(note(page)).toBeHidden();
    await expect(note(page)).toBeVisible({ timeout: linkCheckTimeoutMs() + 2_000 });
    await expect(page).toHaveURL(new RegExp(`${routes.contact}$`));
    await expect(page.getByLabel(label.email, { exact: true })).toHaveValue('ada@example.org');
    await expect(page.getByLabel(label.message, { exact: true })).toHaveValue(liteMessage);
    expect(await storedWith(liteMarker)).toHaveLength(0);
    // The link is back: the plain post goes, and its answer gives the reference.
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    await page.getByRole('button', { name: formText.submitLabel }).click();
    await expect(page).toHaveURL(new RegExp(`${routes.contactThanks}\\?`));
    const [liteStored, ...more] = await storedWith(liteMarker);
    expect(more).toHaveLength(0);
    await expect(page.locator(`[data-reference="${referenceOf(liteStored.id)}"]`)).toBeVisible();
  });

  test("the send waits for the island's script, then the island sends it", async ({ page }) => {
    const marker = `outbox-early-slow-${Date.now()}`;
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/_astro/ContactForm.*.js', async (route) => {
      await released;
      await route.continue();
    });
    const posts: string[] = [];
    page.on(
      'request',
      (r) => r.url().endsWith(routes.contactEndpoint) && posts.push(r.headers()['content-type'] ?? ''),
    );
    await firstVisit(page);
    await submit(page, `Waits for the island (${marker})`);
    await expect(page).toHaveURL(new RegExp(`${routes.contact}$`));
    expect(posts).toEqual([]);
    release();
    await expect(page.locator('[data-reference]')).toBeVisible();
    // Sent once, by the island (JSON) on the same page, not as the plain form.
    await expect(page).toHaveURL(new RegExp(`${routes.contact}$`));
    expect(posts).toEqual(['application/json']);
    expect(await storedWith(marker)).toHaveLength(1);
    await expect(note(page)).toBeHidden();
  });
});
