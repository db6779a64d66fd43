/**
 * The not-found page logs the path the visitor asked for. As a warning, not an error: a mistyped
 * address is not a fault of the page, and Lighthouse's best-practices score counts console errors.
 */
console.warn('404 Error: User attempted to access non-existent route:', window.location.pathname);
