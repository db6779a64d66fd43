/**
 * Which Netlify Blobs store a function of a deploy context uses. Production, and local runs
 * (`npm start`, `npm run dev`: context "dev", or none in tests and scripts), use the store's own
 * name; deploy previews, branch deploys and any other context use "<name>-<context>", so what a
 * preview receives never sits among production's data. The contact messages
 * (src/contact/deploy-context.ts) and the security policy's reports (src/security/reports) are
 * kept this way.
 *
 * The context comes from the function's `context.deploy.context`; Netlify's build-time variable
 * CONTEXT is not given to functions at run time.
 */

/** Contexts whose data are the real ones. */
export function isProductionContext(deployContext: string | undefined): boolean {
  return !deployContext || deployContext === 'production' || deployContext === 'dev';
}

/** The Blobs store called `name` in production, for a deploy context. */
export function contextStoreName(name: string, deployContext: string | undefined): string {
  if (isProductionContext(deployContext)) return name;
  // Store names allow more, but a plain slug reads well in Netlify's Blobs browser.
  const slug = deployContext!
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return `${name}-${slug || 'other'}`;
}
