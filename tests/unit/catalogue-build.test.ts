/**
 * Editors add a product by adding one Markdown file. Proven on a copy of the project: one more
 * file in a category folder is one more card on the built category page, and a file that lacks a
 * required field stops the build with the file and the field named.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let root: string;
const folder = () => join(root, 'src/content/products/pigments');

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'catalogue-build-'));
  for (const entry of ['astro.config.mjs', 'tsconfig.json', 'package.json', 'netlify.toml', 'src', 'public']) {
    cpSync(entry, join(root, entry), { recursive: true });
  }
  symlinkSync(join(process.cwd(), 'node_modules'), join(root, 'node_modules'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const item = (fields: string) => `---
kind: pigment-category
order: 9
title: Glow Pigments
${fields}series: [GL-100, GL-200]
advantages: [Charges in daylight, Glows for hours]
industries: [Apparel, Footwear]
methods: [Screen print]
image: ./images/neon-fluorescent-pigments.webp
imageAlt: Abstract illustration of glowing pigment particles
---
`;

describe('adding a product', () => {
  it('one more Markdown file is one more card on its category page', () => {
    const before = readdirSync(folder()).filter((name) => name.endsWith('.md')).length;
    writeFileSync(join(folder(), 'glow-pigments.md'), item('description: Strontium aluminate pigments that glow after exposure to light.\n'));
    const build = spawnSync('astro', ['build', '--root', root], { encoding: 'utf8', timeout: 240_000 });
    expect(build.status, build.stderr).toBe(0);
    const page = readFileSync(join(root, 'dist/products/pigments.html'), 'utf8');
    expect(page.match(/<article\b/g)).toHaveLength(before + 1);
    expect(page).toContain('<h3 class="text-lg font-semibold">Glow Pigments</h3>');
  }, 300_000);

  it('a file without a required field stops the build, naming the file and the field', () => {
    writeFileSync(join(folder(), 'glow-pigments.md'), item(''));
    const sync = spawnSync('astro', ['sync', '--root', root], { encoding: 'utf8', timeout: 120_000, env: { ...process.env, FORCE_COLOR: '0' } });
    const output = `${sync.stdout}\n${sync.stderr}`;
    expect(sync.status).not.toBe(0);
    expect(output).toContain('src/content/products/pigments/glow-pigments.md');
    expect(output).toMatch(/description/);
  }, 150_000);
});
