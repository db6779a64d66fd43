// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { sonnerStyle } from './src/lib/csp.ts';
import { inlineScriptHashes } from './src/lib/inline-scripts.ts';
import { markdownProcessor } from './src/lib/markdown.ts';
import { lateHydration } from './src/hydration/integration.ts';
import { cms } from './src/cms/integration.ts';
import { siteSearch } from './src/search/integration.ts';
import { siteUrl } from './src/lib/site-url.ts';

/**
 * `astro dev` with Netlify's local emulation: the contact function, Blobs, headers, redirects and
 * the image CDN. Features the site does not use stay off: they would try to reach Netlify or
 * download Deno. The plugin is loaded for `astro dev` only: importing it takes over a second,
 * which every build would otherwise pay for nothing. (Astro tells integrations the command, but
 * an import inside a hook runs after Astro has closed the loader of this file, so the command
 * line decides here.)
 */
const netlifyDevEmulation = process.argv.slice(2).includes('dev')
  ? [
      (await import('@netlify/vite-plugin')).default({
        aiGateway: { enabled: false },
        database: { enabled: false },
        edgeFunctions: { enabled: false },
        geolocation: { enabled: false },
        environmentVariables: { enabled: false },
      }),
    ]
  : [];

// Canonical URLs, the sitemap and sharing tags name the address Netlify serves this build at
// (src/lib/site-url.ts): SITE_URL or Netlify's URL in production, the deploy's own address on
// previews, a placeholder only for local builds.
const site = siteUrl(process.env);

export default defineConfig({
  site,
  output: 'static',
  trailingSlash: 'never',
  // Stylesheets go inline: one round trip fewer before the first paint on a slow mobile link,
  // for about 7 KB (compressed) per page.
  build: { format: 'file', inlineStylesheets: 'always' },
  // No adapter: every page is prerendered, and Netlify serves dist/ and builds netlify/functions
  // itself. (@astrojs/netlify would add an unused server-rendering function to every deploy and
  // spend seconds of each build tracing its dependencies.)
  //
  // Pictures are resized and encoded by Netlify Image CDN when first requested, and cached there,
  // so a build only copies the originals; `npm start` and `npm run dev` emulate the CDN locally.
  image: {
    service: { entrypoint: '@astrojs/netlify/image-service.js' },
  },
  markdown: {
    // No code blocks in the content: skip loading the syntax highlighter.
    syntaxHighlight: false,
    // Astro's own processor, with every Markdown body sanitised against an allow-list of
    // elements and attributes (src/lib/markdown.ts), so pasted HTML cannot run or redirect.
    processor: markdownProcessor,
  },
  // Content Security Policy: Astro hashes every script and style it emits into a <meta> tag per
  // page. The directives a <meta> cannot carry (frame-ancestors) and form-action are sent as a
  // header from netlify.toml.
  security: {
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
      ],
      scriptDirective: {
        // Site search (Pagefind) compiles its WebAssembly when it cannot use its worker.
        resources: ["'self'", "'wasm-unsafe-eval'"],
        // Inline scripts are not hashed by Astro; theirs come from src/lib/inline-scripts.ts.
        hashes: inlineScriptHashes(),
      },
      styleDirective: {
        // The <style> element sonner (the contact form's toasts) adds when it loads, as Chromium
        // checks it; recorded in src/lib/csp.ts (sonner has no option to leave it out).
        hashes: sonnerStyle.hashes,
      },
    },
  },
  integrations: [
    react(),
    lateHydration(),
    // Every public page; the 404 page, the contact thank-you page and /admin are not for search engines.
    sitemap({ filter: (page) => !/\/(404|contact\/thanks|admin)(\/|$)/.test(new URL(page).pathname) }),
    cms(),
    // After every integration that rewrites pages: the search index reads the final HTML.
    siteSearch(),
  ],
  vite: {
    plugins: [tailwindcss(), ...netlifyDevEmulation],
  },
});
