import type { ClientDirective } from 'astro';
import { isLiteMode } from '../offline/lite-mode';

/**
 * The element beside a form island that says a form sent before the island was ready could not
 * go (server-rendered, hidden; the contact page's `notSent` words).
 */
export const heldSubmitNoteAttribute = 'data-held-submit-note';

/**
 * Set by the island on its form once React has hydrated it and its handlers listen (an effect runs
 * after the commit): the astro-island's `ssr` attribute goes when hydration starts, not when it
 * is done, and a send in between would go as the plain form.
 */
export const islandReadyAttribute = 'data-island-ready';

/** How long a send held for the island waits for its script before the page says it has not gone. */
export const heldSubmitNoteAfterMs = 3000;

/**
 * On the form's submit button: the words it shows while lite mode checks the link before the
 * plain post (the island, which says "Sending..." otherwise, does not run there).
 */
export const sendingLabelAttribute = 'data-sending-label';

/**
 * How long lite mode waits for the link check's answer before it says the form was not sent: at
 * least 6 s, and four round trips where the browser reports them (Chromium's
 * `navigator.connection.rtt`), so that a working 2G link, whose round trip may take 2 s and which
 * may have to open a new connection first, is not taken for a dead one; at most 12 s.
 */
export const linkCheckTimeoutMs = (rtt?: number): number => Math.min(12_000, Math.max(6000, 4 * (rtt || 0)));

/**
 * `client:settled`: hydrates an island once the page has finished loading, the browser is idle
 * and the island is on screen, or at once when the visitor focuses something inside it.
 *
 * Astro's `client:visible` starts downloading as soon as the island is in view, which for an
 * island near the top of the page means during the first paint: its script then competes with
 * the page's own HTML, CSS and pictures on a slow link. Waiting for the load event keeps the first
 * paint and the largest picture first in line; the island's server-rendered HTML is already
 * complete and usable meanwhile (the statistic badge shows its first figure, the contact form
 * posts without JavaScript).
 *
 * A form inside the island that has a note marked `heldSubmitNoteAttribute` beside it (the
 * contact form) waits for the island when it is sent before it is ready
 * (docs/decisions/0077-a-form-sent-early-waits-for-its-island.md): the send is held, the island is
 * loaded and hydrated (it takes over what was typed), and the form is sent again, now by the
 * island. If the island's script cannot be loaded (the link is down on a first visit), or has not
 * come within `heldSubmitNoteAfterMs`, the note is shown: nothing was sent, every value stays in
 * the form; a second send tries again. Other forms (no note) go as plain HTML.
 *
 * `client:settled="key"`: when the page's localStorage holds `key`, the island does not wait to be
 * on screen (the contact form, while this browser keeps a message it could not send, so that the
 * message is sent on the next visit even if the visitor never scrolls to the form).
 *
 * In lite mode (src/offline/lite-mode.ts) it never hydrates: the badge stays on its first figure and
 * the contact form stays the plain HTML form, with nothing downloaded for either. (A message kept
 * in this browser is then sent by the service worker, or on a visit outside lite mode.) Where no
 * service worker controls the page to keep the post (a first visit), a form with the note checks
 * the link before its plain post leaves (docs/decisions/0089-lite-form-checks-the-link.md): a
 * small `HEAD` of the page itself, past every cache. Offline, refused, or unanswered within
 * `linkCheckTimeoutMs`, the post is not made and the note is shown, every value still in the form,
 * rather than the browser's error page; answered, the form is posted as it would have been.
 */
// Over 100 lines on purpose: one directive, whose paths (lite mode with its link check, the held
// submit, hydration when the page settles) share the element, its held form and its note; split,
// each path would take them all as arguments.
// eslint-disable-next-line max-lines-per-function -- why: the lines above
const settledDirective: ClientDirective = (load, options, el) => {
  const note = el.parentElement?.querySelector<HTMLElement>(`[${heldSubmitNoteAttribute}]`);
  if (isLiteMode()) {
    let checking = false;
    el.addEventListener('submit', (event) => {
      // A worker keeps the post itself (src/offline/sw.ts); a form without the note goes as HTML.
      if (!note || navigator.serviceWorker?.controller) return;
      event.preventDefault();
      if (checking) return;
      note.hidden = true;
      const form = event.target as HTMLFormElement;
      const button = form.querySelector<HTMLButtonElement>(`[${sendingLabelAttribute}]`);
      const label = button?.textContent ?? '';
      const showSending = (sending: boolean) => {
        checking = sending;
        if (!button) return;
        button.disabled = sending;
        button.textContent = sending ? button.getAttribute(sendingLabelAttribute) : label;
      };
      showSending(true);
      const rtt = (navigator as Navigator & { connection?: { rtt?: number } }).connection?.rtt;
      void Promise.race([
        navigator.onLine &&
          fetch(location.href, { method: 'HEAD', cache: 'no-store' }).then(
            () => true,
            () => false,
          ),
        new Promise<false>((resolve) => setTimeout(resolve, linkCheckTimeoutMs(rtt), false)),
      ]).then((up) => {
        if (up) {
          // Answered: the plain post, as without the check (submit() fires no second submit
          // event). A page brought back from the history cache has its button again.
          form.submit();
          addEventListener('pageshow', () => showSending(false), { once: true });
        } else {
          showSending(false);
          note.hidden = false;
        }
      });
    });
    return;
  }
  const flagged = () => {
    try {
      return typeof options.value === 'string' && localStorage.getItem(options.value) !== null;
    } catch {
      return false;
    }
  };
  // Loads and hydrates the island once; true once it is hydrated. A failed load is tried again
  // by the next call.
  let hydrating: Promise<boolean> | undefined;
  const hydrate = () =>
    (hydrating ??= load()
      .then((run) => run())
      .then(() => {
        const done = !el.hasAttribute('ssr');
        if (!done) hydrating = undefined;
        return done;
      }));
  const readyForm = () => el.querySelector<HTMLFormElement>(`form[${islandReadyAttribute}]`);
  // The island's form once its handlers listen (React hydrates in a transition).
  const formReady = () =>
    new Promise<HTMLFormElement>((resolve) => {
      const observer = new MutationObserver(() => {
        const form = readyForm();
        if (!form) return;
        observer.disconnect();
        resolve(form);
      });
      observer.observe(el, { attributes: true, attributeFilter: [islandReadyAttribute], subtree: true });
      const form = readyForm();
      if (form) {
        observer.disconnect();
        resolve(form);
      }
    });

  let holding = false;
  el.addEventListener(
    'submit',
    (event) => {
      // Only a form that can say it did not go waits (the contact form); any other goes as HTML.
      if (!note || readyForm()) return;
      // The island is not ready: the form's plain post would leave the page, and on a dead link
      // the browser would show its error page instead.
      event.preventDefault();
      event.stopImmediatePropagation();
      if (holding) return;
      holding = true;
      const say = (shown: boolean) => (note.hidden = !shown);
      say(false);
      const slow = setTimeout(() => say(true), heldSubmitNoteAfterMs);
      void hydrate()
        .then((ready): Promise<HTMLFormElement | undefined> | undefined => (ready ? formReady() : undefined))
        .then((form) => {
          clearTimeout(slow);
          holding = false;
          say(!form);
          // Sent again, now by the island: it reads what was typed when it hydrated.
          if (form) form.requestSubmit();
        });
    },
    { capture: true },
  );
  el.addEventListener('focusin', () => void hydrate(), { once: true });

  const pageLoaded = new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  });
  const browserIdle = () =>
    new Promise<void>((resolve) => {
      if ('requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout: 2000 });
      else setTimeout(resolve, 200);
    });
  // The island element itself has `display: contents`, so its children are what is seen.
  const onScreen = () =>
    new Promise<void>((resolve) => {
      const observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          observer.disconnect();
          resolve();
        },
        { rootMargin: '200px' },
      );
      for (const child of el.children) observer.observe(child);
    });

  void pageLoaded
    .then(browserIdle)
    .then(() => (flagged() ? undefined : onScreen()))
    .then(hydrate);
};

export default settledDirective;
