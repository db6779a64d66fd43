/**
 * What every page does a second after it has loaded (`afterLoadDelayMs`), so that none of it
 * competes with the page's own downloads and first paint on a slow link:
 * - it links the web app manifest, which browsers fetch as soon as it is linked (with
 *   credentials, over the page's own connection rather than a new one: same origin, and the site
 *   sets no cookies);
 * - it registers the service worker (./sw.ts). A page that loaded before the worker took control
 *   (the first page of a first visit) tells the worker its address and the files it loaded, which
 *   the worker keeps from the browser's cache. A page the worker answered from its copy tells it
 *   that it has loaded: the worker refreshes the copy then, not while the page still needs the
 *   link. In lite mode it says so, and the worker fetches nothing of its own accord: neither the
 *   pages it otherwise fetches ahead nor a refresh of a kept page. Browsers without service workers, or where the registration fails (private windows of
 *   some browsers), carry on without one.
 * Without JavaScript there is neither: no worker, and no manifest, which would offer to install
 * a site that cannot work offline.
 */
import { isLiteMode } from './lite-mode';

/**
 * routes.manifest (src/model/routes.ts) and the worker's address (`workerPath`, ./requests.ts),
 * written in by the bundle (tools/build/inline-scripts.ts).
 */
declare const __MANIFEST_PATH__: string;
declare const __WORKER_PATH__: string;
/** False when the build switched the worker off (src/offline/switch.mjs): then no page registers it. */
declare const __WORKER_ON__: boolean;

/**
 * How long after the load event. The load event comes when the page's pictures have arrived, not
 * when they are on screen: a phone still decodes and paints the largest one after it. The
 * manifest's request, begun at the load event, can come before that paint on a page with a
 * picture in its head, and then shares the link with it: one round trip more of
 * simulated LCP (docs/decisions/0024-manifest-and-worker-after-load.md). A second later both are
 * done while the visitor reads.
 */
const afterLoadDelayMs = 1000;

addEventListener('load', () =>
  setTimeout(() => {
    const manifest = document.createElement('link');
    manifest.rel = 'manifest';
    manifest.href = __MANIFEST_PATH__;
    manifest.crossOrigin = 'use-credentials';
    document.head.append(manifest);
    if (!__WORKER_ON__ || !('serviceWorker' in navigator)) return;
    const workers = navigator.serviceWorker;
    // In lite mode the worker fetches nothing ahead and refreshes no copy (./sw.ts).
    const lite = isLiteMode();
    workers
      .register(__WORKER_PATH__)
      .then(() =>
        workers.controller
          ? workers.controller.postMessage({ loaded: location.href, lite })
          : workers.ready.then((registration) =>
              registration.active?.postMessage({
                keep: [location.href, ...performance.getEntriesByType('resource').map((entry) => entry.name)],
                lite,
              }),
            ),
      )
      .catch(() => {});
  }, afterLoadDelayMs),
);
