// @vitest-environment happy-dom
/**
 * The contact form in lite mode, where its island never hydrates: the link check before the plain
 * post on a page no service worker controls (src/hydration/settled.ts,
 * docs/decisions/0089-lite-form-checks-the-link.md), and the notice that shows the references of
 * kept messages the worker has sent since (src/contact/sent-in-lite-mode.inline.ts,
 * docs/decisions/0090-lite-mode-shows-what-the-worker-sent.md). In the browser:
 * tests/e2e/contact-outbox.spec.ts.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import settledDirective, {
  heldSubmitNoteAttribute,
  linkCheckTimeoutMs,
  sendingLabelAttribute,
} from '../../../src/hydration/settled';
import { keepEnquiry, markSent, outboxSentMessage, sentNoticeAttribute } from '../../../src/contact/outbox-store';
import { liteModeAttribute } from '../../../src/offline/lite-mode';
import { inlineScript } from '../../../tools/build/inline-scripts';

/** Sets what the browser reports: online or not, and whether a service worker controls the page. */
function browser({ onLine, controlled, rtt }: { onLine: boolean; controlled: boolean; rtt?: number }) {
  const workers = new EventTarget() as EventTarget & { controller: object | null };
  workers.controller = controlled ? {} : null;
  Object.defineProperty(navigator, 'onLine', { value: onLine, configurable: true });
  Object.defineProperty(navigator, 'serviceWorker', { value: workers, configurable: true });
  Object.defineProperty(navigator, 'connection', {
    value: rtt === undefined ? undefined : { rtt },
    configurable: true,
  });
  return workers;
}

beforeEach(() => {
  document.documentElement.setAttribute(liteModeAttribute, '');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.documentElement.removeAttribute(liteModeAttribute);
  document.body.innerHTML = '';
});

describe('lite mode: how long the link check waits', () => {
  it.each([
    ['no round trip reported (Firefox, Safari)', undefined, 6000],
    ['a fast link', 50, 6000],
    ['a 2G link', 1400, 6000],
    ['a slow-2G link', 2000, 8000],
    ['a link reported at its worst', 3000, 12_000],
    ['a round trip past any wait worth making', 10_000, 12_000],
  ])('%s', (_, rtt, ms) => {
    expect(linkCheckTimeoutMs(rtt)).toBe(ms);
  });
});

describe('lite mode: the plain form checks the link before it posts', () => {
  /** The contact page's form as the server renders it, with the directive run on its island. */
  function page() {
    document.body.innerHTML = `
      <div>
        <p ${heldSubmitNoteAttribute} hidden>Not sent</p>
        <astro-island ssr>
          <form action="/api/send-contact-email" method="post">
            <input name="message" value="Twelve drums, please">
            <button type="submit" ${sendingLabelAttribute}="Sending...">Send Message</button>
          </form>
        </astro-island>
      </div>`;
    const island = document.querySelector('astro-island') as HTMLElement;
    const load = vi.fn();
    void settledDirective(load, { name: 'settled', value: 'true' }, island);
    const form = document.querySelector('form')!;
    const posted = vi.spyOn(form, 'submit').mockImplementation(() => {});
    const note = document.querySelector<HTMLElement>(`[${heldSubmitNoteAttribute}]`)!;
    const button = document.querySelector('button')!;
    const send = () => form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    return { load, posted, note, button, send };
  }

  it('a refused connection: nothing is posted, the note is shown and the button is back', async () => {
    browser({ onLine: true, controlled: false });
    const fetch = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetch);
    const { load, posted, note, button, send } = page();
    expect(send()).toBe(false);
    expect(button.disabled).toBe(true);
    expect(button.textContent).toBe('Sending...');
    await vi.waitFor(() => expect(note.hidden).toBe(false));
    expect(posted).not.toHaveBeenCalled();
    expect(button.disabled).toBe(false);
    expect(button.textContent).toBe('Send Message');
    expect(fetch).toHaveBeenCalledWith(location.href, { method: 'HEAD', cache: 'no-store' });
    expect(load).not.toHaveBeenCalled();
  });

  it('a stalled link: the note once the wait is over, and a second send meanwhile checks nothing more', async () => {
    vi.useFakeTimers();
    browser({ onLine: true, controlled: false, rtt: 2000 });
    const fetch = vi.fn(() => new Promise<Response>(() => {}));
    vi.stubGlobal('fetch', fetch);
    const { posted, note, send } = page();
    send();
    send();
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(linkCheckTimeoutMs(2000) - 1);
    expect(note.hidden).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(note.hidden).toBe(false);
    expect(posted).not.toHaveBeenCalled();
  });

  it('offline: the note at once, and no request', async () => {
    browser({ onLine: false, controlled: false });
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const { posted, note, send } = page();
    send();
    await vi.waitFor(() => expect(note.hidden).toBe(false));
    expect(fetch).not.toHaveBeenCalled();
    expect(posted).not.toHaveBeenCalled();
  });

  it('a link that answers, whatever the status: the form is posted as it was, and a note said before goes', async () => {
    browser({ onLine: true, controlled: false });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(null, { status: 503 }))),
    );
    const { posted, note, send } = page();
    note.hidden = false;
    send();
    expect(note.hidden).toBe(true);
    await vi.waitFor(() => expect(posted).toHaveBeenCalledTimes(1));
    expect(note.hidden).toBe(true);
  });

  it('a page a service worker controls: the post goes at once, the worker keeps it', () => {
    browser({ onLine: false, controlled: true });
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const { note, send } = page();
    expect(send()).toBe(true);
    expect(fetch).not.toHaveBeenCalled();
    expect(note.hidden).toBe(true);
  });
});

describe('lite mode: the references of kept messages the worker sent since', () => {
  const script = inlineScript('src/contact/sent-in-lite-mode.inline.ts').text;
  const reference = (id: string) => id.slice(-8).toUpperCase();

  const heading = 'Your message has reached us';
  /** The notice in the shape the contact page renders it (src/components/contact/ContactPage.astro). */
  const notice = `
    <div ${sentNoticeAttribute}="kept" role="status">
      <template><div><h3>${heading}</h3><ul></ul></div></template>
      <template><li>Your reference: <span></span>.</li></template>
    </div>`;
  const sentNotice = () => document.querySelector<HTMLElement>(`[${sentNoticeAttribute}]`)!;
  const shown = () => [...sentNotice().querySelectorAll<HTMLElement>('li[data-reference]')].map((li) => li.textContent);

  beforeEach(() => {
    // A fresh outbox for each test, as a new browser profile.
    globalThis.indexedDB = new IDBFactory();
    document.body.innerHTML = `<div id="kept">Kept</div>${notice}`;
  });

  /** Keeps a message, as the worker does with a plain post, and sends it, as it does later. */
  async function keptAndSent(id: string, minutesAgo: number) {
    await keepEnquiry({ message: id }, { id, now: new Date(Date.now() - (minutesAgo + 5) * 60_000) });
    await markSent(id, reference(id), new Date(Date.now() - minutesAgo * 60_000));
  }
  const ids = ['6f1c2a4e-0b7d-4f3a-9c21-5e8d7a6b4c3d', '0a9b8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6e'];

  it('shows each reference, oldest first, once; the kept note goes when none waits', async () => {
    browser({ onLine: true, controlled: true });
    await keptAndSent(ids[0]!, 1);
    await keptAndSent(ids[1]!, 0);
    new Function(script)();
    await vi.waitFor(() => expect(sentNotice().textContent).toContain(heading));
    expect(shown()).toEqual(ids.map((id) => `Your reference: ${reference(id)}.`));
    expect(sentNotice().querySelector(`[data-reference="${reference(ids[1]!)}"]`)).not.toBeNull();
    await vi.waitFor(() => expect(document.getElementById('kept')!.hidden).toBe(true));

    // Taken: the next page shows none.
    document.body.innerHTML = notice;
    new Function(script)();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sentNotice().textContent?.trim()).toBe('');
  });

  it('shows what the worker says it sent while the page is open, once; the record waits for the next page', async () => {
    const workers = browser({ onLine: true, controlled: true });
    await keepEnquiry({ message: 'still waiting' }, { id: ids[1]! });
    new Function(script)();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sentNotice().textContent?.trim()).toBe('');

    await keptAndSent(ids[0]!, 0);
    const said = { [outboxSentMessage]: [{ id: ids[0], reference: reference(ids[0]!) }] };
    workers.dispatchEvent(new MessageEvent('message', { data: said }));
    workers.dispatchEvent(new MessageEvent('message', { data: said }));
    workers.dispatchEvent(new MessageEvent('message', { data: { other: true } }));
    expect(shown()).toEqual([`Your reference: ${reference(ids[0]!)}.`]);
    expect(sentNotice().textContent).toContain(heading);
    // Another message still waits: the note that said it is kept stays.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.getElementById('kept')!.hidden).toBe(false);

    // A page being left may have heard it: the next contact page shows it from the outbox.
    document.body.innerHTML = notice;
    new Function(script)();
    await vi.waitFor(() => expect(shown()).toEqual([`Your reference: ${reference(ids[0]!)}.`]));
  });

  it('does nothing outside lite mode (the island shows them), nor where no worker controls the page', async () => {
    await keptAndSent(ids[0]!, 0);
    browser({ onLine: true, controlled: false });
    new Function(script)();
    document.documentElement.removeAttribute(liteModeAttribute);
    browser({ onLine: true, controlled: true });
    new Function(script)();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sentNotice().textContent?.trim()).toBe('');
    // Still there for the page that shows it.
    document.documentElement.setAttribute(liteModeAttribute, '');
    new Function(script)();
    await vi.waitFor(() => expect(shown()).toEqual([`Your reference: ${reference(ids[0]!)}.`]));
  });
});
