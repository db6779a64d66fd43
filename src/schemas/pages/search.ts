/** Search, /search, with the list of every product A-Z (src/content/pages/search.md). */
import { z } from 'astro/zod';
import { text } from '../common';
import { seo } from '../seo';
import { intro } from './parts';

export const searchPageSchema = z.strictObject({
  page: z
    .literal('search')
    .describe('Which page this file describes: Search (/search), with the list of every product A-Z.'),
  ...seo(),
  hero: z
    .strictObject(intro)
    .describe(
      'Top of the page: says that the page searches the catalogue and, without JavaScript, lists every product A-Z.',
    ),
  field: z
    .strictObject({
      label: text('Label of the search field, in the top bar and on /search, e.g. "Search products"'),
      placeholder: text('Hint inside the empty field, e.g. "Name or code"'),
      button: text('Label of the button that sends the search without JavaScript, e.g. "Search"'),
      barName: text(
        'Name of the search form of the top bar and the menu, which screen readers say to tell it from the search form in the page (named by the label above), e.g. "Site search"',
      ),
    })
    .describe('The search field.'),
  results: z
    .strictObject({
      heading: text('Heading over the results, e.g. "Results"'),
      title: text(
        'Title of /search with a query (the browser tab, and the offline list of pages kept on the device); {query} is what was searched, e.g. "Search: {query}"',
      ).refine((words) => words.includes('{query}'), {
        error: 'title must contain {query}, where the words searched go',
      }),
      filtersHeading: text('Heading over the filters, e.g. "Filter results"'),
      loading: text('Shown while the search loads, e.g. "Searching..."'),
      none: text(
        'Shown on /search when nothing matches, above the A-Z list, e.g. "No products match your search. Try another word, or browse the A-Z list below."',
      ),
      noneInBar: text(
        'Shown under the top-bar field when nothing matches (no A-Z list there), e.g. "No products match your search. Try another word."',
      ),
      atoZ: text(
        'Link from the top-bar field, when nothing matches, to the list of every product A-Z, e.g. "Browse every product A-Z"',
      ),
      filtersInherited: text(
        'Under the filters: products that name no industry or application method of their own are filtered by ' +
          'their category\'s, e.g. "A product without industries or application methods of its own is found under its category\'s."',
      ),
      applyFilters: text(
        'Button under the filters on /search without JavaScript, which sends the chosen ones, e.g. "Apply filters"',
      ),
      filterNone: text(
        'After the count of a filter value that would leave no result, e.g. "no match" (shown as "Pigments (0, no match)")',
      ),
      showResults: text('Link at the foot of the open filters on a phone, down to the results, e.g. "Show results"'),
      offline: text(
        'Shown by the search field and /search when the device has no connection, e.g. "Search needs a connection. The pages kept on this device still open."',
      ),
      offlinePages: text(
        'Link shown with it, to the list of pages kept on this device, e.g. "Pages kept on this device"',
      ),
      failed: text(
        'Shown when the search did not answer, e.g. "Search is not answering just now. Try again, or browse the A-Z list."',
      ),
      seeAll: text('Link from the top-bar results to /search, e.g. "All results and filters"'),
      count: text('How many results there are; {count} is the number, e.g. "{count} results"').refine(
        (words) => words.includes('{count}'),
        {
          error: 'count must contain {count}, where the number goes',
        },
      ),
      countOne: text('The same for exactly one result, e.g. "{count} result"'),
      filters: z
        .strictObject({
          category: text('Heading of the category filters, e.g. "Category"'),
          industry: text('Heading of the industry filters, e.g. "Industry"'),
          method: text('Heading of the application method filters, e.g. "Application method"'),
          substrate: text('Heading of the substrate (fibre) filters, e.g. "Substrate"'),
        })
        .describe('The groups of filters on /search.'),
      technologyLabel: text(
        'What a result that is a technology page is, shown where an item shows its category, e.g. "Technology"',
      ),
      categoryLabel: text('What a result that is a product category page is, e.g. "Product category"'),
      pageLabel: text('What a result that is another page of the site (home, About) is, e.g. "Page"'),
      queryCut: text(
        'Said when a search was longer than the search reads; {limit} is the number of characters searched, e.g. "Only the first {limit} characters were searched."',
      ).refine((words) => words.includes('{limit}'), { error: 'queryCut must contain {limit}, where the number goes' }),
      pagesLabel: text('Name of the links to the further pages of results, e.g. "Pages of results"'),
      pageOf: text('Which page of results shows; {page} and {pages} are numbers, e.g. "Page {page} of {pages}"').refine(
        (words) => words.includes('{page}') && words.includes('{pages}'),
        { error: 'pageOf must contain {page} and {pages}' },
      ),
      previousPage: text('Link to the page of results before, e.g. "Previous results"'),
      nextPage: text('Link to the next page of results, e.g. "More results"'),
    })
    .describe('Words of the search results.'),
  list: z
    .strictObject({
      heading: text('Heading of the A-Z list of every product'),
      intro: text('Paragraph above the list'),
      nameColumn: text('Heading of the column of product names, e.g. "Product"'),
      categoryColumn: text('Heading of the column of categories, e.g. "Category"'),
      codeColumn: text('Heading of the column of product codes, e.g. "Code"'),
      parts: text(
        'Over 250 products the list is split into parts A-Z: heading of the links to them, {parts} is their number, e.g. "The list in {parts} parts"',
      ),
    })
    .describe('The list of every product A-Z, there with and without JavaScript.'),
});
