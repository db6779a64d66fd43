/**
 * npm run content:check: validates all content without building the site and prints each
 * problem as `file: field: message`; exits 1 when there is any error. Warnings (a picture or
 * document that no entry uses any more) are printed and leave the exit code 0. The checks live in
 * tools/content-check/, loaded through Vite so they share the site's schemas; the build runs the
 * same ones (tools/content-check/integration.ts).
 */
import { createServer } from 'vite';

const vite = await createServer({
  server: { middlewareMode: true, hmr: false },
  appType: 'custom',
  logLevel: 'error',
  optimizeDeps: { noDiscovery: true, include: [] },
});
try {
  const { projectProblems, report } = await vite.ssrLoadModule('/tools/content-check/project.ts');
  const { text, exitCode } = report(await projectProblems(process.cwd()));
  console.log(text);
  process.exitCode = exitCode;
} finally {
  await vite.close();
}
