/**
 * Which requests the service worker (src/offline/sw.ts) answers, and how: pure decisions,
 * unit-tested (tests/unit/offline-requests.test.ts), kept apart from the worker's Cache API code.
 *
 * Plain TypeScript without imports of the browser, so Node runs it in the tests as it is.
 */
import { routes } from '../model/routes';

/** Where the offline page is built (src/pages/offline.astro); the worker keeps its own copy. */
export const offlinePath = '/offline';

/**
 * The pages the worker fetches before they are needed, once a page outside lite mode has loaded
 * and asks for them (./after-load.inline.ts): the offline page and the one that says a contact
 * message is kept in this browser (src/pages/contact/kept.astro). Their layout is the small one
 * (src/layouts/SlimLayout.astro), since every first visit pays for them. In lite mode nothing is
 * fetched ahead.
 */
export const fetchedAheadPaths = [offlinePath, routes.contactKept] as const;

/** The worker's own file: /sw.js, written by the build (src/offline/integration.ts). */
export const workerPath = '/sw.js';

/**
 * Paths the worker never answers: the content editor, the site's functions (the contact form's
 * endpoint included) and Netlify's function paths. Their requests go to the network as if there
 * were no worker.
 */
export const bypassedPrefixes = ['/admin/', '/api/', '/.netlify/functions/'] as const;

/** Where pictures come from: Netlify Image CDN (src/components/ui/ContentPicture.astro). */
export const imageCdnPath = '/.netlify/images';

/** Files whose names carry a hash of their content (Astro's build output): they never change. */
export const hashedAssetsPrefix = '/_astro/';

/**
 * - `page`: a navigation to a page of the site, kept in the pages cache (stale-while-revalidate,
 *   see `networkWait`);
 * - `image`: a picture of the image CDN, kept in the pictures cache (cache first);
 * - `asset`: a hashed build file (stylesheet, island script, SVG), kept in the files cache (cache first);
 * - `bypass`: not answered by the worker at all (no `respondWith`): the browser fetches it as if
 *   there were no worker.
 */
export type RequestKind = 'page' | 'image' | 'asset' | 'bypass';

export interface RequestLike {
  method: string;
  url: string;
  /** `navigate` for a page the browser opens. */
  mode: string;
}

const isBypassedPath = (path: string) =>
  path === '/admin' || bypassedPrefixes.some((prefix) => path.startsWith(prefix)) || path === workerPath;

/**
 * Whether a request is the contact form posted without the page's script (a navigation that
 * posts to the form's endpoint): the one request to /api/ the worker answers, so that a message
 * written on a dead link is kept in the browser and sent later (sw.ts). The form's script posts
 * with fetch and keeps its own messages; those requests stay the network's.
 */
export function isContactFormPost(request: RequestLike, origin: string, endpoint: string): boolean {
  const url = new URL(request.url);
  return request.method === 'POST' && request.mode === 'navigate' && url.origin === origin && url.pathname === endpoint;
}

/** What the worker does with a request (see `RequestKind`). `origin` is the site's own. */
export function requestKind(request: RequestLike, origin: string): RequestKind {
  // Every method but GET is the network's here; the one POST the worker answers, the contact form
  // posted without JavaScript, is told apart before this (`isContactFormPost`).
  if (request.method !== 'GET') return 'bypass';
  const url = new URL(request.url);
  if (url.origin !== origin) return 'bypass';
  if (isBypassedPath(url.pathname)) return 'bypass';
  if (request.mode === 'navigate') return 'page';
  if (url.pathname === imageCdnPath) return 'image';
  if (url.pathname.startsWith(hashedAssetsPrefix)) return 'asset';
  // Search's index, documents, icons, the manifest: the browser's own cache handles them.
  return 'bypass';
}

/**
 * Whether an opened page is kept for offline use: pages at their own address, and searches. A
 * search opened before shows its results again offline (one copy per query, within the pages'
 * bound); any other address with a query is the contact form pre-filled, rendered on demand for
 * one visit, and not kept. The offline page itself is kept apart.
 */
export function isKeptPage(url: string): boolean {
  const { pathname, search } = new URL(url);
  if (pathname === routes.search) return true;
  return search === '' && pathname !== offlinePath && !pathname.startsWith('/documents/');
}

/** The cache key of a page: its address without the fragment. */
export const pageKey = (url: string) => url.split('#')[0]!;

/**
 * How long a navigation to a kept page waits for the network before the kept copy answers, in ms
 * (the network's answer still refreshes the copy when it comes); `undefined` when nothing is
 * kept: the network, and the offline page if it fails.
 *
 * - A copy kept by this build: `networkTimeoutMs`, 0 for stale-while-revalidate (the site's
 *   strategy: the copy at once, the network in the background), or a few seconds for network
 *   first with a timeout (docs/decisions/0033-service-worker-stale-while-revalidate.md).
 * - A copy kept by an earlier build, or any copy while a newer worker is being installed (a deploy
 *   the browser has just found): `deployTimeoutMs`, so after a deploy the next navigation shows
 *   the new content unless the network is slower than that.
 */
export function networkWait(
  kept: { build: string | null } | undefined,
  current: { build: string; newerWorker: boolean },
  settings: { networkTimeoutMs: number; deployTimeoutMs: number },
): number | undefined {
  if (!kept) return undefined;
  if (current.newerWorker || kept.build !== current.build) return settings.deployTimeoutMs;
  return settings.networkTimeoutMs;
}

/**
 * A page answered from the copy this build kept (stale-while-revalidate) is refreshed once it has
 * loaded, so the refresh never takes a slow link from what the page needs to render: the page's
 * after-load script tells the worker (./after-load.inline.ts). A
 * page opened without its script never tells: its refresh starts this long after it was opened.
 */
export const refreshWithoutLoadMs = 5000;

/**
 * The request headers of that refresh: conditional on the copy's ETag, so a page that has not
 * changed costs only the headers of a 304 answer.
 */
export const refreshHeaders = (etag: string | null): Record<string, string> => (etag ? { 'if-none-match': etag } : {});

/** The worker's caches; a new name for one drops what older workers kept in it. */
export const cacheNames = {
  pages: 'kept-pages-v1',
  images: 'kept-images-v1',
  assets: 'kept-files-v1',
  offline: 'offline-page-v1',
} as const;

/** Header names the worker adds to each copy it keeps. */
export const keptHeaders = { savedAt: 'x-kept-saved-at', build: 'x-kept-build' } as const;
