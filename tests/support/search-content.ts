/**
 * The site's search index made from the content files as the build makes it for the functions
 * (src/server/content-files.ts: their schemas, the item model, src/search/search-entries.ts), for
 * the unit tests of the search: no build needed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readContentFiles } from '../../src/server/content-files';
import { searchIndexOf } from '../../src/search/catalogue-search';
import { searchEntriesOf } from '../../src/search/search-entries';

const content = readContentFiles(process.cwd());

export const contentItems = content.items;

export const certificationsOf = () =>
  JSON.parse(readFileSync(join(process.cwd(), 'src/content/certifications/certifications.json'), 'utf8')) as {
    name: string;
    description: string;
  }[];

export const searchEntries = searchEntriesOf(content);

export const contentSearchIndex = searchIndexOf(searchEntries);
