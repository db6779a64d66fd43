/**
 * The build's environment chooses how editors log in to /admin on the live site
 * (src/cms/backend.ts): on Netlify with no setting, GitHub through Netlify's OAuth provider on the
 * repository Netlify builds from (REPOSITORY_URL); Git Gateway by CMS_BACKEND=git-gateway; the
 * generated config.yml is right for each, the page loads Netlify's Identity widget only for Git
 * Gateway, and a setting that cannot work stops the build, naming what to set (the build's hook:
 * tests/unit/build-refusals.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { cmsBackend, CmsSettingError } from '../../src/cms/backend';
import { editorConfig } from '../../src/cms/editor-config';
import { editorFiles } from '../../src/cms/integration';
import { usesIdentity } from '../../src/cms/admin';

const root = process.cwd();
const generated = (env: Record<string, string>) =>
  parseYaml(editorConfig(root, env)) as Record<string, unknown> & {
    backend: Record<string, unknown>;
    collections: unknown[];
  };

describe('the editor configuration for each setting', () => {
  const onNetlify = { REPOSITORY_URL: 'https://github.com/acme/website' };
  const github = {
    name: 'github',
    repo: 'acme/website',
    branch: 'main',
    base_url: 'https://api.netlify.com',
    auth_endpoint: 'auth',
  };

  it("on Netlify with no setting: GitHub's backend on the repository Netlify builds from, through Netlify's OAuth provider, without the Identity widget", () => {
    const config = generated(onNetlify);
    expect(config.backend).toEqual(github);
    expect(usesIdentity(config)).toBe(false);
    // CMS_BACKEND=github says the same; CMS_GITHUB_REPO names another repository.
    expect(generated({ ...onNetlify, CMS_BACKEND: 'github' }).backend).toEqual(github);
    expect(
      generated({ REPOSITORY_URL: 'https://github.com/acme/old-site', CMS_GITHUB_REPO: 'acme/website' }).backend,
    ).toEqual(github);
    expect(generated({ CMS_BACKEND: 'github', CMS_GITHUB_REPO: 'acme/website' }).backend).toEqual(github);
  });

  it('with CMS_BACKEND=git-gateway: Netlify Identity and Git Gateway, and the Identity widget; everything else the same', () => {
    const gitGateway = generated({ ...onNetlify, CMS_BACKEND: 'git-gateway', CMS_GITHUB_REPO: 'acme/website' });
    expect(gitGateway.backend).toEqual({ name: 'git-gateway', branch: 'main' });
    expect(usesIdentity(gitGateway)).toBe(true);
    const { backend: _a, ...rest } = generated(onNetlify);
    const { backend: _b, ...restGateway } = gitGateway;
    expect(rest).toEqual(restGateway);
    expect(rest).toMatchObject({ publish_mode: 'editorial_workflow', local_backend: true });
  });

  it('outside Netlify, with no repository to name: Git Gateway (the local editor uses decap-server either way)', () => {
    expect(generated({}).backend).toEqual({ name: 'git-gateway', branch: 'main' });
  });

  it("ships Netlify's Identity widget to /admin with Git Gateway only", async () => {
    expect([...(await editorFiles(cmsBackend({ CMS_BACKEND: 'git-gateway' }))).keys()]).toContain(
      'netlify-identity-widget.js',
    );
    const files = [...(await editorFiles(cmsBackend(onNetlify))).keys()];
    expect(files).not.toContain('netlify-identity-widget.js');
    expect(files).toContain('decap-cms.js');
  });

  it('takes the repository as GitHub and Netlify write its address', () => {
    for (const repo of [
      'https://github.com/acme/website',
      'https://github.com/acme/website.git',
      'git@github.com:acme/website.git',
      ' acme/website/ ',
    ]) {
      expect(cmsBackend({ CMS_GITHUB_REPO: repo })).toMatchObject({ repo: 'acme/website' });
      expect(cmsBackend({ REPOSITORY_URL: repo })).toMatchObject({ repo: 'acme/website' });
    }
  });

  it('refuses a setting that cannot work, naming the variable to set', () => {
    expect(() => cmsBackend({ CMS_BACKEND: 'github' })).toThrow(CmsSettingError);
    expect(() => cmsBackend({ CMS_BACKEND: 'github' })).toThrow(
      /no repository is known.*CMS_GITHUB_REPO.*<owner>\/<name>/,
    );
    expect(() => cmsBackend({ CMS_GITHUB_REPO: 'website' })).toThrow(/CMS_GITHUB_REPO is "website"/);
    expect(() => cmsBackend({ REPOSITORY_URL: 'https://gitlab.com/acme/website' })).toThrow(
      /not a GitHub repository.*CMS_BACKEND=git-gateway/,
    );
    expect(() => cmsBackend({ CMS_BACKEND: 'gitlab' })).toThrow(
      /CMS_BACKEND is "gitlab"; it must be one of: git-gateway, github/,
    );
  });
});
