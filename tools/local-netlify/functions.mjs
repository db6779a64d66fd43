/**
 * Netlify Functions (v2: a default export of `(request, context) => Response`) run inside the
 * local server's own process.
 *
 * Netlify's local emulation rebuilds a function and starts a worker thread for every call, seconds
 * each on a small machine (docs/decisions/0041-local-netlify-measured.md). Here each function is bundled once, when the
 * server starts, with esbuild (as Netlify bundles TypeScript functions), imported, and then called
 * directly with a standard `Request` and a Netlify-like `Context`. Routes come from Netlify's own
 * parser of the function's in-source `config` (`path`, `excludedPath`, `method`, `schedule`), so a
 * path that Netlify would not deploy is not served here either.
 *
 * Functions a framework has built already (`.netlify/v1/functions`, where @astrojs/netlify writes
 * the function that renders the site's on-demand pages) are imported as they are, as Netlify
 * deploys them without bundling.
 *
 * Routing follows Netlify: a function with `config.path` answers on that path only; one without
 * answers on `/.netlify/functions/<name>`. A route with `preferStatic` answers only where no file
 * does (the caller serves files first; `route.prefer_static`), and is tried after the others. A scheduled function has no path in production; locally
 * it can be run by a request to `/.netlify/functions/<name>`, as `netlify dev` allows, which calls
 * it as Netlify's scheduler does (a POST carrying `x-nf-event: schedule`).
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { listFunctions } from '@netlify/zip-it-and-ship-it';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
const defaultFunctionPath = /^\/\.netlify\/(?:functions|builders)\/([^/]+)/;

/**
 * @typedef {{ pattern: string, literal?: string, expression?: string, methods?: string[], prefer_static?: boolean }} Route
 * @typedef {{
 *   name: string,
 *   routes: Route[],
 *   excludedRoutes: Route[],
 *   schedule?: string,
 *   config: Record<string, unknown>,
 *   handler: (request: Request, context: object) => unknown,
 * }} LocalFunction
 * @typedef {{ fn: LocalFunction, route?: Route }} FunctionMatch
 */

/** Whether a function answers only where no file does. */
const prefersStatic = (fn) => fn.routes.length > 0 && fn.routes.every((route) => route.prefer_static);

/**
 * Bundles and imports every function of a folder, and imports those of `builtDirectory` (already
 * built by a framework) as they are. A built function of the same name as a source one replaces
 * it, as on Netlify.
 * @param {{ sourceDirectory: string, builtDirectory?: string, log?: (line: string) => void }} options
 * @returns {Promise<LocalFunction[]>}
 */
export async function loadFunctions({ sourceDirectory, builtDirectory, log = console.log }) {
  const started = performance.now();
  const built =
    builtDirectory && existsSync(builtDirectory) ? await listFunctions([builtDirectory], { parseISC: true }) : [];
  const listed = (await listFunctions([sourceDirectory], { parseISC: true })).filter(
    (f) => !built.some((b) => b.name === f.name),
  );
  const unsupported = [...listed, ...built].filter((f) => f.runtime !== 'js' || f.runtimeAPIVersion !== 2);
  if (unsupported.length) {
    throw new Error(
      `The local server runs only v2 JavaScript/TypeScript functions; not: ${unsupported.map((f) => f.name).join(', ')}`,
    );
  }
  const functions = [
    ...(await bundleFunctions(listed)),
    ...(await Promise.all(built.map((f) => importFunction(f, f.mainFile)))),
  ];
  // Routes after files come last, so a function with a path of its own answers there first.
  functions.sort((a, b) => Number(prefersStatic(a)) - Number(prefersStatic(b)));
  if (functions.length)
    log(
      `Functions loaded in ${Math.round(performance.now() - started)} ms: ${functions.map(describeFunction).join('; ')}`,
    );
  return functions;
}

/**
 * Imports a function's module and reads what the runner needs of it.
 * @returns {Promise<LocalFunction>}
 */
async function importFunction(f, file) {
  const module = await import(pathToFileURL(file).href);
  const exported = module.default;
  const handler =
    typeof exported === 'function'
      ? exported
      : typeof exported?.fetch === 'function'
        ? exported.fetch.bind(exported)
        : undefined;
  if (!handler) throw new Error(`Function ${f.name} has no default export to call`);
  return {
    name: f.name,
    routes: f.routes ?? [],
    excludedRoutes: f.excludedRoutes ?? [],
    ...(f.schedule ? { schedule: f.schedule } : {}),
    config: module.config ?? {},
    handler,
  };
}

/** Bundles functions from their sources (as Netlify does) and imports them. */
async function bundleFunctions(listed) {
  if (listed.length === 0) return [];

  // Bundled inside the project (its .netlify folder, which git ignores), so the packages a bundle
  // leaves out resolve from the project's node_modules, as they do in Netlify's own bundles.
  await mkdir(join(projectRoot, '.netlify'), { recursive: true });
  const outdir = await mkdtemp(join(projectRoot, '.netlify', 'functions-local-'));
  try {
    await build({
      entryPoints: Object.fromEntries(listed.map((f) => [f.name, f.mainFile])),
      outdir,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      packages: 'external',
      platform: 'node',
      format: 'esm',
      target: 'node22',
      // Stack traces of logged errors point at the TypeScript sources.
      sourcemap: 'inline',
      logLevel: 'warning',
    });
    return await Promise.all(listed.map((f) => importFunction(f, join(outdir, `${f.name}.mjs`))));
  } finally {
    // Each module is in memory once imported; the files are not needed any more.
    await rm(outdir, { recursive: true, force: true });
  }
}

/** @param {LocalFunction} fn */
function describeFunction(fn) {
  if (fn.routes.length)
    return `${fn.name} on ${fn.routes.map((r) => r.pattern).join(', ')}${prefersStatic(fn) ? ' (where no file is)' : ''}`;
  return `${fn.name} on /.netlify/functions/${fn.name}${fn.schedule ? ` (scheduled ${fn.schedule}; runs only when called)` : ''}`;
}

/** @param {Route} route @param {string} path */
const routeMatches = (route, path) =>
  route.literal !== undefined
    ? path === route.literal
    : route.expression !== undefined && new RegExp(route.expression).test(path);

/**
 * The function that answers a path and method, if any, by Netlify's rules.
 * @param {LocalFunction[]} functions
 * @param {string} pathname
 * @param {string} method
 * @returns {FunctionMatch | undefined}
 */
export function matchFunction(functions, pathname, method) {
  const named = defaultFunctionPath.exec(pathname);
  if (named) {
    const fn = functions.find((f) => f.name === named[1]);
    // A function with a path of its own is not reachable on the default path, as on Netlify.
    return fn && fn.routes.length === 0 ? { fn } : undefined;
  }
  // Netlify ignores case and one trailing slash when it matches a function's path.
  let path = pathname !== '/' && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  path = path.toLowerCase();
  for (const fn of functions) {
    const route = fn.routes.find((r) => (!r.methods?.length || r.methods.includes(method)) && routeMatches(r, path));
    if (route && !fn.excludedRoutes.some((r) => routeMatches(r, path))) return { fn, route };
  }
  return undefined;
}

/** Serialises a cookie as Netlify's runtime does for `context.cookies.set`. */
function serializeCookie({ name, value, expires, maxAge, domain, path, secure, httpOnly, sameSite }) {
  const parts = [`${name}=${value}`];
  if (secure || name.startsWith('__Secure') || name.startsWith('__Host')) parts.push('Secure');
  if (httpOnly) parts.push('HttpOnly');
  if (Number.isInteger(maxAge) && maxAge >= 0) parts.push(`Max-Age=${maxAge}`);
  if (domain && !name.startsWith('__Host')) parts.push(`Domain=${domain}`);
  if (sameSite) parts.push(`SameSite=${sameSite}`);
  if (name.startsWith('__Host')) parts.push('Path=/');
  else if (path) parts.push(`Path=${path}`);
  if (expires !== undefined) parts.push(`Expires=${new Date(expires).toUTCString()}`);
  return parts.join('; ');
}

function cookieJar(request) {
  const setCookies = [];
  const sent = () =>
    Object.fromEntries(
      (request.headers.get('cookie') ?? '')
        .split(';')
        .map((pair) => pair.split('='))
        .filter(([name]) => name.trim() !== '')
        .map(([name, ...value]) => [name.trim(), value.join('=')]),
    );
  return {
    setCookies,
    cookies: {
      get: (name) => sent()[name],
      set: (cookieOrName, value) =>
        setCookies.push(
          serializeCookie(typeof cookieOrName === 'string' ? { name: cookieOrName, value } : cookieOrName),
        ),
      delete: (input) => {
        const { name, domain, path = '/' } = typeof input === 'string' ? { name: input } : input;
        setCookies.push(serializeCookie({ name, value: '', domain, path, expires: 0 }));
      },
    },
  };
}

/**
 * The `Context` a function receives on Netlify, as far as it means anything on one machine: the
 * caller's IP, a request id, the URL, the dev deploy context, cookies, `waitUntil`. There is no
 * geolocation (`geo` is empty), and `params` is empty too: no function of the site has parameters
 * in its path, and Netlify's parser keeps only the pattern's expression, not the names.
 */
function createContext({ request, ip, requestId, route, site, waitUntil, cookies }) {
  return {
    account: { id: '' },
    cookies,
    deploy: { context: 'dev', id: '0', published: false },
    geo: {},
    ip,
    json: (input) => Response.json(input),
    log: console.log,
    next: () => {
      throw new Error('`context.next` is not implemented for serverless functions');
    },
    params: {},
    path: route?.pattern,
    requestId,
    rewrite: (url) => fetch(new URL(url, request.url)),
    server: { region: 'local' },
    site,
    url: new URL(request.url),
    waitUntil: (promise) => waitUntil(promise),
  };
}

/**
 * Calls functions in this process. `invoke` resolves to the function's Response, with the cookies
 * it set; a function that throws rejects, and the caller answers 500 (and logs it), as Netlify does.
 * @param {LocalFunction[]} functions
 * @param {{ site?: { id?: string, name?: string, url?: string }, log?: (line: string) => void }} [options]
 */
export function createFunctionRunner(functions, { site = { id: '0', name: 'local' }, log = console.error } = {}) {
  const pending = new Set();
  const waitUntil = (promise) => {
    const tracked = Promise.resolve(promise)
      .catch((error) => log(`waitUntil task failed: ${error instanceof Error ? error.stack : String(error)}`))
      .finally(() => pending.delete(tracked));
    pending.add(tracked);
  };

  return {
    functions,
    /** @param {string} pathname @param {string} method */
    match: (pathname, method) => matchFunction(functions, pathname, method),
    /**
     * @param {FunctionMatch} match
     * @param {Request} request
     * @param {{ ip: string, requestId?: string }} caller
     */
    async invoke({ fn, route }, request, { ip, requestId = randomUUID() }) {
      let call = request;
      if (fn.schedule) {
        // As Netlify's scheduler calls it (and `netlify dev` does when asked by URL).
        call = new Request(request, { method: 'POST', body: request.body, duplex: 'half' });
        call.headers.set('user-agent', 'Netlify Clockwork');
        call.headers.set('x-nf-event', 'schedule');
      }
      const { cookies, setCookies } = cookieJar(call);
      const context = createContext({
        request: call,
        ip,
        requestId,
        route,
        site: { url: new URL(request.url).origin, ...site },
        waitUntil,
        cookies,
      });
      const result = await fn.handler(call, context);
      // Netlify answers 204 when a function returns no Response.
      const response = result instanceof Response ? result : new Response(null, { status: 204 });
      if (setCookies.length === 0) return response;
      const headers = new Headers(response.headers);
      for (const cookie of setCookies) headers.append('set-cookie', cookie);
      return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
    },
    /** Waits for the work functions handed to `context.waitUntil`. */
    async settle() {
      while (pending.size) await Promise.all(pending);
    },
  };
}
