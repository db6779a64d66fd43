/**
 * Checks of the production build as a whole: valid HTML on every page, and no broken link or
 * anchor anywhere on the site (crawled through the local server, so redirects count).
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { HtmlValidate, FileSystemConfigLoader, formatterFactory } from 'html-validate';
import { LinkChecker } from 'linkinator';

const dist = join(process.cwd(), 'dist');
const htmlFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === '_astro' ? [] : htmlFiles(path);
    return name.endsWith('.html') ? [path] : [];
  });

test('every built page is valid HTML', async () => {
  const validator = new HtmlValidate(new FileSystemConfigLoader());
  const files = htmlFiles(dist);
  expect(files.length).toBeGreaterThan(10);
  const report = await validator.validateMultipleFiles(files);
  const text = report.valid ? '' : formatterFactory('text')(report.results);
  expect(text).toBe('');
});

test('no broken link or anchor on the site', async ({ baseURL }) => {
  test.setTimeout(120_000);
  const checker = new LinkChecker();
  const result = await checker.check({
    path: baseURL!,
    recurse: true,
    checkFragments: true,
    concurrency: 20,
    linksToSkip: async (link) => !link.startsWith(baseURL!),
  });
  const broken = result.links.filter((link) => link.state === 'BROKEN').map((link) => `${link.status} ${link.url} (on ${link.parent})`);
  expect(broken).toEqual([]);
  expect(result.links.length).toBeGreaterThan(50);
});
