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

/** An icon's drawing as @lucide/astro's `Icon` component takes it (its `icon` prop). */
export interface IconDrawing {
  name: string;
  size?: number;
  node: [string, Record<string, string | number>][];
}

const drawings = new Map<string, IconDrawing>();

/**
 * The drawing of an icon named in content, read from the installed package's file for that one
 * icon. Importing the package's `icons` object instead would bundle all of its ~1,700 icon
 * modules into every build, which costs most of a second of each build.
 */
export function iconDrawing(name: string): IconDrawing {
  if (!iconExists(name)) throw new Error(`Unknown Lucide icon "${name}"`);
  let drawing = drawings.get(name);
  if (!drawing) {
    const source = readFileSync(join(process.cwd(), `node_modules/@lucide/astro/src/icons/${name}.ts`), 'utf8');
    const data = /const iconData: LucideIconData = (\{.*\});/.exec(source)?.[1];
    if (!data) throw new Error(`Cannot read the drawing of Lucide icon "${name}"`);
    drawing = JSON.parse(data) as IconDrawing;
    drawings.set(name, drawing);
  }
  return drawing;
}
