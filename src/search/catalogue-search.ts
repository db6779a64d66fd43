/**
 * The site's one search engine: the matching items (and technology and category pages), best
 * first, and the faceted counts of every filter value. The page rendered on demand for
 * `/search?q=…` (src/pages/search/results.astro) and the answer the islands fetch
 * (src/pages/search/answer.json.ts) both call `searchCatalogue`, so what a visitor sees first,
 * with or without JavaScript, is what stays (docs/decisions/0048-one-search-engine-on-the-server.md).
 *
 * Matching: every word of the query must start a word of the entry (case and accents aside), or
 * the query is one of the item's codes. A word that starts no word of the catalogue at all is
 * taken as a misspelling and matches the words within a small edit distance instead (`fuzzy`),
 * scored lower than a word typed right. A phrase of the editors' synonyms
 * (src/content/search/synonyms.json) also matches the phrases it stands for.
 *
 * Ranking: an exact code first (`rankByCode`), then BM25 over the entry's words weighted by where
 * they stand (a code 10, the name 7, other words 1; the start of a word less than a whole one),
 * then A-Z.
 */
import type { CatalogueItem } from '../model/catalogue-item';
import type { Synonym } from '../schemas/synonyms';
import type { SearchRecord } from './search';
import {
  chosenGroups,
  emptyFilterValues,
  normaliseCode,
  rankByCode,
  searchFilters,
  shownResults,
  type FilterCounts,
  type SearchAnswer,
  type SearchFilterKey,
  type SearchState,
} from './search';

/** One entry as the search reads it: its record (what a result shows, its filters) and its words. */
export interface SearchEntry {
  record: SearchRecord;
  /** The entry's other words, as its page shows them: subtitle, badges, description, facts, typical properties. */
  text: string;
  /** A page that is not an item: found by its words only, never listed by filters alone. */
  page?: true;
}

/** The entry of an item: its search record and the words of its page (its Markdown body included). */
export function searchEntry(item: CatalogueItem, record: SearchRecord, body = ''): SearchEntry {
  const facts = item.facts.flatMap((fact) => (Array.isArray(fact.value) ? fact.value : [fact.value]));
  const properties = item.typicalProperties.map((p) => [p.name, p.value, p.unit ?? '', p.testMethod ?? ''].join(' '));
  return {
    record,
    text: [item.subtitle ?? '', ...item.badges, item.description, ...facts, ...properties, body].join(' '),
  };
}

/**
 * The entry of a page that is not an item (a technology, a product category): found by its title
 * and its own words, labelled by its kind, with no filter value (choosing any filter leaves it out).
 */
export function pageEntry(page: {
  url: string;
  title: string;
  kind: string;
  summary: string;
  text: string;
}): SearchEntry {
  return {
    record: {
      url: page.url,
      name: page.title,
      category: page.kind,
      codes: [],
      summary: page.summary,
      filters: emptyFilterValues(),
    },
    text: page.text,
    page: true,
  };
}

/** Words as the search compares them: lower case, accents off, split at anything not a letter or digit. */
export const searchWords = (text: string): string[] =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** Weights of the parts of an entry: a code 10 (a code search finds its item first), the name 7, other words 1. */
const weights = { codes: 10, name: 7, text: 1 } as const;

/**
 * How much less a misspelt word counts than one typed right, and a synonym than the visitor's own
 * words: a match of the words typed stays above one the search had to guess.
 */
const fuzzyFactor = 0.4;
const synonymFactor = 0.8;

/**
 * The edits a misspelt word may need, by its length: none under 4 letters, 1 up to 7, 2 from 8;
 * none past 24 letters, which no word of the catalogue is near (and which would only cost time).
 */
export const allowedEdits = (word: string) => (word.length < 4 || word.length > 24 ? 0 : word.length < 8 ? 1 : 2);

/**
 * The words of a query the search reads: a buyer's query is a few words, and each word costs a
 * pass over the catalogue's words, so an address with a page of text costs no more than this.
 */
export const queryWordLimit = 12;

/**
 * The fewest edits (a letter added, dropped, changed, or two neighbours swapped) that turn `word`
 * into the start of `candidate`, and the length of that start; undefined past `max`. A start,
 * because a query word matches the start of a word ("softner" is one edit from "softener", the
 * start of "softeners").
 */
export function editsToStart(
  word: string,
  candidate: string,
  max: number,
): { edits: number; length: number } | undefined {
  const [m, n] = [word.length, Math.min(candidate.length, word.length + max)];
  if (n < m - max) return undefined;
  const rows = [Array.from({ length: n + 1 }, (_, j) => j)];
  for (let i = 1; i <= m; i++) {
    const row = [i];
    for (let j = 1; j <= n; j++) {
      const cost = word[i - 1] === candidate[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && word[i - 1] === candidate[j - 2] && word[i - 2] === candidate[j - 1])
        best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      row.push(best);
    }
    rows.push(row);
  }
  const last = rows[rows.length - 1]!;
  let found: { edits: number; length: number } | undefined;
  for (let j = Math.max(0, m - max); j <= n; j++)
    if (last[j]! <= max && (!found || last[j]! < found.edits)) found = { edits: last[j]!, length: j };
  return found;
}

/** An entry's words, each with its weight. */
interface Indexed {
  entry: SearchEntry;
  words: { word: string; weight: number }[];
}

/** What the search reads of a list of entries, once per list (the server keeps the list for its lifetime). */
interface Index {
  pages: Indexed[];
  /** Every word of the catalogue, for misspellings. */
  vocabulary: string[];
}

const indexes = new WeakMap<readonly SearchEntry[], Index>();
const indexOf = (entries: readonly SearchEntry[]): Index => {
  let index = indexes.get(entries);
  if (!index) {
    const pages = entries.map((entry) => ({
      entry,
      words: [
        ...searchWords(entry.record.codes.join(' ')).map((word) => ({ word, weight: weights.codes })),
        ...searchWords(entry.record.name).map((word) => ({ word, weight: weights.name })),
        ...searchWords(`${entry.record.category} ${entry.text}`).map((word) => ({ word, weight: weights.text })),
      ],
    }));
    const vocabulary = [...new Set(pages.flatMap((page) => page.words.map((w) => w.word)))];
    indexes.set(entries, (index = { pages, vocabulary }));
  }
  return index;
};

/**
 * How much each word of the catalogue counts for a word of the query: in full, less the more it
 * adds to it, or, for a word that starts no word of the catalogue, less again within its edits.
 */
function matcher(word: string, vocabulary: readonly string[]): Map<string, number> {
  const similar = new Map<string, number>();
  for (const candidate of vocabulary)
    if (candidate.startsWith(word)) similar.set(candidate, word.length / candidate.length);
  if (similar.size > 0 || allowedEdits(word) === 0) return similar;
  for (const candidate of vocabulary) {
    const close = editsToStart(word, candidate, allowedEdits(word));
    if (close) similar.set(candidate, (fuzzyFactor * close.length) / candidate.length / (1 + close.edits));
  }
  return similar;
}

/**
 * The query as the search reads it: its words, each phrase of the synonyms standing with its
 * alternatives (the phrases it stands for). Every part must match; a part with alternatives
 * matches when all the words of one of them do.
 */
type QueryPart = { words: string[]; factor: number }[];

export function queryParts(query: string, synonyms: readonly Synonym[] = []): QueryPart[] {
  const words = searchWords(query).slice(0, queryWordLimit);
  const phrases = synonyms.flatMap((synonym) =>
    synonym.words.map((phrase) => ({ phrase: searchWords(phrase), finds: synonym.finds.map(searchWords) })),
  );
  const parts: QueryPart[] = [];
  for (let i = 0; i < words.length;) {
    // The longest phrase of the synonyms that the query has at this word.
    const here = phrases.filter(({ phrase }) => phrase.length > 0 && phrase.every((word, k) => words[i + k] === word));
    const longest = Math.max(0, ...here.map(({ phrase }) => phrase.length));
    if (longest === 0) {
      parts.push([{ words: [words[i]!], factor: 1 }]);
      i++;
      continue;
    }
    const finds = here.filter(({ phrase }) => phrase.length === longest).flatMap(({ finds }) => finds);
    parts.push([
      { words: words.slice(i, i + longest), factor: 1 },
      ...finds
        .filter((alternative) => alternative.length > 0)
        .map((alternative) => ({ words: alternative, factor: synonymFactor })),
    ]);
    i += longest;
  }
  return parts;
}

/**
 * BM25 over the weighted words: each query word's weighted frequency in the entry, lowered for
 * long entries and for words most entries have; a part counts the best of its alternatives. 0 when
 * a part matches nothing.
 */
function scores({ pages, vocabulary }: Index, parts: readonly QueryPart[]): number[] {
  const [k1, b] = [1.2, 0.75];
  const average = pages.reduce((sum, page) => sum + page.words.length, 0) / Math.max(pages.length, 1);
  const wordScores = new Map<string, number[]>();
  const scoreOf = (word: string) => {
    let found = wordScores.get(word);
    if (found) return found;
    const similar = matcher(word, vocabulary);
    const frequencies = pages.map((page) =>
      page.words.reduce((sum, w) => sum + w.weight * (similar.get(w.word) ?? 0), 0),
    );
    const having = frequencies.filter((f) => f > 0).length;
    const idf = Math.log(1 + (pages.length - having + 0.5) / (having + 0.5));
    found = frequencies.map((f, i) =>
      f === 0 ? 0 : (idf * f * (k1 + 1)) / (f + k1 * (1 - b + (b * pages[i]!.words.length) / average)),
    );
    wordScores.set(word, found);
    return found;
  };
  return pages.map((_, i) => {
    let total = 0;
    for (const part of parts) {
      const best = Math.max(
        0,
        ...part.map(({ words, factor }) => {
          const each = words.map((word) => scoreOf(word)[i]!);
          return each.every((s) => s > 0) ? factor * each.reduce((sum, s) => sum + s, 0) : 0;
        }),
      );
      if (best === 0) return 0;
      total += best;
    }
    return total;
  });
}

const hasCode = (entry: SearchEntry, query: string) =>
  entry.record.codes.some((code) => normaliseCode(code) === normaliseCode(query));

/** Whether an entry has one of the values chosen in each group (the values of a group are alternatives). */
const passes = (entry: SearchEntry, state: SearchState, without?: SearchFilterKey) =>
  chosenGroups(state.selected).every(
    (key) => key === without || state.selected[key].some((value) => (entry.record.filters[key] ?? []).includes(value)),
  );

export interface CatalogueSearch {
  /** The matching entries, best first. */
  results: SearchRecord[];
  /**
   * Per filter group, every value of the catalogue with its faceted count: the items matching the
   * query, the choices in the other groups and that value.
   */
  counts: FilterCounts;
}

export function searchCatalogue(
  entries: readonly SearchEntry[],
  state: SearchState,
  synonyms: readonly Synonym[] = [],
): CatalogueSearch {
  const query = state.query.trim();
  const index = indexOf(entries);
  const found = query ? scores(index, queryParts(query, synonyms)) : entries.map((entry) => (entry.page ? 0 : 1));
  const matching = entries
    .map((entry, i) => ({ entry, score: found[i]! > 0 ? found[i]! : query && hasCode(entry, query) ? 1 : 0 }))
    .filter(({ score }) => score > 0);
  const results = rankByCode(
    matching
      .filter(({ entry }) => passes(entry, state))
      .sort(
        (a, b) =>
          b.score - a.score ||
          a.entry.record.name.localeCompare(b.entry.record.name, 'en', { sensitivity: 'base', numeric: true }),
      )
      .map(({ entry }) => entry.record),
    query,
  );
  const counts: FilterCounts = {};
  for (const { key } of searchFilters) {
    const group: Record<string, number> = {};
    for (const entry of entries) for (const value of entry.record.filters[key] ?? []) group[value] ??= 0;
    for (const { entry } of matching) {
      if (!passes(entry, state, key)) continue;
      for (const value of new Set(entry.record.filters[key] ?? [])) group[value] = (group[value] ?? 0) + 1;
    }
    counts[key] = group;
  }
  return { results, counts };
}

/**
 * The answer to a search state, as the page rendered on demand shows it and the JSON answer
 * carries it: the count of every match, the first `shownResults` of them (without their filter
 * values, which the list does not show) and the faceted counts.
 */
export function searchAnswer(
  entries: readonly SearchEntry[],
  state: SearchState,
  synonyms: readonly Synonym[] = [],
): SearchAnswer {
  const { results, counts } = searchCatalogue(entries, state, synonyms);
  return {
    ...state,
    total: results.length,
    results: results.slice(0, shownResults).map(({ filters: _filters, ...hit }) => hit),
    counts,
  };
}
