/**
 * The content editor at /admin (Decap CMS). Its page lives in public/admin/; this integration adds
 * its configuration, generated from the content schemas (src/cms/config.ts), the site's own
 * scripts of the editor (src/cms/admin.ts and src/cms/preview.ts, bundled), and the editor's
 * JavaScript, taken as prebuilt files from node_modules, so the site's own build never bundles it
 * (that would cost seconds on every build):
 *
 * - `astro build` writes dist/admin/config.yml and copies the files into dist/admin/;
 * - `astro dev` serves the same at /admin, generating config.yml on each request (so it follows
 *   the content folders as they change), and forwards /admin/api/v1 to the local CMS server
 *   (decap-server, started with it by `npm run cms`), so /admin on localhost edits the working
 *   copy's files through the same origin.
 */
import type { AstroIntegration } from 'astro';
import type { ViteDevServer } from 'vite';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { createRequire } from 'node:module';
import { basename, dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { editorConfig } from './editor-config';
import { cmsBackend, CmsSettingError, type CmsBackend } from './backend';
import { pageStylesheets } from '../model/page-stylesheets';
import { bundle } from '../../tools/build/bundle';
import { heicFiles } from './photo';

const require = createRequire(import.meta.url);

/** Where the local backend of the CMS is answered; src/cms/admin.ts names the same path. */
const localBackendPath = '/admin/api/v1';

/** Port of decap-server, which `npm run cms` starts; DECAP_SERVER_PORT overrides its default. */
const decapServerPort = () => Number(process.env.DECAP_SERVER_PORT ?? 8081);

/**
 * The editor's files, as URL file name -> file in node_modules: Decap's browser bundle with the
 * chunks and WebAssembly modules it loads on demand (its sibling build `cms.js` and the source
 * maps stay behind), libheif's WebAssembly module for the HEIC decoder, Netlify's Identity widget for logging in to Git Gateway (only with that
 * backend: with GitHub's, /admin has no such file), and the YAML library's browser build under
 * `yaml/`.
 */
export async function editorFiles(backend: CmsBackend): Promise<Map<string, string>> {
  const decap = dirname(require.resolve('decap-cms/dist/decap-cms.js'));
  const files = new Map<string, string>();
  for (const name of await readdir(decap)) {
    if (/^(\d+\.)?decap-cms\.js$|^decap-cms\.js\.LICENSE\.txt$|\.wasm$/.test(name)) files.set(name, join(decap, name));
  }
  // The HEIC decoder's WebAssembly module, fetched only when a HEIC photo is chosen (./photo.ts).
  files.set(basename(heicFiles.wasm), require.resolve('libheif-js/libheif-wasm/libheif.wasm'));
  if (backend.name === 'git-gateway') {
    const widget = require.resolve('netlify-identity-widget/build/netlify-identity-widget.js');
    files.set(basename(widget), widget);
  }
  // The YAML library's browser build (ES modules), which src/cms/formats.ts edits files with.
  const yaml = join(dirname(require.resolve('yaml/package.json')), 'browser');
  for (const name of await readdir(yaml, { recursive: true })) {
    if (name.endsWith('.js')) files.set(`yaml/${name.split(sep).join('/')}`, join(yaml, name));
  }
  return files;
}

/** Address of the configuration; public/admin/index.html names it. */
const configPath = '/admin/config.yml';

/** The script public/admin/index.html loads: src/cms/admin.ts bundled for the browser, with its formats. */
const startPath = '/admin/cms.js';

/** The preview pane's code (src/cms/preview.ts) and the site's stylesheet, which src/cms/admin.ts loads. */
const previewPath = '/admin/preview.js';
const stylesheetPath = '/admin/site.css';

/**
 * The editor's own scripts by address, each a module bundled for the browser: the start, with the
 * formats it registers, and the preview, with the item model, the labels and the file checks it reads.
 */
export const editorScripts = new Map([
  [startPath, new URL('./admin.ts', import.meta.url)],
  [previewPath, new URL('./preview.ts', import.meta.url)],
]);
export const scriptBundle = (path: string): Promise<string> => bundle(editorScripts.get(path)!, { format: 'esm' });

/**
 * The HEIC decoder (./heic.mjs with libheif's JavaScript), on its own: /admin loads it only when a
 * HEIC photo is chosen that the browser cannot decode (./photo.ts). libheif's Node branch, never
 * taken in a browser, names Node's modules; they stay unresolved.
 */
export function heicBundle(): Promise<string> {
  return bundle(new URL('./heic.mjs', import.meta.url), { format: 'esm', external: ['fs', 'path'] });
}

/**
 * The site's stylesheet as the built pages carry it: every distinct stylesheet of the pages, once,
 * in the order a page has them, whether linked (the site's one file) or inline (<style>: the few
 * rules of single components, and the small layout's own). Tailwind writes one stylesheet for the
 * whole site, so this is that one with those few rules.
 */
async function builtStylesheet(dist: string): Promise<string> {
  const pages = (await readdir(dist, { recursive: true })).filter(
    (name) => name.endsWith('.html') && !name.startsWith(`admin${sep}`),
  );
  const blocks = new Set<string>();
  for (const page of pages) {
    for (const sheet of pageStylesheets(await readFile(join(dist, page), 'utf8'))) {
      blocks.add('css' in sheet ? sheet.css : await readFile(join(dist, sheet.file), 'utf8'));
    }
  }
  return [...blocks].join('\n');
}

const contentTypes: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
};

/** Forwards one request to decap-server, unchanged. */
function forward(req: IncomingMessage, res: ServerResponse, port: number) {
  const upstream = request(
    {
      host: 'localhost',
      port,
      path: '/api/v1',
      method: req.method,
      headers: { ...req.headers, host: `localhost:${port}` },
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => {
    res.statusCode = 502;
    res.setHeader('content-type', 'text/plain; charset=utf-8');
    res.end(`The local CMS server is not running on port ${port}: start the editor with "npm run cms".`);
  });
  req.pipe(upstream);
}

/**
 * The backend the build setting chooses (src/cms/backend.ts). A setting that cannot work ends the
 * build (and `npm run dev`) before anything is built, with the message alone: thrown to Astro, it
 * would be printed with tips about components that do not apply.
 */
function chosenBackend(): CmsBackend {
  try {
    return cmsBackend(process.env);
  } catch (error) {
    if (!(error instanceof CmsSettingError)) throw error;
    console.error(`\nThe content editor's setting is wrong; nothing was built. ${error.message}\n`);
    process.exit(1);
  }
}

/**
 * /admin on `astro dev`: the editor's page at "/admin" and "/admin/", its configuration generated on
 * each request, its scripts bundled on each request, the site's stylesheet, the prebuilt files from
 * node_modules, and the local backend forwarded to decap-server.
 */
async function serveEditor(server: ViteDevServer, root: string, backend: CmsBackend) {
  // "/admin/" is the editor as "/admin" is (Netlify serves a folder's index.html at
  // both): read as "/admin" before Astro's own handling, which answers an address
  // ending in "/" with a 404 (trailingSlash: 'never'). Astro puts its handlers first
  // once every plugin is set up, so this goes in front of them when the server listens.
  server.httpServer?.once('listening', () =>
    server.middlewares.stack.unshift({
      route: '',
      handle: (req: IncomingMessage, _res: ServerResponse, next: () => void) => {
        if ((req.url ?? '').split('?')[0] === '/admin/') req.url = `/admin${req.url!.slice('/admin/'.length)}`;
        next();
      },
    }),
  );
  const files = await editorFiles(backend);
  server.middlewares.use((req, res, next) => {
    const path = (req.url ?? '').split('?')[0]!;
    if (path === localBackendPath) return forward(req, res, decapServerPort());
    if (path === configPath && (req.method === 'GET' || req.method === 'HEAD')) {
      // Through Vite, so the schemas are read as they are now.
      server
        .ssrLoadModule(fileURLToPath(new URL('./editor-config.ts', import.meta.url)))
        .then((module) => {
          const fresh = (module as { editorConfig: typeof editorConfig }).editorConfig;
          res.setHeader('content-type', 'text/yaml; charset=utf-8');
          res.setHeader('cache-control', 'no-store');
          res.end(req.method === 'HEAD' ? undefined : fresh(root));
        })
        .catch(next);
      return;
    }
    if (editorScripts.has(path) && req.method === 'GET') {
      scriptBundle(path).then((code) => {
        res.setHeader('content-type', contentTypes['.js']!);
        res.setHeader('cache-control', 'no-store');
        res.end(code);
      }, next);
      return;
    }
    if (path === heicFiles.script && req.method === 'GET') {
      heicBundle().then((code) => {
        res.setHeader('content-type', contentTypes['.js']!);
        res.end(code);
      }, next);
      return;
    }
    if (path === stylesheetPath && req.method === 'GET') {
      // The stylesheet the dev server gives every page, as plain CSS.
      server.transformRequest('/src/styles/global.css?direct').then((result) => {
        res.setHeader('content-type', 'text/css; charset=utf-8');
        res.setHeader('cache-control', 'no-store');
        res.end(result?.code ?? '');
      }, next);
      return;
    }
    // The editor's page, as Netlify serves a folder's index.html.
    if (path === '/admin' || path === '/admin/') {
      req.url = '/admin/index.html';
      return next();
    }
    const file = path.startsWith('/admin/') ? files.get(path.slice('/admin/'.length)) : undefined;
    if (!file || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    res.setHeader('content-type', contentTypes[file.slice(file.lastIndexOf('.'))] ?? 'application/octet-stream');
    if (req.method === 'HEAD') return res.end();
    createReadStream(file).pipe(res);
  });
}

export function cms(): AstroIntegration {
  let root = process.cwd();
  let backend: CmsBackend = cmsBackend({});
  return {
    name: 'cms',
    hooks: {
      'astro:config:setup': ({ command, config, updateConfig, logger }) => {
        root = fileURLToPath(config.root);
        if (command !== 'build' && command !== 'dev') return;
        backend = chosenBackend();
        // The renderer of /admin's preview checks editors with the provider of this same backend
        // (src/cms/render/editor.ts): the one the built editor logs in with.
        updateConfig({ vite: { define: { __CMS_BACKEND__: JSON.stringify(backend) } } });
        if (command === 'build')
          logger.info(
            backend.name === 'github'
              ? `/admin logs in with GitHub, through Netlify's OAuth, and saves to ${backend.repo} (${backend.branch})`
              : `/admin logs in with Netlify Identity (Git Gateway) and saves to ${backend.branch}`,
          );
        if (command !== 'dev') return;
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'cms-dev-files',
                enforce: 'pre',
                configureServer: (server) => serveEditor(server, root, backend),
              },
            ],
          },
        });
      },
      'astro:build:done': async ({ dir }) => {
        const target = join(fileURLToPath(dir), 'admin');
        await mkdir(target, { recursive: true });
        const files = await editorFiles(backend);
        await Promise.all([
          writeFile(join(target, basename(configPath)), editorConfig(root)),
          ...[...editorScripts.keys()].map((path) =>
            scriptBundle(path).then((code) => writeFile(join(target, basename(path)), code)),
          ),
          heicBundle().then((code) => writeFile(join(target, basename(heicFiles.script)), code)),
          builtStylesheet(fileURLToPath(dir)).then((css) => writeFile(join(target, basename(stylesheetPath)), css)),
          ...[...files].map(async ([name, file]) => {
            await mkdir(dirname(join(target, name)), { recursive: true });
            await copyFile(file, join(target, name));
          }),
        ]);
      },
    },
  };
}
