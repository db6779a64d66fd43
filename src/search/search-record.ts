/**
 * An item's search record: what the search holds of a catalogue item, and what its result
 * shows. Made from the catalogue item model (src/model/catalogue-item.ts), so search reads the
 * same name, codes and line as every other page.
 */
import type { CatalogueItem } from '../model/catalogue-item';
import type { SearchRecord } from './search';

/** The item's search record: its name, category, codes, one line, and the filters of /search. */
export function searchRecord(item: CatalogueItem, categoryTitle: string): SearchRecord {
  return {
    url: item.href,
    name: item.name,
    category: categoryTitle,
    codes: [...item.codes],
    summary: item.summary,
    filters: {
      category: [categoryTitle],
      industry: [...item.industries],
      method: [...item.applicationMethods],
      substrate: [...item.substrates],
    },
  };
}
