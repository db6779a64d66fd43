import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';

/**
 * The site's late hydration directives, `client:settled` and `client:focus` (see their files
 * for when each hydrates). Astro's own `client:idle`, `client:visible` and `client:media` all load
 * an island's script during or right after the first paint.
 */
export function lateHydration(): AstroIntegration {
  return {
    name: 'late-hydration',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'settled', entrypoint: fileURLToPath(new URL('./settled.ts', import.meta.url)) });
        addClientDirective({ name: 'focus', entrypoint: fileURLToPath(new URL('./focus.ts', import.meta.url)) });
      },
    },
  };
}
