import type { ClientDirective } from 'astro';
import { isLiteMode } from '../offline/lite-mode';

/**
 * `client:settled`: hydrates an island once the page has finished loading, the browser is idle
 * and the island is on screen.
 *
 * Astro's `client:visible` starts downloading as soon as the island is in view, which for an
 * island near the top of the page means during the first paint: its script then competes with
 * the page's own HTML, CSS and pictures on a slow link. Waiting for the load event keeps the first
 * paint and the largest picture first in line; the island's server-rendered HTML is already
 * complete and usable meanwhile (the statistic badge shows its first figure, the contact form
 * posts without JavaScript).
 *
 * `client:settled="key"`: when the page's localStorage holds `key`, the island does not wait to be
 * on screen (the contact form, while this browser keeps a message it could not send, so that the
 * message is sent on the next visit even if the visitor never scrolls to the form).
 *
 * In lite mode (src/offline/lite-mode.ts) it never hydrates: the badge stays on its first figure and
 * the contact form stays the plain HTML form, with nothing downloaded for either. (A message kept
 * in this browser is then sent by the service worker, or on a visit outside lite mode.)
 */
const settledDirective: ClientDirective = (load, options, el) => {
  if (isLiteMode()) return;
  const flagged = () => {
    try {
      return typeof options.value === 'string' && localStorage.getItem(options.value) !== null;
    } catch {
      return false;
    }
  };
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
    .then(async () => (await load())());
};

export default settledDirective;
