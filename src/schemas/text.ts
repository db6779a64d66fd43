/** Text fields of the content: trimmed, never empty, never longer than the layout carries, described for the editor. */
import { z } from 'astro/zod';
import { lengthProblem, textLimits } from './content-limits';

/**
 * A text of at most `max` characters (src/schemas/content-limits.ts: `textLimits`). The bound is
 * a string length, so the form at /admin knows it too: it counts against it as the editor types
 * and states it in the field's hint (src/cms/config.ts).
 */
export const text = (what: string, max: number = textLimits.paragraph) =>
  z
    .string()
    .trim()
    .min(1, { error: `${what} must not be empty` })
    .max(max, { error: (issue) => lengthProblem(String(issue.input).trim().length, max) })
    .describe(what);

/** A list of texts, each at most `max` characters (one entry of a list, unless told). */
export const textList = (what: string, min = 1, max: number = textLimits.entry) =>
  z
    .array(text(`${what} entry`, max))
    .min(min, { error: `${what} needs at least ${min} entr${min === 1 ? 'y' : 'ies'}` })
    .describe(what);
