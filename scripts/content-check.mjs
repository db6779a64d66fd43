/**
 * npm run content:check: validates all content without building the site and prints each
 * problem as `file: field: message`; exits 1 when there is any. The checks live in
 * src/lib/content-check/check.ts, loaded through Vite so they share the site's schemas.
 */
import { createServer } from 'vite';
import sharp from 'sharp';

const vite = await createServer({ server: { middlewareMode: true, hmr: false }, appType: 'custom', logLevel: 'error', optimizeDeps: { noDiscovery: true, include: [] } });
try {
  const { checkContent, formatProblem } = await vite.ssrLoadModule('/src/lib/content-check/check.ts');
  const problems = await checkContent({
    root: process.cwd(),
    imageWidth: async (path) => (await sharp(path).metadata()).width,
  });
  for (const problem of problems) console.log(formatProblem(problem));
  console.log(problems.length ? `\n${problems.length} problem(s) in the content.` : 'Content OK: every file is valid.');
  process.exitCode = problems.length ? 1 : 0;
} finally {
  await vite.close();
}
