/**
 * `astro build`, and so every Netlify build, refuses what `npm run content:check` refuses, with
 * the same words and nothing else: a copy of the project with an 800 px product picture and an
 * empty required field fails before anything is built, naming each file and field.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFrontmatter } from '../../src/text/frontmatter.mjs';

const project = process.cwd();
let copy = '';

/** The first catalogue item with a picture and a `name`: its folder, file and frontmatter. */
function anItem() {
  const products = join(project, 'src/content/products');
  for (const folder of readdirSync(products).sort()) {
    for (const name of readdirSync(join(products, folder))
      .filter((n) => n.endsWith('.md'))
      .sort()) {
      const data = parseFrontmatter(readFileSync(join(products, folder, name), 'utf8')) as Record<string, unknown>;
      if (typeof data.image === 'string' && typeof data.name === 'string')
        return { file: `src/content/products/${folder}/${name}`, data };
    }
  }
  throw new Error('no catalogue item with a picture and a name');
}

beforeAll(() => {
  copy = mkdtempSync(join(tmpdir(), 'build-check-'));
  for (const path of ['src', 'public', 'astro.config.mjs', 'package.json', 'tsconfig.json'])
    cpSync(join(project, path), join(copy, path), { recursive: true });
  mkdirSync(join(copy, 'node_modules'));
  for (const name of readdirSync(join(project, 'node_modules'))) {
    if (!['.vite', '.astro', '.cache'].includes(name))
      symlinkSync(join(project, 'node_modules', name), join(copy, 'node_modules', name));
  }
});
afterAll(() => rmSync(copy, { recursive: true, force: true }));

describe('the build checks the content as content:check does', () => {
  it('fails on an 800 px product picture and an empty name, naming each file and field', async () => {
    const { file, data } = anItem();
    const picture = join(copy, file, '..', String(data.image));
    const narrow = await sharp(picture).resize(800).toBuffer();
    writeFileSync(picture, narrow);
    const text = readFileSync(join(copy, file), 'utf8');
    writeFileSync(join(copy, file), text.replace(/^name: .*$/m, 'name:'));

    const result = spawnSync(process.execPath, [join(copy, 'node_modules/.bin/astro'), 'build'], {
      cwd: copy,
      encoding: 'utf8',
      env: { ...process.env, FORCE_COLOR: '0', ASTRO_TELEMETRY_DISABLED: '1' },
    });
    const output = `${result.stdout}\n${result.stderr}`;
    expect(result.status, output).toBe(1);
    expect(output).toContain(
      `${file}: image: picture "${data.image}" is 800 px wide; pictures must be at least 1,200 px wide`,
    );
    expect(output).toMatch(new RegExp(`${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: name: required: \\S`));
    // Only the content's problems: no framework tips, and nothing was built.
    expect(output).not.toMatch(/client:only|hint|docs\.astro\.build/i);
    expect(() => readdirSync(join(copy, 'dist'))).toThrow();
  });
});
