/**
 * The application methods an item's own words name ("Pad at 250-400 g/l", "applied by exhaust"),
 * so that `npm run content:check` can warn when its text names a method its `applicationMethods`
 * (its own or its category's) leave out: the search filters read the field, a buyer reads the
 * text, and the two must agree. Free of Astro, like the item model it reads.
 */
import type { applicationMethods } from '../schemas/product';
import type { CatalogueItem } from './catalogue-item';

type ApplicationMethod = (typeof applicationMethods)[number];

/**
 * How the text names each method. One pattern per method of the schema, so a new method cannot
 * be added without saying how the text names it. Rotary screen printing is a method of its own,
 * so "rotary screen print" is not also a flat screen print; a "spray test" (ISO 4920) is a test of
 * water repellency, and a "back-coating" another product on the fabric, not a way of applying this one.
 */
const methodWords: Record<ApplicationMethod, RegExp> = {
  Pad: /\bpad(?:s|ded|ding)?\b/i,
  Exhaust: /\bexhaust(?:s|ed|ing|ion)?\b/i,
  Spray: /\bspray(?:s|ed|ing)?\b(?![- ](?:test|rating))/i,
  Foam: /\bfoam(?:ed|ing)?\b/i,
  Coating: /(?<!back-)\b(?:coating|knife[- ]over[- ]roll)\b/i,
  'Screen print': /(?<!rotary[- ])\bscreen[- ]print/i,
  'Rotary screen print': /\brotary[- ]screen/i,
  'Digital print': /\b(?:digital[- ]print|inkjet)/i,
  'Heat transfer': /\bheat[- ]transfer/i,
  Dip: /\bdip(?:s|ped|ping)?\b/i,
};

/** The methods a text names, in the schema's order. */
export function methodsNamedIn(text: string): ApplicationMethod[] {
  return (Object.keys(methodWords) as ApplicationMethod[]).filter((method) => methodWords[method].test(text));
}

/**
 * The item's own words: its subtitle, description and every fact but the lists of methods,
 * substrates and industries themselves (which name no method in prose), and its Markdown body.
 */
export function itemText(item: CatalogueItem, body = ''): string {
  const listed = new Set(['applicationMethods', 'substrates', 'industries']);
  const facts = item.facts.filter((fact) => !listed.has(fact.key)).flatMap((fact) => fact.value);
  return [item.subtitle ?? '', item.description, ...facts, body].join('\n');
}

/** The methods the item's words name that its application methods leave out. */
export const unlistedMethods = (item: CatalogueItem, body = ''): ApplicationMethod[] =>
  methodsNamedIn(itemText(item, body)).filter((method) => !item.applicationMethods.includes(method));
