/**
 * npm run content:check: validates all content without building the site and prints each
 * problem as `file: field: message`; exits 1 when there is any error. Warnings (a picture that no
 * entry uses any more) are printed and leave the exit code 0. The checks live in
 * src/lib/content-check/check.ts, loaded through Vite so they share the site's schemas.
 */
import { createServer } from 'vite';
import sharp from 'sharp';

const vite = await createServer({ server: { middlewareMode: true, hmr: false }, appType: 'custom', logLevel: 'error', optimizeDeps: { noDiscovery: true, include: [] } });
try {
  const { checkContent, report } = await vite.ssrLoadModule('/src/lib/content-check/check.ts');
  const problems = await checkContent({
    root: process.cwd(),
    imageWidth: async (path) => (await sharp(path).metadata()).width,
  });
  const { text, exitCode } = report(problems);
  console.log(text);
  process.exitCode = exitCode;
} finally {
  await vite.close();
}
