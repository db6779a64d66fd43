/**
 * Smoke test of the generator as it is used: run from a site folder, it reads the content's
 * frontmatter through the site's parser and draws the one picture a product names, at the
 * requested size, in the colour of the product's category.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import sharp from 'sharp';

const generate = fileURLToPath(new URL('../src/generate.mjs', import.meta.url));
const fixture = fileURLToPath(new URL('fixtures/content', import.meta.url));

test('draws the missing picture of a content file, keeps it, and redraws it identically', async (t) => {
  const site = await mkdtemp(path.join(tmpdir(), 'artwork-smoke-'));
  t.after(() => rm(site, { recursive: true, force: true }));
  await cp(fixture, path.join(site, 'src/content'), { recursive: true });
  /** @param {string[]} extra */
  const run = (...extra) => promisify(execFile)(process.execPath, [generate, '--width', '240', '--height', '160', ...extra], { cwd: site });
  const picture = path.join(site, 'src/content/products/printing-auxiliaries/images/binders.webp');

  const first = await run();
  assert.match(first.stdout, /drew .*binders\.webp {2}\(binders, amber, 240x160,/);
  assert.match(first.stdout, /artwork: 1 drawn .*0 already present, 1 warning from src\/content/);
  assert.match(first.stderr, /notes\.md: the file must start with a frontmatter block between two "---" lines, skipped/);
  const metadata = await sharp(picture).metadata();
  assert.deepEqual({ format: metadata.format, width: metadata.width, height: metadata.height }, { format: 'webp', width: 240, height: 160 });

  const second = await run();
  assert.match(second.stdout, /artwork: 0 drawn, 1 already present/);

  // The seed is the picture's path, so a redraw gives the same bytes.
  const before = await readFile(picture);
  await run('--force');
  assert.ok(before.equals(await readFile(picture)), 'a forced redraw changed the picture');
});
