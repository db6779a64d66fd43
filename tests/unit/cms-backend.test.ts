/**
 * One build setting chooses how editors log in to /admin on the live site (src/cms/backend.ts):
 * the generated config.yml is right for each (Git Gateway by default; GitHub through Netlify's
 * OAuth provider with CMS_BACKEND=github and CMS_GITHUB_REPO), the page loads Netlify's Identity
 * widget only for Git Gateway, and a setting that cannot work stops the build, naming what to set.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { cmsBackend, CmsSettingError } from '../../src/cms/backend';
import { editorConfig } from '../../src/cms/editor-config';
import { editorFiles } from '../../src/cms/integration';
import { usesIdentity } from '../../public/admin/cms.js';

const root = process.cwd();
const generated = (env: Record<string, string>) =>
  parseYaml(editorConfig(root, env)) as Record<string, unknown> & {
    backend: Record<string, unknown>;
    collections: unknown[];
  };

describe('the editor configuration for each setting', () => {
  const gitGateway = generated({});

  it('without a setting, or with CMS_BACKEND=git-gateway: Netlify Identity and Git Gateway, and the Identity widget', () => {
    expect(gitGateway.backend).toEqual({ name: 'git-gateway', branch: 'main' });
    expect(generated({ CMS_BACKEND: 'git-gateway', CMS_GITHUB_REPO: 'acme/website' }).backend).toEqual({
      name: 'git-gateway',
      branch: 'main',
    });
    expect(usesIdentity(gitGateway)).toBe(true);
  });

  it("with CMS_BACKEND=github: GitHub's backend on the repository, logging in through Netlify's OAuth provider, without the Identity widget", () => {
    const github = generated({ CMS_BACKEND: 'github', CMS_GITHUB_REPO: 'acme/website' });
    expect(github.backend).toEqual({
      name: 'github',
      repo: 'acme/website',
      branch: 'main',
      base_url: 'https://api.netlify.com',
      auth_endpoint: 'auth',
    });
    expect(usesIdentity(github)).toBe(false);
    // Everything else is the same: drafts, the local backend, every collection.
    const { backend: _a, ...rest } = github;
    const { backend: _b, ...restDefault } = gitGateway;
    expect(rest).toEqual(restDefault);
    expect(rest).toMatchObject({ publish_mode: 'editorial_workflow', local_backend: true });
  });

  it("ships Netlify's Identity widget to /admin with Git Gateway only", async () => {
    expect([...(await editorFiles(cmsBackend({}))).keys()]).toContain('netlify-identity-widget.js');
    const github = [
      ...(await editorFiles(cmsBackend({ CMS_BACKEND: 'github', CMS_GITHUB_REPO: 'acme/website' }))).keys(),
    ];
    expect(github).not.toContain('netlify-identity-widget.js');
    expect(github).toContain('decap-cms.js');
  });

  it('takes the repository as GitHub shows its address too', () => {
    for (const repo of ['https://github.com/acme/website', 'https://github.com/acme/website.git', ' acme/website/ ']) {
      expect(cmsBackend({ CMS_BACKEND: 'github', CMS_GITHUB_REPO: repo })).toMatchObject({ repo: 'acme/website' });
    }
  });

  it('refuses a setting that cannot work, naming the variable to set', () => {
    expect(() => cmsBackend({ CMS_BACKEND: 'github' })).toThrow(CmsSettingError);
    expect(() => cmsBackend({ CMS_BACKEND: 'github' })).toThrow(/CMS_GITHUB_REPO is not set.*<owner>\/<name>/);
    expect(() => cmsBackend({ CMS_BACKEND: 'github', CMS_GITHUB_REPO: 'website' })).toThrow(
      /CMS_GITHUB_REPO is "website"/,
    );
    expect(() => cmsBackend({ CMS_BACKEND: 'gitlab' })).toThrow(
      /CMS_BACKEND is "gitlab"; it must be one of: git-gateway, github/,
    );
  });
});

describe('the build with a setting that cannot work', () => {
  const copy = mkdtempSync(join(tmpdir(), 'cms-backend-'));
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  it('stops before building anything, with a message that says what to set', () => {
    for (const path of ['src', 'public', 'netlify', 'astro.config.mjs', 'package.json', 'tsconfig.json'])
      cpSync(join(root, path), join(copy, path), { recursive: true });
    mkdirSync(join(copy, 'node_modules'));
    for (const name of readdirSync(join(root, 'node_modules'))) {
      if (!['.vite', '.astro', '.cache'].includes(name))
        symlinkSync(join(root, 'node_modules', name), join(copy, 'node_modules', name));
    }
    const result = spawnSync(process.execPath, [join(copy, 'node_modules/.bin/astro'), 'build'], {
      cwd: copy,
      encoding: 'utf8',
      env: {
        ...process.env,
        FORCE_COLOR: '0',
        ASTRO_TELEMETRY_DISABLED: '1',
        CMS_BACKEND: 'github',
        CMS_GITHUB_REPO: '',
      },
    });
    const output = `${result.stdout}\n${result.stderr}`;
    expect(result.status, output).toBe(1);
    expect(output).toContain('CMS_BACKEND is "github" but CMS_GITHUB_REPO is not set');
    expect(output).not.toMatch(/docs\.astro\.build|hint/i);
    expect(existsSync(join(copy, 'dist'))).toBe(false);
  }, 120_000);
});
