/**
 * The words buyers use for what the catalogue names otherwise (src/content/search/synonyms.json):
 * a search with one of `words` also finds what one of `finds` finds, ranked a little below what
 * the words typed find themselves (src/search/catalogue-search.ts).
 */
import { z } from 'astro/zod';
import { text } from './text';

export const synonymSchema = z
  .strictObject({
    words: z
      .array(text('A word or phrase buyers type'))
      .min(1, { error: 'words needs at least one word or phrase buyers type' })
      .describe('What buyers type, e.g. "fire retardant" or "PFAS free"; case, accents and hyphens do not matter.'),
    finds: z
      .array(text('A word or phrase of the catalogue'))
      .min(1, { error: 'finds needs at least one word or phrase of the catalogue' })
      .describe(
        'What the catalogue says instead, e.g. "flame retardant": a search with one of the words also finds the products with every word of one of these.',
      ),
  })
  .describe('One group of synonyms.');

export type Synonym = z.infer<typeof synonymSchema>;

export const synonymsSchema = z
  .strictObject({
    synonyms: z.array(synonymSchema).describe('The groups of synonyms, in any order.'),
  })
  .describe('Words buyers use in a search, and what the catalogue says instead.');
