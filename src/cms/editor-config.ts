/**
 * config.yml of the editor for the project at `root`: the schemas' configuration for the content
 * folders as they are now. The build calls it once; `astro dev` loads this module through Vite on
 * each request, so an edited schema shows in /admin at the next reload.
 */
import { cmsConfig, cmsConfigYaml } from './config';
import { readContentLayout } from './content-layout';

export const editorConfig = (root: string) => cmsConfigYaml(cmsConfig({ layout: readContentLayout(root) }));
