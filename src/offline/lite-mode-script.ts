/**
 * Lite mode's inline script (see src/offline/lite-mode.ts): decides whether the page is in lite mode
 * before the first paint, and answers the footer control and the "Show picture" buttons.
 */
import { liteModeAttribute, liteModeStorageKey, liteModeToggleAttribute, pictureShownAttribute, showPictureAttribute } from './lite-mode';

/**
 * The script, kept small since every page carries it: it runs first on every page and must never
 * stop one (localStorage throws in some private modes). `/2g$/` matches "2g" and "slow-2g".
 */
const toggle = `[${liteModeToggleAttribute}]`;
const show = `[${showPictureAttribute}]`;
export const liteModeScript = `(()=>{const d=document,h=d.documentElement,k="${liteModeStorageKey}",a="${liteModeAttribute}";let c=null;try{c=localStorage.getItem(k)}catch{}const n=navigator.connection;h.toggleAttribute(a,c=="on"||c!="off"&&!!n&&(n.saveData||/2g$/.test(n.effectiveType)));const s=()=>{for(const b of d.querySelectorAll("${toggle}")){b.closest("[hidden]")?.removeAttribute("hidden");b.setAttribute("aria-pressed",h.hasAttribute(a))}};d.addEventListener("click",e=>{const t=e.target.closest?.("${show},${toggle}");if(!t)return;if(t.matches("${show}")){let p=t.previousElementSibling;while(p&&p.tagName!="PICTURE")p=p.previousElementSibling;const i=p?.querySelector("img");p?.setAttribute("${pictureShownAttribute}","");if(i){i.tabIndex=-1;i.focus()}}else{const on=h.toggleAttribute(a);try{localStorage.setItem(k,on?"on":"off")}catch{}s()}});d.readyState=="loading"?d.addEventListener("DOMContentLoaded",s):s()})();`;

/**
 * Follows a page's first picture (`priority`, ContentPicture.astro), which is lazy like every
 * content picture so that lite mode can leave it out: where the picture is shown, it makes it
 * eager at once, so it is fetched as the page is read, first in line, rather than after layout.
 * "Shown" is read from the stylesheet, which a script waits for: lite mode hides the picture, and
 * so does a layout that leaves it out (a page head's picture below 1024 px, PageHero.astro); a
 * hidden lazy picture is never fetched.
 */
export const eagerPictureScript = `(i=>i.getClientRects().length&&(i.loading="eager"))(document.currentScript.previousElementSibling.querySelector("img"));`;
