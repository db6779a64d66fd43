/**
 * Lite mode's inline script (see ./lite-mode.ts), first in every page's <head>: decides whether the
 * page is in lite mode before the first paint, and answers the footer control, the top line's
 * "turn off" button and the "Show picture" buttons through one click listener. Kept small since every page carries it, and it must
 * never stop a page: localStorage throws in some private modes. `/2g$/` matches "2g" and "slow-2g".
 */
import {
  liteModeAttribute,
  liteModeOffAttribute,
  liteModeStorageKey,
  liteModeToggleAttribute,
  pictureShownAttribute,
  showPictureAttribute,
} from './lite-mode';

const root = document.documentElement;
const toggle = `[${liteModeToggleAttribute}]`;
const off = `[${liteModeOffAttribute}]`;
const show = `[${showPictureAttribute}]`;
const connection = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } })
  .connection;

let choice: string | null = null;
try {
  choice = localStorage.getItem(liteModeStorageKey);
} catch {
  // No storage: the connection decides.
}
root.toggleAttribute(
  liteModeAttribute,
  choice === 'on' ||
    (choice !== 'off' && !!connection && (!!connection.saveData || /2g$/.test(connection.effectiveType ?? ''))),
);

/** Shows the footer control (hidden without JavaScript) and says whether lite mode is on. */
const showState = () => {
  for (const button of document.querySelectorAll(toggle)) {
    button.closest('[hidden]')?.removeAttribute('hidden');
    button.setAttribute('aria-pressed', String(root.hasAttribute(liteModeAttribute)));
  }
};

document.addEventListener('click', (event) => {
  const target = (event.target as Element | null)?.closest?.(`${show},${toggle},${off}`);
  if (!target) return;
  if (target.matches(show)) {
    // The button follows its picture: the nearest <picture> before it.
    let picture = target.previousElementSibling;
    while (picture && picture.tagName !== 'PICTURE') picture = picture.previousElementSibling;
    const image = picture?.querySelector('img');
    picture?.setAttribute(pictureShownAttribute, '');
    if (image) {
      image.tabIndex = -1;
      image.focus();
    }
  } else {
    const turningOff = target.matches(off);
    const on = root.toggleAttribute(liteModeAttribute, !turningOff && !root.hasAttribute(liteModeAttribute));
    try {
      localStorage.setItem(liteModeStorageKey, on ? 'on' : 'off');
    } catch {
      // Not remembered, but on for this page.
    }
    showState();
    // The line, and the button with it, are gone: the reader goes on from the top of the content.
    if (turningOff) document.getElementById('main')?.focus();
  }
});

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', showState);
else showState();
