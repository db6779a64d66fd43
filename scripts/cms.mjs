/**
 * npm run cms: the site with its content editor, on this machine and offline. Starts `astro dev`
 * and decap-server (the local CMS server, which reads and writes the files of this working copy)
 * together; http://localhost:4321/admin then edits the content, and the site shows each change as
 * it is saved. Ctrl+C stops both; if either stops, the other is stopped too.
 *
 * DECAP_SERVER_PORT (default 8081) moves decap-server; the dev server forwards /admin/api/v1 to it.
 * Arguments are passed to `astro dev`, e.g. `npm run cms -- --port 4400`.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => fileURLToPath(new URL(`../node_modules/.bin/${name}`, import.meta.url));
/** Both run on the Node that runs this script (npm scripts use the project's Node 22). */
const node = (name, args, options) => spawn(process.execPath, [bin(name), ...args], options);
const decapPort = process.env.DECAP_SERVER_PORT ?? '8081';
const env = { ...process.env, DECAP_SERVER_PORT: decapPort };

const children = [
  node('decap-server', [], {
    cwd: root,
    stdio: 'inherit',
    // Only this machine may reach it: it writes files of the working copy without asking who.
    env: { ...env, PORT: decapPort, BIND_HOST: process.env.BIND_HOST ?? 'localhost', GIT_REPO_DIRECTORY: root },
  }),
  node('astro', ['dev', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit', env }),
];

let stopping = false;
function stopAll(signal = 'SIGTERM') {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill(signal);
}

for (const child of children) {
  child.on('exit', (code, signal) => {
    if (!stopping) process.exitCode = code ?? (signal ? 1 : 0);
    stopAll();
    if (children.every((c) => c.exitCode !== null || c.signalCode !== null)) process.exit();
  });
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stopAll(signal));

console.log(
  `Content editor: http://localhost:<port>/admin (the port astro dev prints below); files are read and written through decap-server on port ${decapPort}.`,
);
