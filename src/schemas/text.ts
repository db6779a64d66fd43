/** Text fields of the content: trimmed, never empty, described for the editor. */
import { z } from 'astro/zod';

export const text = (what: string) =>
  z
    .string()
    .trim()
    .min(1, { error: `${what} must not be empty` })
    .describe(what);

export const textList = (what: string, min = 1) =>
  z
    .array(text(`${what} entry`))
    .min(min, { error: `${what} needs at least ${min} entr${min === 1 ? 'y' : 'ies'}` })
    .describe(what);
