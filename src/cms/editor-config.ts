/**
 * config.yml of the editor for the project at `root`: the schemas' configuration for the content
 * folders as they are now, with the backend the build's environment chooses (src/cms/backend.ts:
 * CMS_BACKEND, CMS_GITHUB_REPO, Netlify's REPOSITORY_URL). The build calls it once; `astro dev`
 * loads this module through Vite on each request, so an edited schema shows in /admin at the next
 * reload.
 */
import { cmsBackend, type CmsEnvironment } from './backend';
import { cmsConfig, cmsConfigYaml } from './config';
import { readContentLayout } from './content-layout';

export const editorConfig = (root: string, env: CmsEnvironment = process.env) =>
  cmsConfigYaml(cmsConfig({ layout: readContentLayout(root), backend: cmsBackend(env) }));
