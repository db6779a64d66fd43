/**
 * What a search result shows of a page: its `<title>` (the page's title plus the company suffix)
 * and its meta description. Search engines cut titles at about 65 characters and descriptions at
 * about 160, and a description under 70 says too little, so the bounds are checked here, once,
 * for every page an editor can write.
 */
import identityFile from '../content/company/identity.json';
import { text } from './common';
import { descriptionLength, maxTitleLength } from './seo-limits';

/**
 * The `<title>` of a page: "About Us | Siam Fibre Sciences". The suffix is read from the raw
 * identity file so that a mistake there is reported by the identity schema, not here.
 */
export const fullTitle = (title: string, shortName: string = String(identityFile.shortName ?? '')) =>
  shortName ? `${title} | ${shortName}` : title;

/**
 * A page title; with the company suffix it fits a search result. The bound is a string length,
 * so the editor's form (src/cms/config.ts) knows it too.
 */
export const pageTitle = (what: string) =>
  text(what)
    .max(maxTitleLength - fullTitle('').length, {
      error: (issue) => {
        const full = fullTitle(String(issue.input).trim());
        return `the browser tab title "${full}" is ${full.length} characters; search results show ${maxTitleLength}: shorten it by ${full.length - maxTitleLength}`;
      },
    })
    .describe(`${what}; with " | " and the company's short name it must fit in ${maxTitleLength} characters.`);

/**
 * The meta description: what the page offers, as a search result shows it. The bounds are string
 * lengths (not refinements) so the editor's form knows them too (src/cms/config.ts).
 */
export const searchDescription = text('Search result description')
  .min(descriptionLength.min, {
    error: (issue) =>
      `the search result description is ${String(issue.input).trim().length} characters; write at least ${descriptionLength.min} so it says what the page offers`,
  })
  .max(descriptionLength.max, {
    error: (issue) =>
      `the search result description is ${String(issue.input).trim().length} characters; search results cut it at ${descriptionLength.max}: shorten it by ${String(issue.input).trim().length - descriptionLength.max}`,
  })
  .describe(
    `Search result description: what the page offers, ${descriptionLength.min}-${descriptionLength.max} characters.`,
  );

/** The fields every page file carries for search results. */
export const seo = (titleWhat = 'Browser tab title') => ({
  title: pageTitle(titleWhat),
  description: searchDescription,
});
