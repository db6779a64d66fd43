/**
 * How editors log in to /admin on the live site and where their changes are saved, chosen by one
 * build setting (Netlify: Site configuration > Environment variables; CONTENT.md has the one-time
 * set-up of each):
 *
 * - `CMS_BACKEND=git-gateway` (the default): editors log in with Netlify Identity and save
 *   through Netlify's Git Gateway. Editors need no GitHub account. Netlify has deprecated both
 *   (and the `netlify-identity-widget` package), but keeps them working for sites that use them.
 * - `CMS_BACKEND=github` with `CMS_GITHUB_REPO=<owner>/<name>`: Decap's GitHub backend, which
 *   saves through GitHub's API as the editor's own GitHub account; the editor logs in through
 *   Netlify's OAuth provider (`base_url: https://api.netlify.com`, `auth_endpoint: auth`), which
 *   holds the GitHub OAuth app's secret. Each editor needs a GitHub account with write access to
 *   the repository. The Identity widget is then not loaded at all.
 *
 * The generated configuration (src/cms/config.ts, `backend`) follows the setting, at every build
 * and in `npm run dev` / `npm run cms` (where Decap uses the local backend whatever it says). A
 * setting that cannot work stops the build with a message that names the variable to set.
 */

export const cmsBackends = ['git-gateway', 'github'] as const;
export type CmsBackendName = (typeof cmsBackends)[number];

/** The branch editors' changes are published to (drafts are branches off it). */
export const cmsBranch = 'main';

/** Netlify's OAuth provider, which Decap's GitHub backend logs in through. */
export const netlifyOAuth = { base_url: 'https://api.netlify.com', auth_endpoint: 'auth' } as const;

export type CmsBackend =
  | { name: 'git-gateway'; branch: string }
  | { name: 'github'; repo: string; branch: string; base_url: string; auth_endpoint: string };

export interface CmsEnvironment {
  CMS_BACKEND?: string | undefined;
  CMS_GITHUB_REPO?: string | undefined;
}

/** A setting that cannot work; its message says what to set. */
export class CmsSettingError extends Error {
  override name = 'CmsSettingError';
}

/** GitHub's rule for owner and repository names, as `<owner>/<name>`. */
const repoPattern = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})\/[A-Za-z0-9._-]{1,100}$/;

/** The `backend` of the editor's configuration for these settings. */
export function cmsBackend(env: CmsEnvironment): CmsBackend {
  const name = (env.CMS_BACKEND ?? '').trim() || 'git-gateway';
  if (name === 'git-gateway') return { name, branch: cmsBranch };
  if (name !== 'github') {
    throw new CmsSettingError(
      `CMS_BACKEND is "${name}"; it must be one of: ${cmsBackends.join(', ')} (unset means git-gateway).`,
    );
  }
  const repo = (env.CMS_GITHUB_REPO ?? '')
    .trim()
    .replace(/^https:\/\/github\.com\//, '')
    .replace(/\.git$/, '')
    .replace(/\/$/, '');
  if (!repo) {
    throw new CmsSettingError(
      'CMS_BACKEND is "github" but CMS_GITHUB_REPO is not set: set it to the repository editors save to, as <owner>/<name> (e.g. acme/website).',
    );
  }
  if (!repoPattern.test(repo)) {
    throw new CmsSettingError(
      `CMS_GITHUB_REPO is "${env.CMS_GITHUB_REPO}"; it must be a GitHub repository as <owner>/<name> (e.g. acme/website).`,
    );
  }
  return { name, repo, branch: cmsBranch, ...netlifyOAuth };
}
