/**
 * The service worker's kill switch: the build setting `SERVICE_WORKER=off` makes the build emit,
 * at /sw.js, a worker that deletes the site's caches and unregisters itself (./sw-remove.ts), and
 * pages that register no worker. Browsers check /sw.js on every navigation (netlify.toml gives it
 * `Cache-Control: no-cache`), so each visitor's worker is replaced and gone at their next visit.
 * docs/operations.md says when and how; `SERVICE_WORKER=on` or unset is the worker as usual.
 *
 * Plain JavaScript without imports, so the worker's bundle (./bundle.mjs) and the inline scripts'
 * (tools/build/inline-scripts.ts) read it alike.
 */

export const workerSwitchVariable = 'SERVICE_WORKER';

/**
 * Whether the build ships the self-removing worker. A value that is neither "on" nor "off" stops
 * the build: a mistyped kill switch must not pass unnoticed.
 * @param {{ SERVICE_WORKER?: string | undefined }} [env]
 * @returns {boolean}
 */
export function workerSwitchedOff(env = process.env) {
  const value = (env.SERVICE_WORKER ?? '').trim().toLowerCase();
  if (value === '' || value === 'on') return false;
  if (value === 'off') return true;
  throw new Error(`${workerSwitchVariable} is "${env.SERVICE_WORKER}"; it must be "on" (or unset) or "off".`);
}
