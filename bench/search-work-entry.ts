/** What bench/search-work.mjs runs, bundled by esbuild for Node: the one search engine and the content's entries. */
export { searchAnswer, searchIndexOf } from '../src/search/catalogue-search';
export { searchStateFromParams } from '../src/search/search';
export { synonyms } from '../src/search/synonyms';
export { searchEntries } from '../tests/support/search-content';
