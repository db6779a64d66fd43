/**
 * How the operator's commands (`npm run messages`, `reports`, `vitals`) reach a Netlify Blobs store:
 * the local one (.netlify/blobs-serve, written by `npm start` and `npm run dev`, through a Blobs
 * server of its own on that folder) or the live site's (a Netlify personal access token and the
 * site's id, through Netlify's API). The command-line options and their help are shared too, so
 * every command is pointed at a store the same way.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BlobsServer } from '@netlify/blobs/server';
import { getStore } from '@netlify/blobs';
import { printable } from '../text/printable.mjs';

/** The local store of a site served from `projectRoot`: where Netlify's emulation keeps its Blobs. */
export const localStoreOf = (projectRoot) => join(projectRoot, '.netlify', 'blobs-serve');

export const localStoreDirectory = localStoreOf(fileURLToPath(new URL('../..', import.meta.url)));

/**
 * The store called `name`. With a token and a site id: the site's store on Netlify. Without: the
 * local store in `directory` (`store` undefined when that folder does not exist yet); `apiURL`
 * replaces Netlify's API address (NETLIFY_API_URL). `close()` stops the local Blobs server.
 * @param {{ name: string, token?: string, site?: string, directory?: string, apiURL?: string }} options
 */
export async function openStore({ name, token, site, directory = localStoreDirectory, apiURL }) {
  if (token || site) {
    if (!token || !site)
      throw new Error(
        'the production store needs both a Netlify token (NETLIFY_AUTH_TOKEN or --token) and a site id (NETLIFY_SITE_ID or --site)',
      );
    // Netlify's API (`apiURL`: another address of it, such as a local Blobs server in tests).
    return {
      store: getStore({ name, siteID: site, token, ...(apiURL ? { apiURL } : {}) }),
      where: `store "${name}" of Netlify site ${site}`,
      local: false,
      close: async () => {},
    };
  }
  if (!existsSync(directory))
    return { store: undefined, where: 'the local store (empty)', local: true, close: async () => {} };
  const localToken = 'local-operator';
  const server = new BlobsServer({ directory, token: localToken, port: 0 });
  const { port } = await server.start();
  // As the local emulation gives its functions: site id "0" when no Netlify site is linked.
  const url = `http://localhost:${port}`;
  const store = getStore({
    name,
    siteID: '0',
    token: localToken,
    edgeURL: url,
    uncachedEdgeURL: url,
    consistency: 'strong',
  });
  return { store, where: 'the local store', local: true, close: () => server.stop() };
}

/** The options that say which store (for node:util's parseArgs). */
export const storeOptions = {
  token: { type: 'string' },
  site: { type: 'string' },
  store: { type: 'string' },
  dir: { type: 'string' },
};

/**
 * The help text of those options.
 * @param {string} defaultName the store's name in production
 */
export const storeHelp = (defaultName) => `Where:
  --token <t>          a Netlify personal access token (or NETLIFY_AUTH_TOKEN)
  --site <id>          the site's API id, from Site configuration > General (or NETLIFY_SITE_ID)
  --store <name>       the store (default ${defaultName}; a preview's is
                       ${defaultName}-deploy-preview)
  --dir <folder>       another local store folder`;

/**
 * Opens the store the parsed options and the environment name.
 * @param {{ token?: string, site?: string, store?: string, dir?: string }} values
 * @param {string} defaultName
 * @param {NodeJS.ProcessEnv} [env] the environment (the process's own by default)
 */
export const openStoreFrom = (values, defaultName, env = process.env) =>
  openStore({
    name: values.store ?? defaultName,
    token: values.token ?? env.NETLIFY_AUTH_TOKEN,
    site: values.site ?? env.NETLIFY_SITE_ID,
    apiURL: env.NETLIFY_API_URL,
    ...(values.dir ? { directory: values.dir } : {}),
  });

/**
 * @typedef {{ env?: NodeJS.ProcessEnv, out?: (text: string) => void, err?: (text: string) => void }} CommandIo
 */

/** The standard streams whose reader has gone (`… | head -1` after its line). */
const closed = new Set();

/**
 * Writes to the process's standard output or error until its reader closes the pipe, then nothing:
 * the command ends as it would have, quietly, instead of with an EPIPE stack trace. Any other
 * error of the stream is thrown, as before.
 * @param {'stdout' | 'stderr'} name
 */
function standardOut(name) {
  const stream = process[name];
  if (stream.listenerCount('error') === 0)
    stream.on('error', (error) => {
      if (error?.code !== 'EPIPE' && error?.code !== 'ERR_STREAM_DESTROYED') throw error;
      closed.add(name);
    });
  return (text) => {
    if (!closed.has(name) && !stream.destroyed) stream.write(text);
  };
}

/**
 * What an operator's command reads and writes: the process's environment and output unless a caller
 * (its tests) gives others, and the line printers every command uses.
 * @param {CommandIo} [io]
 */
export function commandIo({ env = process.env, out = standardOut('stdout'), err = standardOut('stderr') } = {}) {
  // Stored text reaches these lines (a visitor's words, an SMTP server's answer, a report): no
  // control or format character of it reaches the terminal (src/text/printable.mjs). `out` writes
  // as it is: only the CSV export uses it, whose every cell is cleaned the same way (csvCell).
  return {
    env,
    out,
    err,
    print: (line) => out(`${printable(line)}\n`),
    printError: (line) => err(`${printable(line)}\n`),
  };
}
