/**
 * Icon names in content are Lucide's kebab-case names ("flask-conical"), as lucide.dev shows them.
 * The valid names and their component names are read from the installed @lucide/astro package,
 * so content can only name icons that can be rendered.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

let exportsByName: Map<string, string> | undefined;

function lucideExports(): Map<string, string> {
  if (!exportsByName) {
    const index = readFileSync(join(process.cwd(), 'node_modules/@lucide/astro/src/icons/index.ts'), 'utf8');
    exportsByName = new Map(
      [...index.matchAll(/export \{ default as (\w+) \} from '\.\/([a-z0-9-]+)'/g)].map(([, exported, file]) => [
        file!,
        exported!,
      ]),
    );
  }
  return exportsByName;
}

export function iconExists(name: string): boolean {
  return lucideExports().has(name);
}

/** "flask-conical" -> "FlaskConical", the name @lucide/astro exports the icon under. */
export function iconComponentName(name: string): string {
  const exported = lucideExports().get(name);
  if (!exported) throw new Error(`Unknown Lucide icon "${name}"`);
  return exported;
}
