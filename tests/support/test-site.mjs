/**
 * The browser tests' server: `npm start`'s server (tools/local-netlify/site-server.mjs) over the
 * project's build and functions, with a Netlify Blobs store of its own that is emptied at every
 * start. So a run reads back only what it stored itself, however many runs came before on the
 * same day (the CSP reports' daily limits, the mail cap's hour) or how full the store has grown,
 * and `npm start`'s local store (.netlify/blobs-serve) is left as it was.
 *
 * The store of a site server is `<projectRoot>/.netlify/blobs-serve` (decision 0041), so the server
 * runs on a folder of its own, `.netlify/test-site-<port>`, that links to the project's dist/ and
 * holds a copy of netlify.toml. Run as `PORT=4329 node tests/support/test-site.mjs` (and HOST, as
 * `npm start`). It does not record its address for `npm run messages`, which names `npm start`'s.
 */
import { copyFileSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSiteServer } from '../../tools/local-netlify/site-server.mjs';
import { localStoreOf } from '../../src/server/operator-store.mjs';

const project = fileURLToPath(new URL('../..', import.meta.url));

/** The folder the test server on `port` runs on. */
export const testSiteRoot = (port) => join(project, '.netlify', `test-site-${port}`);

/** The store of the test server on `port`. */
export const testStore = (port) => localStoreOf(testSiteRoot(port));

/**
 * `npm start`'s server on `root`, a folder of its own made for it here (emptied first): the
 * project's dist/ linked, netlify.toml copied, the project's functions, and so a store of its own.
 * @param {{ root: string, port?: number, host?: string, log?: (line: string) => void }} options
 */
export function startTestSite({ root, port = 0, host = 'localhost', log }) {
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  // A junction on Windows, which needs no administrator's right; a symbolic link elsewhere.
  symlinkSync(join(project, 'dist'), join(root, 'dist'), 'junction');
  copyFileSync(join(project, 'netlify.toml'), join(root, 'netlify.toml'));
  return startSiteServer({
    projectRoot: root,
    port,
    host,
    functionsDirectory: join(project, 'netlify', 'functions'),
    builtFunctionsDirectory: join(project, '.netlify', 'v1', 'functions'),
    ...(log ? { log } : {}),
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.setSourceMapsEnabled(true);
  const port = Number(process.env.PORT ?? 4329);
  const root = testSiteRoot(port);
  const site = await startTestSite({ root, port, host: process.env.HOST ?? 'localhost' });
  console.log(`Test site ready on ${site.url}, its store in ${testStore(port)}`);
  // Its folder goes with it where it is stopped by a signal (the checks of the build start it on
  // a free port each run, so their folders would pile up); Playwright's is emptied at its start.
  const shutdown = () =>
    site.close().finally(() => {
      rmSync(root, { recursive: true, force: true });
      process.exit(0);
    });
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}
