/**
 * The site's service worker, bundled by the build into /sw.js (./integration.ts). It keeps the
 * pages a visitor opens, with their pictures and build files, in three bounded caches, so a page
 * opened before opens again offline and a repeat visit on a slow link renders without waiting for
 * the network. It fetches ahead nothing but the offline page and /contact/kept, and those only
 * when a page outside lite mode asks (docs/decisions/0079-worker-spends-bytes-once.md); every other
 * copy it keeps is of something the visitor opened, the first page's taken from the browser's cache.
 *
 * - Pages (navigations): stale-while-revalidate. The kept copy answers at once and the network
 *   refreshes it once the page has loaded (conditional on its ETag); a copy saved by an earlier
 *   build (or while a newer worker is being installed) is answered from the network first, so
 *   after a deploy the next navigation shows the new content (`networkWait`). Offline, a page
 *   never kept gets the offline page, listing the kept ones.
 * - Pictures of the image CDN and hashed build files: cache first (their addresses change when
 *   they do).
 * - The contact form posted without JavaScript (a navigation that POSTs to its endpoint): the one
 *   POST the worker answers. It passes the post to the network, and when the network fails it
 *   keeps the message in the browser, answers with the page that says so, and sends it later
 *   (`isContactFormPost`).
 * - Everything else is never answered here (no `respondWith`): /admin, the rest of /api/,
 *   Netlify's function paths, other origins, and every other method and POST (the form's script
 *   posts with fetch and keeps its own messages) (src/offline/requests.ts).
 *
 * Which request goes where, the bound of each cache and the list of the offline page are pure
 * modules of src/offline, unit-tested.
 */
/// <reference lib="webworker" />
import { putBounded, savedEntries } from './bounded-cache';
import { fillKeptList, pageTitle, titleSuffix, type KeptPage } from './kept-list';
import {
  bypassedPrefixes,
  cacheNames,
  fetchedAheadPaths,
  isContactFormPost,
  isKeptPage,
  keptHeaders,
  networkWait,
  offlinePath,
  pageKey,
  refreshHeaders,
  refreshWithoutLoadMs,
  requestKind,
} from './requests';
import { enquiryFromForm, outboxSyncTag, sendKeptMessages } from '../contact/outbox';
import { keepEnquiry, keptEnquiries, outboxSentMessage, removeEnquiry } from '../contact/outbox-store';
import { browserIdField, isBrowserId, newBrowserId } from '../contact/browser-id';
import { contactKeptAnchor, routes } from '../model/routes';

declare const self: ServiceWorkerGlobalScope;

/** Written by the build (./integration.ts). */
declare const __BUILD__: string;
declare const __SETTINGS__: {
  pages: number;
  images: number;
  assets: number;
  deployTimeoutMs: number;
  networkTimeoutMs: number;
};

const build = __BUILD__;
const limits = __SETTINGS__;

const names = cacheNames;

/** Chromium's static routing (`InstallEvent.addRoutes`, not yet in TypeScript's types). */
type RouterCondition = {
  urlPattern?: string | { pathname: string };
  requestMethod?: string;
  or?: RouterCondition[];
  not?: RouterCondition;
};
type RoutingInstallEvent = ExtendableEvent & {
  addRoutes?: (rules: { condition: RouterCondition; source: 'network' }[]) => Promise<void>;
};

self.addEventListener('install', (event) => {
  // Where the browser supports it, the bypassed paths and methods go to the network without
  // starting the worker at all; elsewhere the fetch handler below returns without answering.
  try {
    // Reads only: a form posted without the page's script reaches the fetch handler, which keeps
    // it when the server cannot be reached (every other POST it leaves alone).
    const paths = ['/admin', ...bypassedPrefixes.map((prefix) => `${prefix}*`)].map((pathname) => ({
      urlPattern: { pathname },
      requestMethod: 'GET',
    }));
    // And the beacon of field data, posted as a page is left (src/vitals/client.ts): a request
    // that had to wait for the worker to start was held back for about a minute in Chromium, or
    // lost with the tab.
    const beacon = { urlPattern: { pathname: routes.vitalsEndpoint }, requestMethod: 'POST' };
    (event as RoutingInstallEvent)
      .addRoutes?.([{ condition: { or: [...paths, beacon] }, source: 'network' }])
      ?.catch(() => undefined);
  } catch {
    // An older form of the API: the fetch handler still leaves these requests alone.
  }
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const kept = new Set<string>(Object.values(names));
      for (const name of await caches.keys()) if (!kept.has(name)) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  if (isContactFormPost(event.request, self.location.origin, routes.contactEndpoint)) {
    event.respondWith(contactFormPost(event.request));
    return;
  }
  const kind = requestKind(event.request, self.location.origin);
  // Not answered here: the browser fetches it as if there were no worker.
  if (kind === 'bypass') return;
  if (kind === 'image') learnPictureAccept(event);
  // Messages kept in this browser go out on the first navigation that finds the network.
  if (kind === 'page') event.waitUntil(sendKept());
  if (kind === 'page') event.respondWith(navigation(event));
  else
    event.respondWith(
      cacheFirst(
        event,
        kind === 'image' ? names.images : names.assets,
        kind === 'image' ? limits.images : limits.assets,
      ),
    );
});

/**
 * Pages loaded before the worker took control (the first page of a first visit) are announced by
 * the page's registration script with the files it loaded; they are kept from the browser's
 * HTTP cache (`force-cache`), so this costs no download.
 */
self.addEventListener('message', (event) => {
  // In lite mode the page says so, and the worker fetches nothing of its own accord.
  const lite = event.data?.lite === true;
  if (!lite) event.waitUntil(fetchAhead());
  const loaded: unknown = event.data?.loaded;
  if (typeof loaded === 'string') {
    pageHasLoaded(loaded, { refresh: !lite });
    return;
  }
  const urls: unknown = event.data?.keep;
  if (!Array.isArray(urls)) return;
  event.waitUntil(
    Promise.all(
      urls.map(async (url: unknown) => {
        if (typeof url !== 'string') return;
        const isPage = url.split('#')[0] === (event.source as WindowClient | null)?.url?.split('#')[0];
        const kind = requestKind({ method: 'GET', url, mode: isPage ? 'navigate' : 'no-cors' }, self.location.origin);
        if (kind === 'bypass' || (kind === 'page' && !isKeptPage(url))) return;
        const [name, max] =
          kind === 'page'
            ? [names.pages, limits.pages]
            : kind === 'image'
              ? [names.images, limits.images]
              : [names.assets, limits.assets];
        if (kind === 'image' && pictureAccept === undefined) {
          picturesToKeep.add(url);
          return;
        }
        await keepFromBrowserCache(url, name, max, kind === 'page');
      }),
    ),
  );
});

/**
 * Keeps a file the browser has fetched already, from its HTTP cache (`force-cache`), so it costs
 * no download: pages and build files as they are; a picture asked with the `Accept` header of the
 * browser's own picture requests, since the image CDN varies its answer on it (`Vary: Accept`) and
 * the cache would miss with any other.
 */
async function keepFromBrowserCache(url: string, name: string, max: number, page: boolean): Promise<void> {
  const cache = await caches.open(name);
  const key = pageKey(url);
  if (await cache.match(key)) return;
  const headers: Record<string, string> = name === names.images && pictureAccept ? { accept: pictureAccept } : {};
  const response = await fetch(key, { cache: 'force-cache', headers }).catch(() => undefined);
  if (response && keepable(response, page)) await putBounded(cache, key, response, max, { build });
}

/**
 * The `Accept` header of the browser's own picture requests (it differs between browsers and
 * versions), read from the first one that comes through the worker; until then the pictures of a
 * page loaded before the worker took control wait in `picturesToKeep`.
 */
let pictureAccept: string | undefined;
const picturesToKeep = new Set<string>();

function learnPictureAccept(event: FetchEvent) {
  const accept = event.request.headers.get('accept');
  if (pictureAccept !== undefined || event.request.destination !== 'image' || !accept) return;
  pictureAccept = accept;
  const waiting = [...picturesToKeep];
  picturesToKeep.clear();
  event.waitUntil(
    Promise.all(waiting.map((url) => keepFromBrowserCache(url, names.images, limits.images, false))).catch(
      () => undefined,
    ),
  );
}

/**
 * The pages fetched ahead (`fetchedAheadPaths`: the offline page and /contact/kept), each about the
 * size of any page of the site, once per build: asked by a page outside lite mode once it has
 * loaded, never at install, so a visitor in lite mode never downloads them.
 */
let fetchingAhead: Promise<void> | undefined;
function fetchAhead(): Promise<void> {
  fetchingAhead ??= (async () => {
    const cache = await caches.open(names.offline);
    await Promise.all(
      fetchedAheadPaths.map(async (path) => {
        if ((await cache.match(path))?.headers.get(keptHeaders.build) === build) return;
        const response = await fetch(path, { cache: 'no-cache' }).catch(() => undefined);
        if (!response?.ok) return;
        const headers = new Headers(response.headers);
        headers.set(keptHeaders.build, build);
        await cache.put(path, new Response(await response.blob(), { status: response.status, headers }));
      }),
    );
  })().finally(() => {
    fetchingAhead = undefined;
  });
  return fetchingAhead;
}

/** A same-origin answer worth keeping: a success, and for a page, HTML. */
const keepable = (response: Response, page: boolean) =>
  response.ok &&
  response.type === 'basic' &&
  (!page || (response.headers.get('content-type') ?? '').includes('text/html'));

async function navigation(event: FetchEvent): Promise<Response> {
  // A copy counts as saved when its page was opened, not when the network's answer arrived: a slow
  // refresh of the page before must not outlive, in the cache's order, the page opened after it.
  const openedAt = Date.now();
  const url = pageKey(event.request.url);
  if (new URL(url).pathname === offlinePath) return offlinePage(event.request);
  if (new URL(url).pathname === routes.contactKept) {
    const saved = await (await caches.open(names.offline)).match(routes.contactKept);
    // Not fetched ahead (lite mode): the contact page the visitor sent it from, whose note at
    // `#kept` says the message is kept.
    const contactPage = new URL(`${routes.contact}#${contactKeptAnchor}`, self.location.origin).href;
    return fetch(event.request).catch(() => saved ?? Response.redirect(contactPage, 303));
  }
  const cache = await caches.open(names.pages);
  const keep = isKeptPage(url);
  const kept = keep ? await cache.match(url) : undefined;
  const newerWorker = Boolean(self.registration.installing || self.registration.waiting);
  const wait = networkWait(kept && { build: kept.headers.get(keptHeaders.build) }, { build, newerWorker }, limits);
  if (kept && wait === 0) {
    // Stale-while-revalidate: the copy now, the network's answer once the page has loaded.
    const copy = kept.clone();
    event.waitUntil(loadOf(url).then((refresh) => (refresh ? refreshKept(cache, url, copy, openedAt) : undefined)));
    return kept;
  }
  const fromNetwork = fetch(event.request);
  // The network's answer is kept (the copy taken before the page reads it), also after the
  // kept copy has answered (stale-while-revalidate).
  event.waitUntil(
    fromNetwork.then(
      (response) =>
        keep && keepable(response, true)
          ? putBounded(cache, url, response.clone(), limits.pages, { build, now: openedAt })
          : undefined,
      () => undefined,
    ),
  );
  if (kept) {
    // The network, unless it fails or is slower than `wait`: then the kept copy.
    const late = new Promise<Response>((resolve) => setTimeout(() => resolve(kept), wait));
    return Promise.race([fromNetwork, late]).catch(() => kept);
  }
  return fromNetwork.catch(() => offlinePage(event.request));
}

/** Pages answered from their copy whose load the worker awaits, by address: each waiter's callback. */
const awaitingLoad = new Map<string, Set<(refresh: boolean) => void>>();

/**
 * Resolves when the page at `url` has loaded (its script says so), or `refreshWithoutLoadMs` after
 * it was opened: with whether its copy is to be refreshed (not in lite mode, whose pages say so).
 */
function loadOf(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const waiters = awaitingLoad.get(url) ?? new Set<(refresh: boolean) => void>();
    awaitingLoad.set(url, waiters);
    const done = (refresh: boolean) => {
      clearTimeout(timer);
      waiters.delete(done);
      if (waiters.size === 0 && awaitingLoad.get(url) === waiters) awaitingLoad.delete(url);
      resolve(refresh);
    };
    const timer = setTimeout(() => done(true), refreshWithoutLoadMs);
    waiters.add(done);
  });
}

function pageHasLoaded(url: string, { refresh }: { refresh: boolean }) {
  for (const done of [...(awaitingLoad.get(pageKey(url)) ?? [])]) done(refresh);
}

/**
 * The refresh of a kept page, asked on the copy's ETag: a 304 keeps the copy (saved anew, as the
 * page was opened), a new page replaces it; no answer leaves it as it is.
 */
async function refreshKept(cache: Cache, url: string, copy: Response, openedAt: number): Promise<void> {
  const response = await fetch(url, { headers: refreshHeaders(copy.headers.get('etag')), cache: 'no-store' }).catch(
    () => undefined,
  );
  if (response?.status === 304) await putBounded(cache, url, copy, limits.pages, { build, now: openedAt });
  else if (response && keepable(response, true))
    await putBounded(cache, url, response, limits.pages, { build, now: openedAt });
}

/** The offline page, from the network when there is one, with the list of kept pages filled in. */
async function offlinePage(request: Request): Promise<Response> {
  const saved = await (await caches.open(names.offline)).match(offlinePath);
  const page =
    request.mode === 'navigate' && new URL(request.url).pathname === offlinePath
      ? await fetch(request).catch(() => saved)
      : saved;
  if (!page) return Response.error();
  const html = await page.text();
  const suffix = titleSuffix(html);
  const cache = await caches.open(names.pages);
  const pages: KeptPage[] = await Promise.all(
    (await savedEntries(cache)).map(async ({ url, savedAt }) => ({
      // A search kept with its query (requests.ts, isKeptPage) opens again at its own address.
      path: `${new URL(url).pathname}${new URL(url).search}`,
      title: pageTitle((await (await cache.match(url))?.text()) ?? '', suffix) || new URL(url).pathname,
      savedAt,
    })),
  );
  const format = (ms: number) => new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  const headers = new Headers(page.headers);
  for (const name of ['content-encoding', 'content-length', 'etag', 'last-modified']) headers.delete(name);
  headers.set('cache-control', 'no-store');
  return new Response(fillKeptList(html, pages, format), { status: page === saved ? 503 : page.status, headers });
}

async function cacheFirst(event: FetchEvent, name: string, max: number): Promise<Response> {
  const cache = await caches.open(name);
  const kept = await cache.match(event.request.url);
  if (kept) return kept;
  const response = await fetch(event.request);
  if (keepable(response, false))
    event.waitUntil(putBounded(cache, event.request.url, response.clone(), max, { build }).catch(() => undefined));
  return response;
}

/**
 * The contact form posted without the page's script (lite mode, or a page whose script did not
 * load). The message is kept in this browser first, under the id the form carries (the page
 * rendered on demand gives one) or one made here, and posted with that id, so the server stores
 * it once however often it arrives: closing the tab while it is on its way loses nothing, and the
 * next page of the site that opens online sends it again. An answer takes it out of the outbox
 * and passes through as it is (the thank-you page, or the form with its reasons); when there is
 * no answer, or a 5xx, it stays, the browser is asked for a Background Sync, and the visitor
 * lands on the page that says the message is kept (docs/decisions/0047-kept-before-sending.md).
 */
async function contactFormPost(request: Request): Promise<Response> {
  const form = new URLSearchParams(await request.text());
  const posted = form.get(browserIdField);
  const id = isBrowserId(posted) ? posted : newBrowserId();
  form.set(browserIdField, id);
  const keptFirst = await keepEnquiry(enquiryFromForm(form), { id }).then(
    () => true,
    () => false, // No IndexedDB (some private windows): posted all the same, without a copy.
  );
  try {
    // `manual`: a navigation must get the redirect itself (303 to the thank-you page, 307 to the
    // form with its reasons), which the browser then follows as it would without a worker.
    const response = await fetch(request.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
      redirect: 'manual',
    });
    if (response.type === 'opaqueredirect' || response.status < 500) {
      await removeEnquiry(id).catch(() => undefined);
      return response;
    }
  } catch {
    // No connection, or the tab went: the copy waits.
  }
  if (!keptFirst) return Response.error();
  await (self.registration as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }).sync
    ?.register(outboxSyncTag)
    .catch(() => undefined);
  return Response.redirect(new URL(routes.contactKept, self.location.origin).href, 303);
}

/** Sends the messages kept in this browser, if any (one run at a time: outbox.ts), and tells the open pages. */
async function sendKept(): Promise<void> {
  try {
    if ((await keptEnquiries()).length === 0) return;
    const report = await sendKeptMessages(fetch);
    if (report.sent.length === 0) return;
    const sent = report.sent.map(({ id, reference }) => ({ id, reference }));
    for (const client of await self.clients.matchAll({ type: 'window' }))
      client.postMessage({ [outboxSentMessage]: sent });
  } catch {
    // The outbox could not be read: the next navigation tries again.
  }
}

// Background Sync (Chromium): the browser wakes the worker once the connection is back.
self.addEventListener('sync', (event) => {
  const sync = event as ExtendableEvent & { tag?: string };
  if (sync.tag === outboxSyncTag) sync.waitUntil(sendKept());
});
