/**
 * An item page whose documents of one type come in several languages lists them in the page's
 * language first (src/model/item-page.ts, `documentGroups`); this puts the ones in the visitor's
 * languages first instead, in the order the browser names them (`navigator.languages`; an exact
 * "en-GB" before a plain "en"), the rest after in the built order. It runs once, inline right
 * after the list, before the list is painted: no file is loaded, nothing moves on screen, and
 * without JavaScript the built order stands. Only the pages with such a list carry it, and its hash
 * is in their folder's policy only (src/security/headers.ts).
 */
const languages = navigator.languages?.length ? navigator.languages : [navigator.language || ''];
const primary = (code: string) => code.toLowerCase().split('-')[0];

/** 2i for the visitor's i-th language exactly, 2i + 1 for its primary language, after all of them otherwise. */
const rank = (hreflang: string) => {
  for (let i = 0; i < languages.length; i++) {
    if (languages[i]!.toLowerCase() === hreflang.toLowerCase()) return 2 * i;
    if (primary(languages[i]!) === primary(hreflang)) return 2 * i + 1;
  }
  return 2 * languages.length;
};

for (const list of document.querySelectorAll('[data-by-language]')) {
  [...list.children]
    .map((child, index) => ({
      rank: rank(child.querySelector('[hreflang]')?.getAttribute('hreflang') || ''),
      index,
      child,
    }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .forEach(({ child }) => list.append(child));
}
