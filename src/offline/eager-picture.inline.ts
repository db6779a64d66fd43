/**
 * Follows a page's first picture (`priority`, src/components/ui/ContentPicture.astro), which is lazy
 * like every content picture so that lite mode can leave it out: where the picture is shown, it
 * makes it eager at once, so it is fetched as the page is read, first in line, rather than after
 * layout. "Shown" is read from the stylesheet, which a script waits for: lite mode hides the
 * picture, and so does a layout that leaves it out (a page head's picture below 1024 px,
 * PageHero.astro); a hidden lazy picture is never fetched.
 */
const image = document.currentScript?.previousElementSibling?.querySelector('img');
if (image?.getClientRects().length) image.loading = 'eager';
