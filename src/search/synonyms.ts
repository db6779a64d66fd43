/**
 * The editors' search synonyms, parsed once from src/content/search/synonyms.json. The search
 * engine runs in the function that renders /search on demand, so the file travels in its bundle
 * as it was at build time; a mistake in it stops the build (and `npm run content:check`) with the
 * file and the field named.
 */
import raw from '../content/search/synonyms.json';
import { parseOrExplain } from '../schemas/content-errors';
import { synonymsSchema, type Synonym } from '../schemas/synonyms';

export const synonymsFile = 'src/content/search/synonyms.json';

export const synonyms: readonly Synonym[] = parseOrExplain(synonymsSchema, raw, synonymsFile).synonyms;
