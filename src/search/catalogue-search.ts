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
  // Plain ASCII (most of the catalogue) has no accents to take off: the short way gives the same
  // words at a fraction of the cost, which a cold server pays for every entry before its first answer.
  (nonAscii.test(text) ? text.normalize('NFKD').replace(/\p{M}/gu, '') : text)
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
const nonAscii = /[^\t-~]/;

/**
 * Weights of the parts of an entry: a code 10 (a code search finds its item first), the name 7,
 * what the item is made for (its substrates, industries and application methods) 4, other words 1:
 * "polyester" ranks the items made for polyester above those whose text only mentions it.
 */
const weights = { codes: 10, name: 7, madeFor: 4, text: 1 } as const;

/**
 * The words a text is searched by: its words (`searchWords`), and each word written with hyphens
 * also written whole ("OEKO-TEX" is "oeko", "tex" and "oekotex"), as is a name with its number
 * ("ISO 9001" is also "iso9001"), so it is found however it is typed.
 */
export function indexWords(text: string): string[] {
  const words = searchWords(text);
  const joined = (text.match(hyphenated) ?? []).map((compound) => searchWords(compound).join(''));
  return joined.length ? [...words, ...joined] : words;
}
const hyphenated = /[\p{L}\p{N}]+(?:[-\u2010\u2011][\p{L}\p{N}]+)+|\p{L}{2,} \p{N}+/gu;

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

/**
 * What the search reads: every entry's record, and for each word of the catalogue the entries that
 * have it with its weighted count there, so a query word reads only the entries of the words it
 * matches. Plain JSON: the build writes it once, into what the functions import of the content
 * (src/server/built-content.ts), and a server that starts cold has it in its bundle instead of
 * reading the whole catalogue's text again (docs/decisions/0051-search-index-made-at-build.md).
 */
export interface SearchIndex {
  records: SearchRecord[];
  /** The records that are pages, not items: found by their words only, never listed by filters alone. */
  pages: number[];
  /** Per record, how many words it has (BM25 lowers long entries). */
  lengths: number[];
  /** Every word of the catalogue, for words the query only starts and for misspellings. */
  words: string[];
  /**
   * Per word (in the order of `words`), the records that have it: each as the step from the one
   * before (small numbers keep the file small), then the sum of the weights the word stands there with.
   */
  postings: number[][];
}

/** The index of a list of entries: the build makes the site's once (src/model/content.ts). */
export function searchIndexOf(entries: readonly SearchEntry[]): SearchIndex {
  const postings = new Map<string, number[]>();
  const last = new Map<string, number>();
  const lengths = entries.map((entry, i) => {
    const weighted = new Map<string, number>();
    let length = 0;
    const add = (text: string, weight: number) => {
      for (const word of indexWords(text)) {
        weighted.set(word, (weighted.get(word) ?? 0) + weight);
        length++;
      }
    };
    add(entry.record.codes.join(' '), weights.codes);
    add(entry.record.name, weights.name);
    const { industry, method, substrate } = entry.record.filters;
    add([...substrate, ...industry, ...method].join(' '), weights.madeFor);
    add(`${entry.record.category} ${entry.text}`, weights.text);
    for (const [word, weight] of weighted) {
      let posting = postings.get(word);
      if (!posting) postings.set(word, (posting = []));
      posting.push(i - (last.get(word) ?? 0), weight);
      last.set(word, i);
    }
    return length;
  });
  return {
    records: entries.map((entry) => entry.record),
    pages: entries.flatMap((entry, i) => (entry.page ? [i] : [])),
    lengths,
    words: [...postings.keys()],
    postings: [...postings.values()],
  };
}

/** The index as a search reads it, made once per index (a server keeps its index for its lifetime). */
interface Readable {
  index: SearchIndex;
  average: number;
  /** Per word, its place in `words` and `postings`. */
  places: Map<string, number>;
  isPage: boolean[];
  /** Per record, the words of what it is made for: its substrates and industries. */
  madeFor: Set<string>[];
  /** Per filter group, every value the catalogue has. */
  values: Record<SearchFilterKey, Set<string>>;
}
const readables = new WeakMap<SearchIndex, Readable>();
const readable = (index: SearchIndex): Readable => {
  let found = readables.get(index);
  if (found) return found;
  const isPage = index.records.map(() => false);
  for (const page of index.pages) isPage[page] = true;
  found = {
    index,
    average: index.lengths.reduce((sum, length) => sum + length, 0) / Math.max(index.lengths.length, 1),
    places: new Map(index.words.map((word, place) => [word, place])),
    isPage,
    values: Object.fromEntries(
      searchFilters.map(({ key }) => [key, new Set(index.records.flatMap((record) => record.filters[key] ?? []))]),
    ) as Readable['values'],
    madeFor: index.records.map(
      ({ filters }) => new Set(searchWords([...filters.substrate, ...filters.industry].join(' '))),
    ),
  };
  readables.set(index, found);
  return found;
};

/**
 * How much each word of the catalogue counts for a word of the query: in full, less the more it
 * adds to it, or, for a word that starts no word of the catalogue, less again within its edits.
 */
function matcher(word: string, vocabulary: readonly string[], whole = false): Map<string, number> {
  const similar = new Map<string, number>();
  for (const candidate of vocabulary)
    if (candidate.startsWith(word)) similar.set(candidate, word.length / candidate.length);
  if (similar.size > 0 || whole || allowedEdits(word) === 0) return similar;
  // Only the closest words count: a word two edits away is not a guess where one is one edit away.
  let fewest = Infinity;
  const close = new Map<string, { edits: number; length: number }>();
  for (const candidate of vocabulary) {
    const found = editsToStart(word, candidate, Math.min(allowedEdits(word), fewest));
    if (!found) continue;
    close.set(candidate, found);
    fewest = Math.min(fewest, found.edits);
  }
  for (const [candidate, { edits, length }] of close) {
    if (edits > fewest) continue;
    // A buyer drops a letter more often than types one too many: a word reached by taking letters
    // off what was typed ("softner" to "softer") counts half of one reached by adding them ("softener").
    const shorter = length < word.length ? 0.5 : 1;
    similar.set(candidate, (fuzzyFactor * shorter * length) / candidate.length / (1 + edits));
  }
  return similar;
}

/**
 * The query as the search reads it: its words, each phrase of the synonyms standing with its
 * alternatives (the phrases it stands for). Every part must match; a part with alternatives
 * matches when all the words of one of them do.
 */
type QueryPart = { words: string[]; factor: number; whole?: true }[];

/** Two words of a query also read as one ("oeko tex" as "oekotex"), matched only as typed, never as a misspelling. */
const joinable = (a: string | undefined, b: string | undefined) =>
  a !== undefined && b !== undefined && /^\p{L}{2,}$/u.test(a) && /^[\p{L}\p{N}]{2,}$/u.test(b);

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
      const next = words[i + 1];
      const nextIsPhrase = phrases.some(
        ({ phrase }) => phrase.length > 0 && phrase.every((w, k) => words[i + 1 + k] === w),
      );
      if (joinable(words[i], next) && !nextIsPhrase) {
        parts.push([
          { words: [words[i]!, next!], factor: 1 },
          { words: [words[i]! + next!], factor: 1, whole: true },
        ]);
        i += 2;
        continue;
      }
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
function scores({ index, average, places }: Readable, parts: readonly QueryPart[]): number[] {
  const [k1, b] = [1.2, 0.75];
  const { lengths, words, postings } = index;
  const wordScores = new Map<string, Float64Array>();
  const scoreOf = (word: string, whole = false) => {
    const key = whole ? `=${word}` : word;
    let found = wordScores.get(key);
    if (found) return found;
    const frequencies = new Float64Array(lengths.length);
    for (const [candidate, factor] of matcher(word, words, whole)) {
      const posting = postings[places.get(candidate)!]!;
      for (let k = 0, record = 0; k < posting.length; k += 2) {
        record += posting[k]!;
        frequencies[record]! += posting[k + 1]! * factor;
      }
    }
    const having = frequencies.reduce((count, f) => (f > 0 ? count + 1 : count), 0);
    const idf = Math.log(1 + (lengths.length - having + 0.5) / (having + 0.5));
    found = frequencies.map((f, i) =>
      f === 0 ? 0 : (idf * f * (k1 + 1)) / (f + k1 * (1 - b + (b * lengths[i]!) / average)),
    );
    wordScores.set(key, found);
    return found;
  };
  return lengths.map((_, i) => {
    let total = 0;
    for (const part of parts) {
      const best = Math.max(
        0,
        ...part.map(({ words, factor, whole }) => {
          const each = words.map((word) => scoreOf(word, whole)[i]!);
          return each.every((s) => s > 0) ? factor * each.reduce((sum, s) => sum + s, 0) : 0;
        }),
      );
      if (best === 0) return 0;
      total += best;
    }
    return total;
  });
}

/**
 * How many parts of the query name what an entry is made for (a substrate, an industry: "cotton",
 * "workwear"): the items made for it rank before those whose text only mentions it. A word names
 * one when it is that word, or starts it with 4 letters or more.
 */
function madeForParts({ madeFor }: Readable, parts: readonly QueryPart[]): number[] {
  const names = (words: Set<string>, word: string) =>
    words.has(word) || (word.length >= 4 && [...words].some((w) => w.startsWith(word)));
  return madeFor.map((words) =>
    words.size === 0
      ? 0
      : parts.filter((part) => part.some((alternative) => alternative.words.every((word) => names(words, word))))
          .length,
  );
}

const hasCode = (record: SearchRecord, query: string) =>
  record.codes.some((code) => normaliseCode(code) === normaliseCode(query));

/** Whether an entry has one of the values chosen in each group (the values of a group are alternatives). */
const passes = (record: SearchRecord, state: SearchState, without?: SearchFilterKey) =>
  chosenGroups(state.selected).every(
    (key) => key === without || state.selected[key].some((value) => (record.filters[key] ?? []).includes(value)),
  );

/** Names in the order of the A-Z list: one collator for the module, not one per comparison. */
const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

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
  index: SearchIndex,
  state: SearchState,
  synonyms: readonly Synonym[] = [],
): CatalogueSearch {
  const query = state.query.trim();
  const read = readable(index);
  const { records } = index;
  const parts = query ? queryParts(query, synonyms) : [];
  const found = query ? scores(read, parts) : read.isPage.map((page) => (page ? 0 : 1));
  const made = query ? madeForParts(read, parts) : [];
  const matching = records
    .map((record, i) => ({
      record,
      score: found[i]! > 0 ? found[i]! : query && hasCode(record, query) ? 1 : 0,
      made: found[i]! > 0 ? (made[i] ?? 0) : 0,
    }))
    .filter(({ score }) => score > 0);
  const results = rankByCode(
    matching
      .filter(({ record }) => passes(record, state))
      .sort((a, b) => b.made - a.made || b.score - a.score || byName.compare(a.record.name, b.record.name))
      .map(({ record }) => record),
    query,
  );
  const counts: FilterCounts = {};
  for (const { key } of searchFilters) {
    const group: Record<string, number> = {};
    for (const record of records) for (const value of record.filters[key] ?? []) group[value] ??= 0;
    for (const { record } of matching) {
      if (!passes(record, state, key)) continue;
      for (const value of new Set(record.filters[key] ?? [])) group[value] = (group[value] ?? 0) + 1;
    }
    counts[key] = group;
  }
  return { results, counts };
}

/**
 * The answer to a search state, as the page rendered on demand shows it and the JSON answer
 * carries it: the count of every match, the `shownResults` of them on the page asked for (without
 * their filter values, which the list does not show), how many pages there are, and the faceted
 * counts. Filter values the catalogue does not have are dropped: they choose nothing and are not
 * echoed back.
 */
export function searchAnswer(index: SearchIndex, state: SearchState, synonyms: readonly Synonym[] = []): SearchAnswer {
  const known = readable(index).values;
  const selected = Object.fromEntries(
    searchFilters.map(({ key }) => [key, state.selected[key].filter((value) => known[key].has(value))]),
  ) as SearchState['selected'];
  const { results, counts } = searchCatalogue(index, { query: state.query, selected }, synonyms);
  const pages = Math.max(1, Math.ceil(results.length / shownResults));
  const page = Math.min(state.page ?? 1, pages);
  return {
    query: state.query,
    selected,
    ...(page > 1 ? { page } : {}),
    ...(state.cut ? { cut: state.cut } : {}),
    total: results.length,
    pages,
    results: results.slice((page - 1) * shownResults, page * shownResults).map(({ filters: _filters, ...hit }) => hit),
    counts,
  };
}
