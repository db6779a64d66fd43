/**
 * Which requests the service worker (src/service-worker/sw.ts) answers, and how: pure decisions,
 * unit-tested (tests/unit/offline-requests.test.ts), kept apart from the worker's Cache API code.
 *
 * Plain TypeScript without imports of the browser, so Node runs it in the tests as it is.
 */

/** Where the offline page is built (src/pages/offline.astro); the worker keeps its own copy. */
export const offlinePath = '/offline';

/** The worker's own file: /sw.js, written by the build (src/service-worker/integration.ts). */
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
 *   see `navigationPlan`);
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

/** What the worker does with a request (see `RequestKind`). `origin` is the site's own. */
export function requestKind(request: RequestLike, origin: string): RequestKind {
  // Forms and every other method (the contact form's POST among them) are the network's.
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
 * Whether an opened page is kept for offline use: pages at their own address only. An address
 * with a query is the contact form pre-filled (rendered on demand) or a search, one copy per
 * query; the offline page itself is kept apart.
 */
export function isKeptPage(url: string): boolean {
  const { pathname, search } = new URL(url);
  return search === '' && pathname !== offlinePath && !pathname.startsWith('/documents/');
}

/** The cache key of a page: its address without the fragment. */
export const pageKey = (url: string) => url.split('#')[0]!;

/**
 * How a navigation is answered, given the copy kept of that page:
 *
 * - `cache`: the kept copy at once, and the network in the background to refresh it
 *   (stale-while-revalidate): on a slow link the page renders without waiting for the network;
 * - `network`: the network first, the kept copy only if the network fails or is slower than the
 *   worker's timeout after a deploy (`deployTimeoutMs`), the offline page if there is no copy.
 *
 * A copy saved by an earlier build, or any copy while a newer worker is being installed (a deploy
 * the browser has just found), is answered from the network: after a deploy the next navigation
 * shows the new content.
 */
export function navigationPlan(kept: { build: string | null } | undefined, build: string, newerWorker: boolean): 'cache' | 'network' {
  if (!kept || newerWorker || kept.build !== build) return 'network';
  return 'cache';
}

/** The worker's caches; a new name for one drops what older workers kept in it. */
export const cacheNames = { pages: 'kept-pages-v1', images: 'kept-images-v1', assets: 'kept-files-v1', offline: 'offline-page-v1' } as const;

/** Header names the worker adds to each copy it keeps. */
export const keptHeaders = { savedAt: 'x-kept-saved-at', build: 'x-kept-build' } as const;
