/**
 * Lite mode: the site on the worst connection. It is on when the browser asks to save data
 * (`navigator.connection.saveData`, the setting behind the `Save-Data: on` header), when the
 * connection reports 2G or slow-2G, or when the visitor turned it on with the control in the
 * footer; the visitor's own choice, on or off, wins and is remembered in localStorage. While it is
 * on, a line at the top of every page says so and offers to turn it off (shown by the stylesheet
 * alone, so it needs no island).
 *
 * While it is on, `<html>` carries `data-lite`, and:
 * - pictures marked decorative (page heads, illustrations) are hidden by the stylesheet; since
 *   every content picture loads lazily, a hidden one is never fetched;
 * - a product picture shows a "Show picture" button in its place, and loads when it is tapped;
 * - islands do not hydrate on their own (src/hydration): the statistic badge stays on its first
 *   figure, the contact form stays the plain HTML form, and typing in the search field loads
 *   nothing (Enter opens /search).
 *
 * The decision has to be made before the first paint, so it is a few lines of inline script at
 * the top of <head> (./lite-mode.inline.ts; its hash is in the Content Security Policy); the
 * same script answers the footer control and the "Show picture" buttons through one click
 * listener, so no file is downloaded for any of it. This module holds only the names both sides
 * share, small enough for the hydration directives, which every page inlines.
 */

/** The attribute `<html>` carries in lite mode; the stylesheet and the hydration directives read it. */
export const liteModeAttribute = 'data-lite';
/** The localStorage key of the visitor's own choice: "on" or "off". */
export const liteModeStorageKey = 'lite-mode';
/** The footer control (a button with aria-pressed); the script shows the hidden element around it. */
export const liteModeToggleAttribute = 'data-lite-toggle';
/** The button of the line at the top of the page that turns lite mode off. */
export const liteModeOffAttribute = 'data-lite-off';
/** The button in place of a product picture; the picture is the nearest <picture> before it. */
export const showPictureAttribute = 'data-show-picture';
/** Set on a product picture once it has been asked for. */
export const pictureShownAttribute = 'data-shown';

/** Whether the page is in lite mode (for island and directive code, which runs after the script). */
export const isLiteMode = (doc: Document = document): boolean => doc.documentElement.hasAttribute(liteModeAttribute);
