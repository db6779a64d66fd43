/**
 * The functions' content (./built-content.ts), written where the functions import it from before
 * anything is bundled: `astro build` writes it once the content check has passed, before the
 * adapter bundles the pages rendered on demand and before Netlify bundles netlify/functions (after
 * the build command). `astro dev` writes it at the start and again when a content file changes,
 * for Netlify's emulation of the functions; its own pages search the files as they are
 * (src/search/served-index.ts).
 */
import type { AstroIntegration } from 'astro';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtContentFile } from './built-content';
import { writeBuiltContent } from './content-files';

export function builtContent(): AstroIntegration {
  let root = process.cwd();
  return {
    name: 'built-content',
    hooks: {
      'astro:config:setup': ({ command, config, logger }) => {
        if (command !== 'build' && command !== 'dev') return;
        root = fileURLToPath(config.root);
        const bytes = writeBuiltContent(root);
        logger.info(`${builtContentFile}: ${Math.round(bytes / 1024)} KB, what the functions read of the content`);
      },
      'astro:server:setup': ({ server, logger }) => {
        const content = join(root, 'src', 'content');
        let timer: NodeJS.Timeout | undefined;
        const again = (path: string) => {
          if (!path.startsWith(content)) return;
          clearTimeout(timer);
          timer = setTimeout(() => {
            try {
              writeBuiltContent(root);
            } catch (error) {
              // The content check's page names the mistake; the last good file stays.
              logger.warn(`${builtContentFile} not written again: ${String(error)}`);
            }
          }, 200);
        };
        for (const event of ['add', 'change', 'unlink'] as const) server.watcher.on(event, again);
      },
    },
  };
}
