/**
 * The contact form a product's or technology's link filled in (/contact?topic=…&about=…#form):
 * focus goes to its first empty field, which a visitor fills in next, while the view stays where
 * the address's #form put it, on the note that names what was filled in. After the load event:
 * Chromium clears the focus when it scrolls to a fragment whose target cannot take focus, which
 * it may do until the page has loaded. A visitor who has already focused something keeps it.
 * Only the contact page rendered on demand carries it, so its hash is added to that page's policy
 * alone (src/pages/contact/form.astro), not to every page's.
 */
addEventListener('load', () => {
  setTimeout(() => {
    const form = document.querySelector<HTMLFormElement>('form[aria-describedby=contact-prefilled]');
    if (!form || (document.activeElement && document.activeElement !== document.body)) return;
    for (const field of form.elements as HTMLCollectionOf<HTMLInputElement>) {
      if (
        /^(INPUT|SELECT|TEXTAREA)$/.test(field.tagName) &&
        field.type !== 'hidden' &&
        field.tabIndex >= 0 &&
        !field.value &&
        field.offsetParent
      ) {
        field.focus({ preventScroll: true });
        break;
      }
    }
  });
});
