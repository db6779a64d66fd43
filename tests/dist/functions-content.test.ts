/**
 * What the build leaves for the functions (docs/decisions/0091-functions-read-the-content-from-their-bundle.md):
 * the functions' content written from src/content, the pages rendered on demand that search it
 * without reading a file or asking the site for one, no Markdown named for any function, and each
 * feature's rewrites in dist/_redirects as Netlify reads them.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllRedirects } from '@netlify/redirect-parser';
import { describe, expect, it } from 'vitest';
import { builtContentFile, type BuiltContent } from '../../src/server/built-content';
import { builtContentFrom } from '../../src/server/content-files';
import { searchRewrites } from '../../src/search/integration';
import { contactRewrites } from '../../src/contact/integration';
import { dist } from '../support/site';

const root = process.cwd();
/** The function @astrojs/netlify builds for the pages rendered on demand: its entry and chunks. */
const server = join(root, '.netlify/v1/functions/ssr/.netlify/build');

/** The chunks a route's module reaches through its imports, from the adapter's page map. */
function chunksOf(component: string): Map<string, string> {
  const entry = readFileSync(join(server, 'entry.mjs'), 'utf8');
  const page = new RegExp(`\\["${component.replace(/[.[\]]/g, '\\$&')}", (_page\\d+)\\]`).exec(entry)?.[1];
  const file = page && new RegExp(`var ${page} = \\(\\) => import\\("\\./(chunks/[^"]+)"\\)`).exec(entry)?.[1];
  if (!file) throw new Error(`${component}: not in the page map of ${server}/entry.mjs`);
  const reached = new Map<string, string>();
  const visit = (path: string) => {
    if (reached.has(path)) return;
    const text = readFileSync(join(server, path), 'utf8');
    reached.set(path, text);
    for (const [, next] of text.matchAll(/(?:from|import)\s*\(?\s*"\.\/([^"]+\.mjs)"/g)) visit(join('chunks', next!));
  };
  visit(file);
  return reached;
}

describe('the functions’ content of the build', () => {
  it('is made from src/content, as the content reads now', () => {
    const file = JSON.parse(readFileSync(join(root, builtContentFile), 'utf8')) as BuiltContent;
    expect(file).toEqual(builtContentFrom(root));
    expect(Object.keys(file.itemLabels).length).toBeGreaterThan(0);
  });

  it('is searched by the pages rendered on demand from their own bundle: none reads a file or asks the site for one', () => {
    for (const component of ['src/pages/search/results.astro', 'src/pages/search/answer.json.ts']) {
      const chunks = chunksOf(component);
      const all = [...chunks.values()].join('\n');
      expect(all, component).toContain("postings");
      for (const [path, text] of chunks) {
        expect(text, `${component}: ${path}`).not.toMatch(/from "(node:)?fs(\/promises)?"|\breaddirSync\b|\breadFileSync\b/);
        // The site's own address (src/server/own-address.ts), which a server would need to fetch its files.
        expect(text, `${component}: ${path}`).not.toContain('DEPLOY_URL');
      }
    }
  });

  it('names no Markdown for any function: netlify.toml includes none, and the adapter copies src/content only for /admin/check', () => {
    const toml = readFileSync(join(root, 'netlify.toml'), 'utf8');
    const included = [...toml.matchAll(/included_files\s*=\s*\[([^\]]*)\]/g)].flatMap(([, list]) =>
      [...list!.matchAll(/"([^"]+)"/g)].map(([, pattern]) => pattern!),
    );
    expect(included.filter((pattern) => /\.md\b|src\/content/.test(pattern))).toEqual([]);
    // /admin/check runs the whole content check over the files with an editor's change laid over
    // them (decision 0066): the one reader of Markdown on a server, and no search or contact page.
    const readers = [...readFileSync(join(server, 'entry.mjs'), 'utf8').matchAll(/\["(src\/pages\/[^"]+)", _page\d+\]/g)]
      .map(([, component]) => component!)
      .filter((component) => [...chunksOf(component).values()].some((text) => /\breaddirSync\b|\breadFileSync\b/.test(text)));
    expect(readers.filter((component) => !component.startsWith('src/pages/admin/'))).toEqual([]);
  });
});

describe('the rewrites of the features, in dist/_redirects', () => {
  it('holds each rule of search and of contact, as Netlify parses the file, contact’s with both keys first', async () => {
    const file = join(dist, '_redirects');
    expect(existsSync(file)).toBe(true);
    const { redirects, errors } = await parseAllRedirects({ redirectsFiles: [file], configRedirects: [], minimal: true });
    expect(errors).toEqual([]);
    const rules = (redirects as { from: string; to: string; query?: Record<string, string>; status?: number; force?: boolean }[])
      .filter((rule) => rule.query && Object.keys(rule.query).length > 0)
      .map(({ from, to, query, status, force }) => ({ from, to, query, status, force }));
    expect(rules).toEqual([...searchRewrites, ...contactRewrites].map((rule) => ({ ...rule, status: 200, force: true })));
  });
});
