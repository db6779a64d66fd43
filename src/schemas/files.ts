/**
 * Fields that name a file next to the content file: their rules come from the limits of
 * src/schemas/content-limits.ts, and a name that breaks one says which (the folder, spaces, capitals,
 * the kind of file).
 */
import { z } from 'astro/zod';
import { documentLimits, filePathProblem, formatSize } from './content-limits';

/** A PDF in `folder` next to the content file, e.g. "./documents/lavender-oil-tds.pdf". */
export const documentFile = (folder: string) =>
  z
    .string()
    .refine((path) => filePathProblem(path, documentLimits, folder) === undefined, {
      error: (issue) => filePathProblem(String(issue.input), documentLimits, folder),
    })
    .meta({ widget: 'file' })
    .describe(
      `The PDF, uploaded into the ${folder} folder next to this file: at most ${formatSize(documentLimits.maxBytes)}, its name in lowercase letters, digits and hyphens.`,
    );
