/**
 * One server for every check of the build that needs answers rather than files (headers, the
 * image CDN, links): `npm start`'s server over dist/, with a store of its own (tests/support/test-site.mjs), with the headers of
 * netlify.toml and dist/_headers, started once for all of tests/dist in a process of its own (as
 * Playwright starts it), and handed to them as `inject('site')`.
 */
import { spawn } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { freePort } from '../support/site';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The origin of the server over dist/ ("http://127.0.0.1:PORT"). */
    site: string;
  }
}

export default async function setup(project: TestProject) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['tests/support/test-site.mjs'], { env: { ...process.env, HOST: '127.0.0.1', PORT: String(port) }, stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise<never>((_, reject) => server.once('exit', (code) => reject(new Error(`tests/support/test-site.mjs stopped (${code}) before it served`))));
  const deadline = Date.now() + 60_000;
  for (;;) {
    const up = await Promise.race([fetch(`${origin}/404.html`).then((response) => response.ok, () => false), exited]);
    if (up) break;
    if (Date.now() > deadline) throw new Error(`tests/support/test-site.mjs did not answer on ${origin} within 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  project.provide('site', origin);
  return async () => {
    const stopped = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await stopped;
  };
}
