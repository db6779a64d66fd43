/**
 * The content check of one project, as `npm run content:check` and every build run it: the
 * checks of src/content-check/check.ts with pictures measured by sharp. One code path, so the build refuses
 * exactly what the check refuses, and unused files are warnings in both.
 */
import sharp from 'sharp';
import { checkContent, report, type Problem } from '../../src/content-check/check';
import { exifHasGps } from '../build/published-pictures';

export const projectProblems = (root: string): Promise<Problem[]> =>
  checkContent({
    root,
    imageWidth: async (path) => (await sharp(path).metadata()).width,
    imageLocation: async (path) => exifHasGps((await sharp(path).metadata()).exif),
  });

export { report };
