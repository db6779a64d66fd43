// @vitest-environment happy-dom
/**
 * When the form's island takes the outbox's `sent` records (src/contact/useKeptMessages.ts,
 * docs/decisions/0078-the-form-says-where-the-message-stands.md): as the contact page opens and
 * after the page's own run; what the service worker says it has sent is shown and left for the
 * next contact page, since the page hearing it may be the one being left. In the browser:
 * tests/e2e/contact-outbox.spec.ts.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useKeptMessages } from '../../../src/contact/useKeptMessages';
import { contactFormWords } from '../../../src/contact/form-words';
import { newBrowserId } from '../../../src/contact/browser-id';
import { keepEnquiry, markSent, outboxDatabase, outboxSentMessage } from '../../../src/contact/outbox-store';
import { routes } from '../../../src/model/routes';

let workers: EventTarget;
/** What the server answers each post: sent, under a reference made from the message's id. */
const posted: string[] = [];
const referenceFor = (id: string) => `REF-${id.slice(0, 8)}`;

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  localStorage.clear();
  posted.length = 0;
  workers = new EventTarget();
  Object.defineProperty(navigator, 'serviceWorker', { value: workers, configurable: true });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      const { messageId } = JSON.parse(String(init?.body)) as { messageId: string };
      posted.push(messageId);
      return new Response(JSON.stringify({ ok: true, reference: referenceFor(messageId) }), { status: 200 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The ids of the `sent` records no page has taken, read without taking them. */
async function untaken(): Promise<string[]> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(outboxDatabase);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  try {
    const keys = db.transaction('sent').objectStore('sent').getAllKeys();
    return await new Promise((resolve, reject) => {
      keys.onsuccess = () => resolve(keys.result.map(String));
      keys.onerror = () => reject(keys.error);
    });
  } finally {
    db.close();
  }
}

/** A contact page opens: its island's kept messages, and every reference it shows. */
function contactPage() {
  const shown = vi.fn<(reference: string | undefined) => void>();
  const page = renderHook(() => useKeptMessages(routes.contactEndpoint, contactFormWords.kept, shown));
  return { shown, leave: page.unmount };
}

/** The service worker sends a kept message (a navigation, Background Sync): recorded, then said. */
async function workerSends(id: string) {
  await keepEnquiry({ message: `kept ${id}` }, { id });
  await markSent(id, referenceFor(id));
}
const workerSays = (id: string) =>
  workers.dispatchEvent(
    new MessageEvent('message', { data: { [outboxSentMessage]: [{ id, reference: referenceFor(id) }] } }),
  );

describe('the contact form takes the records of what was sent', () => {
  it('as the page opens, and after its own run', async () => {
    const [byWorker, waiting] = [newBrowserId(), newBrowserId()];
    await workerSends(byWorker);
    await keepEnquiry({ message: 'still waiting' }, { id: waiting });

    const { shown } = contactPage();
    await vi.waitFor(() => expect(shown.mock.calls).toEqual([[referenceFor(byWorker)], [referenceFor(waiting)]]));
    expect(posted).toEqual([waiting]);
    await vi.waitFor(async () => expect(await untaken()).toEqual([]));
  });

  it("shows what the worker says it sent, once, and leaves its record for the next contact page; the page's own run takes it", async () => {
    const [told, later, own] = [newBrowserId(), newBrowserId(), newBrowserId()];
    const first = contactPage();
    await new Promise((resolve) => setTimeout(resolve, 50));

    await workerSends(told);
    workerSays(told);
    workerSays(told);
    expect(first.shown.mock.calls).toEqual([[referenceFor(told)]]);
    // This page may be the one being left: the record stays.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await untaken()).toEqual([told]);

    // The next contact page shows it again, and takes it.
    first.leave();
    const next = contactPage();
    await vi.waitFor(() => expect(next.shown.mock.calls).toEqual([[referenceFor(told)]]));
    await vi.waitFor(async () => expect(await untaken()).toEqual([]));

    // Told while a message of the page's own waits: the page's run takes both, and says each once.
    await workerSends(later);
    workerSays(later);
    await keepEnquiry({ message: 'sent by the page' }, { id: own });
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(posted).toEqual([own]));
    await vi.waitFor(async () => expect(await untaken()).toEqual([]));
    expect(next.shown.mock.calls).toEqual([[referenceFor(told)], [referenceFor(later)], [referenceFor(own)]]);
  });
});
