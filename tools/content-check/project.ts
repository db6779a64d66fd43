/**
 * The content check of one project, as `npm run content:check` and every build run it: the
 * checks of src/content-check/check.ts with pictures measured by sharp, then each item compared
 * with its published version in Git (src/content-check/published-slugs.ts). One code path, so the
 * build refuses exactly what the check refuses, and unused files are warnings in both.
 */
import sharp from 'sharp';
import { checkContent, report, type Problem } from '../../src/content-check/check';
import { publishedSlugProblems } from '../../src/content-check/published-slugs';
import { exifHasGps } from '../build/published-pictures';

export async function projectProblems(root: string, env: NodeJS.ProcessEnv = process.env): Promise<Problem[]> {
  const problems = await checkContent({
    root,
    imageWidth: async (path) => (await sharp(path).metadata()).width,
    imageLocation: async (path) => exifHasGps((await sharp(path).metadata()).exif),
  });
  const history = publishedSlugProblems(root, env);
  return [
    ...problems,
    ...history.problems,
    ...(history.notice
      ? [{ file: 'src/content/products', field: 'slug', message: history.notice, severity: 'notice' as const }]
      : []),
  ];
}

export { report };
