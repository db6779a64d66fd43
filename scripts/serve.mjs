/**
 * Serves the production build (dist/) on http://localhost:4321 (PORT, HOST) with the functions of
 * netlify/functions, a local Netlify Blobs store and netlify.toml's headers and redirects, offline
 * and without a Netlify account. What it does and how it differs from production:
 * tools/local-netlify/site-server.mjs and docs/decisions/0006-local-servers.md. npm's "serve" script
 * loads .env (--env-file-if-exists).
 */
import { fileURLToPath } from 'node:url';
import { startSiteServer } from '../tools/local-netlify/site-server.mjs';
import { forgetRunningSite, recordRunningSite } from '../tools/local-netlify/local-messages.mjs';

// Errors logged by a function point at its TypeScript source.
process.setSourceMapsEnabled(true);

const site = await startSiteServer({
  projectRoot: fileURLToPath(new URL('..', import.meta.url)),
  port: Number(process.env.PORT ?? 4321),
  host: process.env.HOST ?? 'localhost',
});
console.log(`Site ready on ${site.url} (production build with Netlify functions, headers and redirects)`);
// `npm run messages` names this address.
recordRunningSite(site.url);

function shutdown() {
  forgetRunningSite();
  site.close().finally(() => process.exit(0));
}
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
