/**
 * How editors log in to /admin on the live site and where their changes are saved, chosen by the
 * build's environment (Netlify: Site configuration > Environment variables; CONTENT.md has the
 * one-time set-up of each):
 *
 * - no setting, on Netlify (the default): Decap's GitHub backend, on the repository Netlify builds
 *   from (its `REPOSITORY_URL` build variable, `https://github.com/<owner>/<name>`). It saves
 *   through GitHub's API as the editor's own GitHub account; the editor logs in through Netlify's
 *   OAuth provider (`base_url: https://api.netlify.com`, `auth_endpoint: auth`), which holds the
 *   GitHub OAuth app's secret. Each editor needs a GitHub account with write access to the
 *   repository. The Identity widget is then not loaded at all. `CMS_GITHUB_REPO=<owner>/<name>`
 *   names another repository; `CMS_BACKEND=github` says the same as no setting.
 * - `CMS_BACKEND=git-gateway`: editors log in with Netlify Identity and save through Netlify's
 *   Git Gateway, for sites whose editors have no GitHub account. Netlify has deprecated both (and
 *   the `netlify-identity-widget` package) and recommends neither for new set-ups, but keeps them
 *   working for sites that use them.
 * - No setting and no repository (a build outside Netlify, or a site deployed without Git): Git
 *   Gateway, the one backend that names no repository; such a build's /admin is only used on
 *   this computer (`npm run cms`), where Decap uses the local backend whatever the configuration says.
 *
 * The generated configuration (src/cms/config.ts, `backend`) follows the setting, at every build
 * and in `npm run dev` / `npm run cms`. A setting that cannot work (an unknown backend, a
 * repository that is not on GitHub) stops the build with a message that names the variable to set.
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
  /** Netlify's build variable: the address of the repository the site is built from. */
  REPOSITORY_URL?: string | undefined;
}

/** A setting that cannot work; its message says what to set. */
export class CmsSettingError extends Error {
  override name = 'CmsSettingError';
}

/** GitHub's rule for owner and repository names, as `<owner>/<name>`. */
const repoPattern = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})\/[A-Za-z0-9._-]{1,100}$/;

/**
 * `<owner>/<name>` of a GitHub repository written as GitHub and Netlify show it
 * (`https://github.com/acme/website`, `…/website.git`, `git@github.com:acme/website`, `acme/website`),
 * or undefined when it is not one.
 */
export function githubRepository(address: string): string | undefined {
  const repo = address
    .trim()
    .replace(/^(?:https?:\/\/(?:[^@/]+@)?github\.com\/|git@github\.com:|ssh:\/\/git@github\.com\/)/i, '')
    .replace(/\/$/, '')
    .replace(/\.git$/, '');
  return repoPattern.test(repo) ? repo : undefined;
}

/** The `backend` of the editor's configuration for these settings. */
export function cmsBackend(env: CmsEnvironment): CmsBackend {
  const setting = (env.CMS_BACKEND ?? '').trim();
  if (setting && !(cmsBackends as readonly string[]).includes(setting)) {
    throw new CmsSettingError(
      `CMS_BACKEND is "${setting}"; it must be one of: ${cmsBackends.join(', ')} (unset means github, on the repository Netlify builds from).`,
    );
  }
  if (setting === 'git-gateway') return { name: 'git-gateway', branch: cmsBranch };
  const named = (env.CMS_GITHUB_REPO ?? '').trim();
  const built = (env.REPOSITORY_URL ?? '').trim();
  if (named) {
    const repo = githubRepository(named);
    if (!repo) {
      throw new CmsSettingError(
        `CMS_GITHUB_REPO is "${env.CMS_GITHUB_REPO}"; it must be a GitHub repository as <owner>/<name> (e.g. acme/website).`,
      );
    }
    return { name: 'github', repo, branch: cmsBranch, ...netlifyOAuth };
  }
  if (built) {
    const repo = githubRepository(built);
    if (!repo) {
      throw new CmsSettingError(
        `The site is built from "${built}" (REPOSITORY_URL), which is not a GitHub repository, so /admin cannot log in with GitHub: ` +
          'set CMS_BACKEND=git-gateway (editors log in with Netlify Identity), or CMS_GITHUB_REPO=<owner>/<name> to save to a GitHub copy.',
      );
    }
    return { name: 'github', repo, branch: cmsBranch, ...netlifyOAuth };
  }
  if (setting === 'github') {
    throw new CmsSettingError(
      'CMS_BACKEND is "github" but no repository is known: REPOSITORY_URL (set by Netlify for a site built from Git) is empty ' +
        'and CMS_GITHUB_REPO is not set: set CMS_GITHUB_REPO to the repository editors save to, as <owner>/<name> (e.g. acme/website).',
    );
  }
  return { name: 'git-gateway', branch: cmsBranch };
}
