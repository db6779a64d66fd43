// @ts-check
import { defineConfig } from 'astro/config';
import netlify from '@astrojs/netlify';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { sonnerStyle } from './src/security/csp.ts';
import { inlineScriptHashes, inlineScripts } from './tools/build/inline-scripts.ts';
import { publishedPictures } from './tools/build/published-pictures.ts';
import { productionReactOnServer } from './tools/build/production-react.ts';
import { markdownProcessor } from './src/text/markdown.ts';
import { lateHydration } from './src/hydration/integration.ts';
import { cms } from './src/cms/integration.ts';
import { contentCheck } from './tools/content-check/integration.ts';
import { serviceWorker } from './src/offline/integration.ts';
import { vitals } from './src/vitals/integration.ts';
import { notFoundRulesFile } from './src/not-found/integration.ts';
import { builtContent } from './src/server/integration.ts';
import { searchRewritesFile } from './src/search/integration.ts';
import { contactRewritesFile } from './src/contact/integration.ts';
import { securityHeaders } from './src/security/integration.ts';
import { policyDirectives } from './src/security/headers.ts';
import { siteUrl } from './src/model/site-url.ts';

// Canonical URLs, the sitemap and sharing tags name the address Netlify serves this build at
// (src/model/site-url.ts): SITE_URL or Netlify's URL in production, the deploy's own address on
// previews, a placeholder only for local builds.
const site = siteUrl(process.env);

/** A stylesheet up to this size (bytes, uncompressed) goes inline in its pages: the small layout's (src/layouts/SlimLayout.astro). */
const stylesheetInlineLimit = 12 * 1024;

export default defineConfig({
  site,
  output: 'static',
  trailingSlash: 'never',
  // The site's stylesheet is one file, cached by the browser and the service worker, so every page
  // after the first leaves it out, which keeps a five-page visit in lite mode within its budget
  // (docs/decisions/0022-stylesheet-as-one-cached-file.md). A small stylesheet stays inline (`stylesheetInlineLimit`): the two pages
  // the worker fetches ahead must open offline on their own.
  build: { format: 'file', inlineStylesheets: 'auto' },
  // Every page is prerendered (output: 'static'); the one route that depends on the request, the
  // contact page pre-filled or with a refused message's errors (src/pages/contact/form.astro, no
  // JavaScript needed), is rendered on demand by the adapter's function. The adapter also runs
  // `astro dev` with Netlify's local emulation (the contact function, Blobs, headers, redirects
  // and the image CDN); features the site does not use stay off: they would try to reach Netlify
  // or download Deno. `staticHeaders`: every prerendered page's Content Security Policy is handed
  // over as a header, not written into the page as a <meta> tag (src/security/integration.ts).
  adapter: netlify({
    staticHeaders: true,
    devFeatures: { images: true, environmentVariables: false, edgeFunctions: false },
    // /admin/check runs the whole content check on the content with an editor's change laid over
    // it, on the live site too: the function carries the content it was built from
    // (docs/decisions/0066-admin-runs-the-whole-content-check-before-saving.md).
    includeFiles: ['./src/content/**/*'],
  }),
  // The adapter would otherwise keep sessions in Netlify Blobs; the site has none.
  session: false,
  // Pictures are resized and encoded by Netlify Image CDN when first requested, and cached there,
  // so a build only copies the originals; `npm start` and `npm run dev` emulate the CDN locally.
  // (The adapter names the same service; it is written here so it stays if the adapter goes.)
  image: {
    service: { entrypoint: '@astrojs/netlify/image-service.js' },
  },
  markdown: {
    // No code blocks in the content: skip loading the syntax highlighter.
    syntaxHighlight: false,
    // Astro's own processor, with every Markdown body sanitised against an allow-list of
    // elements and attributes (src/text/markdown.ts), so pasted HTML cannot run or redirect.
    processor: markdownProcessor,
  },
  // Content Security Policy: Astro hashes every script and style of the site; the policy is sent
  // as a header (prerendered pages: dist/_headers, each with the hashes of what it carries only,
  // src/security/integration.ts; pages rendered on demand: by Astro itself), with frame-ancestors
  // and the reporting directives that a <meta> tag cannot carry (src/security/headers.ts).
  // No 'unsafe-inline'.
  security: {
    csp: {
      directives: [...policyDirectives],
      scriptDirective: {
        // 'report-sample': a report carries the first 40 characters of what was blocked.
        resources: ["'self'", "'report-sample'"],
        // Inline scripts are not hashed by Astro: the bundle of every *.inline.ts module (tools/build/inline-scripts.ts).
        hashes: inlineScriptHashes(),
      },
      styleDirective: {
        resources: ["'self'", "'report-sample'"],
        // The <style> element sonner (the contact form's toasts) adds when it loads, as Chromium
        // checks it; recorded in src/security/csp.ts (sonner has no option to leave it out).
        hashes: sonnerStyle.hashes,
      },
    },
  },
  integrations: [
    // Before anything is built: the content check of `npm run content:check`, the same code.
    contentCheck(),
    // Then what the functions read of the content, before anything is bundled (src/server/built-content.ts).
    builtContent(),
    react(),
    lateHydration(),
    // Every public page; the 404 and offline pages, the contact thank-you and kept pages, the
    // pages rendered on demand (the contact form with a query, search results) and /admin are not
    // for search engines.
    sitemap({
      filter: (page) =>
        !/\/(404|offline|contact\/thanks|contact\/kept|contact\/form|search\/results|search\/answer\.json|admin)(\/|$)/.test(
          new URL(page).pathname,
        ),
    }),
    cms(),
    // Netlify's 404 rules for missing catalogue addresses, made from the categories built.
    notFoundRulesFile(),
    // The rewrites of /search and /contact with a query to their pages rendered on demand, into dist/_redirects.
    searchRewritesFile(),
    contactRewritesFile(),
    // Each page's Content Security Policy, as Astro computed it, into dist/_headers.
    securityHeaders(),
    // The service worker, /sw.js, bundled after the pages are written (it carries a hash of them).
    serviceWorker(),
    // The field-data script, /vitals.js, which a sample of page views loads once idle.
    vitals(),
  ],
  vite: {
    // `?inline-script` imports: a module's bundle, the text a page inlines (tools/build/inline-scripts.ts).
    // Every picture the build writes goes out without EXIF, GPS, XMP or IPTC (tools/build/published-pictures.ts).
    // React's production build in the pages rendered on demand, whatever NODE_ENV the function has (tools/build/production-react.ts).
    plugins: [tailwindcss(), inlineScripts(), publishedPictures(), productionReactOnServer()],
    // Vite's default (4 KB, inlined as data: addresses) for every other file.
    build: {
      assetsInlineLimit: (file, content) =>
        file.endsWith('.css') ? content.length <= stylesheetInlineLimit : undefined,
    },
  },
});
