/**
 * The production build, and so every Netlify build, stops before anything is built on what cannot be
 * published, with the message alone (no framework tips): content that `npm run content:check`
 * refuses, in the same words (an 800 px product picture, an empty or missing required field, a
 * technology that does not exist, a slug changed since the last commit without its former slug), and a setting of the content editor that cannot work. Both
 * checks run in the `astro:config:setup` hook of their integrations, the first step of a build,
 * which astro.config.mjs lists; they are run here as the build runs them, on a copy of the content,
 * without building the site.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import type { AstroIntegration } from 'astro';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import config from '../../astro.config.mjs';
import { cms } from '../../src/cms/integration';
import { contentCheck } from '../../tools/content-check/integration';
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
        return { folder, file: `src/content/products/${folder}/${name}`, data };
    }
  }
  throw new Error('no catalogue item with a picture and a name');
}

/** Runs an integration's `astro:config:setup` hook as a production build does, in `root`; its exit code and error output. */
async function setupForBuild(integration: AstroIntegration, root: string) {
  const printed: string[] = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void printed.push(args.join(' ')));
  const exit = vi.spyOn(process, 'exit').mockImplementation((code) => {
    throw Object.assign(new Error('process.exit'), { exitCode: code });
  });
  const logger = { info: () => {}, warn: () => {}, error: () => {}, debug: () => {}, fork: () => logger };
  const hook = integration.hooks['astro:config:setup'] as unknown as (options: object) => Promise<void> | void;
  let exitCode: unknown;
  try {
    await hook({ command: 'build', config: { root: pathToFileURL(`${root}/`) }, logger, updateConfig: () => ({}) });
  } catch (error) {
    if (!exit.mock.calls.length) throw error;
    exitCode = (error as { exitCode?: unknown }).exitCode;
  }
  return { exitCode, output: printed.join('\n') };
}

beforeAll(() => {
  copy = mkdtempSync(join(tmpdir(), 'build-refusals-'));
  for (const path of ['src', 'public', 'astro.config.mjs', 'package.json', 'tsconfig.json'])
    cpSync(join(project, path), join(copy, path), { recursive: true });
});
afterAll(() => rmSync(copy, { recursive: true, force: true }));
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe('the build stops first', () => {
  it('with the content check and the editor setting, the first integrations of astro.config.mjs to run', () => {
    const names = (config.integrations ?? []).flat().map((integration) => (integration as AstroIntegration).name);
    expect(names[0]).toBe('content-check');
    expect(names).toContain('cms');
    expect(contentCheck().hooks['astro:config:setup']).toBeTypeOf('function');
    expect(cms().hooks['astro:config:setup']).toBeTypeOf('function');
  });

  it('on content content:check refuses, naming each file and field in its words', async () => {
    const { folder, file, data } = anItem();
    // The copy as a repository whose last commit is the published version, so a slug changed
    // without its former slug is refused as well (src/content-check/published-slugs.ts).
    vi.stubEnv('CACHED_COMMIT_REF', '');
    for (const args of [
      ['init', '-q'],
      ['add', '-A'],
      ['commit', '-q', '-m', 'published'],
    ])
      execFileSync('git', ['-c', 'user.name=Check', '-c', 'user.email=check@example.com', '-C', copy, ...args]);
    const picture = join(copy, file, '..', String(data.image));
    writeFileSync(picture, await sharp(picture).resize(800).toBuffer());
    const text = readFileSync(join(copy, file), 'utf8');
    writeFileSync(
      join(copy, file),
      text.replace(/^name: .*$/m, 'name:').replace(/^slug: .*$/m, `slug: ${data.slug}-new`),
    );
    // Two more items: one naming a technology that does not exist, one without a required field.
    const fields = parseFrontmatter(text) as Record<string, unknown>;
    const body = text.slice(text.indexOf('\n---', 3) + 4);
    const write = (slug: string, edit: (d: Record<string, unknown>) => void) => {
      const copied = structuredClone({ ...fields, slug });
      edit(copied);
      const yaml = Object.entries(copied)
        .map(([key, value]) => `${key}: ${JSON.stringify(value)}`)
        .join('\n');
      writeFileSync(join(copy, 'src/content/products', folder, `${slug}.md`), `---\n${yaml}\n---${body}`);
    };
    write('refusal-technology', (d) => void (d.technologies = ['microencapsulation', 'no-such-technology']));
    write('refusal-required', (d) => void delete d.imageAlt);

    const { exitCode, output } = await setupForBuild(contentCheck(), copy);
    expect(exitCode, output).toBe(1);
    expect(output).toContain('nothing was built');
    expect(output).toContain(
      `${file}: image: picture "${data.image}" is 800 px wide; pictures must be at least 1,200 px wide`,
    );
    expect(output).toMatch(new RegExp(`${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: name: required: \\S`));
    expect(output).toContain(
      `src/content/products/${folder}/refusal-technology.md: technologies.1: no entry "no-such-technology" in technologies`,
    );
    expect(output).toMatch(new RegExp(`src/content/products/${folder}/refusal-required\\.md: imageAlt: `));
    expect(output).toContain(
      `${file}: slug: changed from "${data.slug}", so the published address /products/${folder}/${data.slug} would answer "page not found".`,
    );
    // Only the content's problems: no framework tips.
    expect(output).not.toMatch(/client:only|hint|docs\.astro\.build/i);
  });

  it('on a content editor setting that cannot work, with a message that says what to set', async () => {
    vi.stubEnv('CMS_BACKEND', 'github');
    vi.stubEnv('CMS_GITHUB_REPO', '');
    vi.stubEnv('REPOSITORY_URL', '');
    const { exitCode, output } = await setupForBuild(cms(), project);
    expect(exitCode, output).toBe(1);
    expect(output).toContain('nothing was built');
    expect(output).toContain('CMS_BACKEND is "github" but no repository is known');
    expect(output).not.toMatch(/docs\.astro\.build|hint/i);
  });
});
