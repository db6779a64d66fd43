import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Page } from '@playwright/test';
import { parse as parseYaml } from 'yaml';

const dist = join(process.cwd(), 'dist');

/** The HTML file of every page of the production build (the content editor under /admin is not a page of the site). */
export function builtFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== '_astro' && entry.name !== 'admin') walk(path);
      } else if (entry.name.endsWith('.html')) {
        files.push(path);
      }
    }
  };
  walk(dist);
  return files.sort();
}

/** The path a visitor types for a built file ("/", "/about", "/404"). */
export const routeOf = (file: string) => '/' + relative(dist, file).replace(/\.html$/, '').replace(/(^|\/)index$/, '');

/** Every page of the production build, as the path a visitor types ("/", "/about", "/404"). */
export function builtPages(): string[] {
  return builtFiles().map(routeOf).sort();
}

/** Collects the URLs of every script the page requests. */
export function recordScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  return scripts;
}

export const wide = { width: 1280, height: 900 };
export const narrow = { width: 390, height: 844 };

/** Titles and slugs of a content folder's Markdown entries, in `order`, read the way editors write them. */
export function offerings(folder: 'technologies' | 'categories'): { title: string; slug: string }[] {
  const dir = join(process.cwd(), 'src/content', folder);
  return readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .map((name) => {
      const text = readFileSync(join(dir, name), 'utf8');
      const field = (key: string) => text.match(new RegExp(`^${key}:\\s*["']?(.*?)["']?\\s*$`, 'm'))?.[1] ?? '';
      return { title: field('title'), slug: field('slug'), order: Number(field('order')) };
    })
    .sort((a, b) => a.order - b.order)
    .map(({ title, slug }) => ({ title, slug }));
}

/** The company identity file, as editors write it (e-mails, phones, offices). */
export const identity = JSON.parse(readFileSync(join(process.cwd(), 'src/content/company/identity.json'), 'utf8')) as {
  emails: { general: string; careers: string };
};

const frontmatter = (path: string) => parseYaml(readFileSync(path, 'utf8').split(/^---$/m)[1] ?? '') ?? {};

/** Each category's item groups as its file names them, and the kind of each of its items. */
export function categoryGroups(): { slug: string; title: string; groups: { id: string; kind: string; heading: string }[]; kinds: string[] }[] {
  const content = join(process.cwd(), 'src/content');
  return offerings('categories').map(({ slug, title }) => {
    const file = readdirSync(join(content, 'categories')).filter((name) => name.endsWith('.md')).find((name) => frontmatter(join(content, 'categories', name)).slug === slug)!;
    const groups = frontmatter(join(content, 'categories', file)).itemGroups ?? [];
    const folder = join(content, 'products', slug);
    const kinds = readdirSync(folder)
      .filter((name) => name.endsWith('.md'))
      .map((name) => String(frontmatter(join(folder, name)).kind));
    return { slug, title, groups, kinds };
  });
}
