/**
 * The few lines of script that pages carry inline instead of loading a file. They live here so
 * the Content Security Policy can list their hashes (astro.config.mjs): Astro hashes the scripts
 * it bundles, not inline ones.
 */
import { cspHash } from './csp';
import { eagerPictureScript, liteModeScript } from './lite-mode-script';

/**
 * The not-found page logs the path the visitor asked for. As a warning, not an error: a mistyped
 * address is not a fault of the page, and Lighthouse's best-practices score counts console errors.
 */
export const logNotFoundScript =
  "console.warn('404 Error: User attempted to access non-existent route:', window.location.pathname);";

/** Legal pages show the visitor's own date as "Last updated" (the HTML carries the build date). */
export const viewedDateScript =
  "(function(){var t=document.querySelector('[data-viewed-date]');if(!t)return;var d=new Date();" +
  "t.textContent=d.toLocaleDateString('en-US',{year:'numeric',month:'long',day:'numeric'});" +
  "t.setAttribute('datetime',[d.getFullYear(),String(d.getMonth()+1).padStart(2,'0'),String(d.getDate()).padStart(2,'0')].join('-'));})();";

export const inlineScriptHashes = (): `sha256-${string}`[] => [liteModeScript, eagerPictureScript, logNotFoundScript, viewedDateScript].map(cspHash);
