/**
 * The few lines of script that pages carry inline instead of loading a file. They live here so
 * the Content Security Policy can list their hashes (astro.config.mjs): Astro hashes the scripts
 * it bundles, not inline ones.
 */
import { cspHash } from '../security/csp';
import { eagerPictureScript, liteModeScript } from '../offline/lite-mode-script';
import { workerPath } from '../offline/requests';
import { liteModeAttribute } from '../offline/lite-mode';
import { routes } from '../model/routes';
import { vitalsSampleAttribute } from '../vitals/sample';

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

/**
 * An item page whose documents of one type come in several languages lists them in the page's
 * language first (src/model/item-page.ts, `documentGroups`); this puts the ones in the visitor's
 * languages first instead, in the order the browser names them (`navigator.languages`; an exact
 * "en-GB" before a plain "en"), the rest after in the built order. It runs once, inline right
 * after the list, before the list is painted: no file is loaded, nothing moves on screen, and
 * without JavaScript the built order stands. Only the pages with such a list carry it (its hash is
 * in their folder's policy: see `inlineScriptHashes`).
 */
export const documentOrderScript =
  '(()=>{const l=navigator.languages?.length?navigator.languages:[navigator.language||""],p=c=>c.toLowerCase().split("-")[0],' +
  'r=h=>{for(let i=0;i<l.length;i++){if(l[i].toLowerCase()===h.toLowerCase())return 2*i;if(p(l[i])===p(h))return 2*i+1}return 2*l.length};' +
  'for(const u of document.querySelectorAll("[data-by-language]"))[...u.children].map((c,i)=>[r(c.querySelector("[hreflang]")?.getAttribute("hreflang")||""),i,c])' +
  '.sort((a,b)=>a[0]-b[0]||a[1]-b[1]).forEach(e=>u.append(e[2]))})();';

/**
 * How long after the load event a page links its manifest and registers the service worker. The
 * load event comes when the page's pictures have arrived, not when they are on screen: a phone
 * still decodes and paints the largest one after it. The manifest's request, begun at the load
 * event, came before that paint in half the Lighthouse runs of a page with a picture in its head,
 * and then shared the link with it: one round trip more of simulated LCP (README, *Decisions*).
 * A second later both are done while the visitor reads.
 */
export const afterLoadDelayMs = 1000;

/**
 * What every page does a second after it has loaded (`afterLoadDelayMs`), so that none of it
 * competes with the page's own downloads and first paint on a slow link:
 * - it links the web app manifest, which browsers fetch as soon as it is linked (with
 *   credentials, over the page's own connection rather than a new one: same origin, and the site
 *   sets no cookies);
 * - it registers the service worker (/sw.js, src/offline/). A page that loaded before the
 *   worker took control (the first page of a first visit) tells the worker its address and the
 *   files it loaded, which the worker keeps from the browser's cache. A page the worker answered
 *   from its copy tells it that it has loaded: the worker refreshes the copy then, not while the
 *   page still needs the link (src/offline/sw.ts). Browsers without service workers, or
 *   where the registration fails (private windows of some browsers), carry on without one.
 * Without JavaScript there is neither: no worker, and no manifest, which would offer to install
 * a site that cannot work offline.
 */
export const afterLoadScript =
  `addEventListener("load",()=>setTimeout(()=>{const l=document.createElement("link");l.rel="manifest";l.href="${routes.manifest}";l.crossOrigin="use-credentials";document.head.append(l);` +
  `if(!("serviceWorker"in navigator))return;const s=navigator.serviceWorker;s.register("${workerPath}").then(()=>s.controller?s.controller.postMessage({loaded:location.href}):` +
  `s.ready.then(r=>r.active?.postMessage({keep:[location.href,...performance.getEntriesByType("resource").map(e=>e.name)]}))).catch(()=>{})},${afterLoadDelayMs}));`;

/**
 * The contact form a product's or technology's link filled in (/contact?topic=…&about=…#form):
 * focus goes to its first empty field, which a visitor fills in next, while the view stays where
 * the address's #form put it, on the note that names what was filled in. After the load event:
 * Chromium clears the focus when it scrolls to a fragment whose target cannot take focus, which
 * it may do until the page has loaded. A visitor who has already focused something keeps it.
 * Only the contact page rendered on demand carries it, so its hash is added to that page's policy
 * alone (src/pages/contact/form.astro), not to every page's.
 */
export const focusFirstEmptyFieldScript =
  'addEventListener("load",function(){setTimeout(function(){var f=document.querySelector("form[aria-describedby=contact-prefilled]");' +
  'if(!f||(document.activeElement&&document.activeElement!==document.body))return;' +
  'for(var i=0;i<f.elements.length;i++){var e=f.elements[i];if(/^(INPUT|SELECT|TEXTAREA)$/.test(e.tagName)&&e.type!=="hidden"&&e.tabIndex>=0&&!e.value&&e.offsetParent){e.focus({preventScroll:true});break}}})});';

/**
 * Field data of real visits (src/vitals/sample.ts): once the page has loaded and the browser
 * is idle, a sample of page views loads the field-data script (src/vitals/client.ts), which sends
 * one beacon when the visitor leaves the page. Every other page view fetches nothing. Never in lite
 * mode, under Save-Data, or in a browser that reports being driven by automation
 * (`navigator.webdriver`: Playwright, WebDriver, the bench's Lighthouse runs), whose figures are
 * not a visitor's. The sample comes from the script's own attribute, so the text (and its hash)
 * never changes with the setting.
 */
export const vitalsScript =
  `(s=>addEventListener("load",()=>{const n=navigator;Math.random()<s.getAttribute("${vitalsSampleAttribute}")&&!n.webdriver&&!n.connection?.saveData&&!document.documentElement.hasAttribute("${liteModeAttribute}")&&` +
  `(self.requestIdleCallback||setTimeout)(()=>{const e=document.createElement("script");e.src="${routes.vitalsScript}";document.body.append(e)})}))(document.currentScript)`;

/**
 * The policy Astro computes lists these. The build then keeps, in each page's policy, the hashes
 * of the scripts that page carries (src/security/headers.ts), and where the pages of a folder
 * share a rule, those any of them carries: the document-order script's hash is sent only where an
 * item page with documents in several languages is.
 */
export const inlineScriptHashes = (): `sha256-${string}`[] =>
  [liteModeScript, eagerPictureScript, logNotFoundScript, viewedDateScript, afterLoadScript, documentOrderScript, vitalsScript].map(cspHash);
