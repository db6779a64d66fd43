import type { AstroIntegration } from 'astro';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { moveIslandScriptsToEnd } from './island-scripts';
import { eachLimited } from '../lib/each-limited';

/**
 * The site's late hydration directives, `client:settled` and `client:focus` (see their files
 * for when each hydrates). Astro's own `client:idle`, `client:visible` and `client:media` all load
 * an island's script during or right after the first paint.
 *
 * After the build, the inline scripts that wake islands move to the end of each page (see
 * island-scripts.ts), so they no longer split the first paint.
 */
export function lateHydration(): AstroIntegration {
  return {
    name: 'late-hydration',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'settled', entrypoint: fileURLToPath(new URL('./settled.ts', import.meta.url)) });
        addClientDirective({ name: 'focus', entrypoint: fileURLToPath(new URL('./focus.ts', import.meta.url)) });
      },
      'astro:build:done': async ({ dir }) => {
        const root = fileURLToPath(dir);
        const files = (await readdir(root, { recursive: true })).filter((name) => name.endsWith('.html'));
        await eachLimited(files, 16, async (name) => {
          const path = join(root, name);
          const html = await readFile(path, 'utf8');
          const moved = moveIslandScriptsToEnd(html);
          if (moved !== html) await writeFile(path, moved);
        });
      },
    },
  };
}
