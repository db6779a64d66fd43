/** Where /admin's preview posts the entry it shows (src/pages/admin/render.astro). */
export const renderPath = '/admin/render';

/** Where /admin posts a change before saving it, for the whole content check (src/pages/admin/check.ts). */
export const checkPath = '/admin/check';

/**
 * The policy the renderer's answers carry besides the site's: were one opened as a page, it would
 * be a sandbox, with no script, form or same-origin access (src/middleware.ts adds it, after
 * Astro has written the page's own policy).
 */
export const renderPolicy = 'sandbox';
