/**
 * The words of the frame every page shares, parsed once from src/content/site/labels.json. A
 * mistake in that file stops the build with the file and the field named.
 */
import raw from '../content/site/labels.json';
import { parseOrExplain } from '../schemas/content-errors';
import { labelsSchema, type Labels } from '../schemas/labels';

const labelsFile = 'src/content/site/labels.json';

/** The language the content is written in: every page's `<html lang>`. */
export const siteLanguage = 'en';

export const labels: Labels = parseOrExplain(labelsSchema, raw, labelsFile);

/** A label with its {placeholders} filled in: fill('More {category}', { category: 'Pigments' }). */
export const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
