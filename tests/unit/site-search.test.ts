/**
 * The site's one search engine over the launch content (src/search/catalogue-search.ts), read from
 * the content files as the site reads them: the words buyers use find what they mean, a word typed
 * wrong still finds its item, and the answer is the one /search and the islands show. Expectations
 * come from the content: the items are found by their names and codes, the synonyms from
 * src/content/search/synonyms.json.
 */
import { describe, expect, it } from 'vitest';
import {
  allowedEdits,
  editsToStart,
  queryParts,
  queryWordLimit,
  searchAnswer,
  searchCatalogue,
  searchIndexOf,
  searchWords,
} from '../../src/search/catalogue-search';
import {
  filterValueLimit,
  noFilters,
  queryLengthLimit,
  searchFilters,
  searchStateFromParams,
  shownResults,
  type SearchState,
} from '../../src/search/search';
import { synonyms } from '../../src/search/synonyms';
import { routes } from '../../src/model/routes';
import { certificationsOf, contentSearchIndex as index, searchEntries as entries } from '../support/search-content';

const state = (query: string, selected = {}): SearchState => ({ query, selected: { ...noFilters(), ...selected } });
const names = (query: string) => searchCatalogue(index, state(query), synonyms).results.map((r) => r.name);

/** A word typed with one letter left out, as buyers do ("softner"): its fourth-from-last letter dropped. */
const misspelt = (word: string) => word.slice(0, -4) + word.slice(-3);
/** The items whose name has a word of 7 letters or more, with that word: the ones a misspelling must still find. */
const longNameWords = entries
  .filter((entry) => !entry.page)
  .flatMap((entry) => {
    const word = searchWords(entry.record.name).find((w) => w.length >= 7 && /^\p{L}+$/u.test(w));
    return word ? [{ name: entry.record.name, word }] : [];
  });

describe('misspellings', () => {
  it('allow one edit in words of 4-7 letters, two from 8, none below 4', () => {
    expect([allowedEdits('oil'), allowedEdits('binder'), allowedEdits('softner'), allowedEdits('retardnat')]).toEqual([
      0, 1, 1, 2,
    ]);
    expect(editsToStart('softner', 'softeners', 1)).toEqual({ edits: 1, length: 8 });
    expect(editsToStart('bidner', 'binders', 1)).toEqual({ edits: 1, length: 6 });
    expect(editsToStart('pigment', 'binders', 1)).toBeUndefined();
  });

  it('reads no more than its first words of a query of many long words (the bench measures the time)', () => {
    const long = Array.from({ length: 200 }, (_, i) => `nonsenseword${i}xyz`).join(' ');
    expect(names(long)).toEqual([]);
    expect(queryParts(long)).toHaveLength(queryWordLimit);
  });

  it("a name's long word with a letter left out ranks an item of that word first", () => {
    expect(longNameWords.length).toBeGreaterThan(0);
    for (const { name, word } of longNameWords) {
      const typo = misspelt(word);
      // Only a real misspelling: a word that still starts a word of the catalogue is searched as typed.
      if (entries.some((entry) => searchWords(`${entry.record.name} ${entry.text}`).some((w) => w.startsWith(typo))))
        continue;
      const found = names(typo);
      expect(found, `${typo} (for ${name})`).toContain(name);
      expect(searchWords(found[0]!), `${typo}: first ${found[0]}`).toContain(word);
    }
  });

  it('rank below the word typed right', () => {
    const { name, word } = longNameWords[0]!;
    const right = searchCatalogue(index, state(word), synonyms).results;
    expect(right.map((r) => r.name)).toContain(name);
    // The same word typed right finds its items first, ahead of anything a near word finds.
    expect(searchWords(right[0]!.name)).toContain(word);
  });
});

describe('synonyms kept by the editors', () => {
  it('each phrase buyers type finds what the catalogue says instead', () => {
    for (const synonym of synonyms) {
      const meant = synonym.finds.flatMap((phrase) => names(phrase).slice(0, 1));
      if (meant.length === 0) continue;
      for (const phrase of synonym.words)
        expect(
          names(phrase).some((name) => meant.includes(name)),
          `"${phrase}" finds one of ${meant.join(', ')}`,
        ).toBe(true);
    }
  });

  it('read a phrase as one part of the query, whatever its hyphens and case', () => {
    const synonym = synonyms.find((s) => s.words.some((w) => searchWords(w).length > 1))!;
    const phrase = synonym.words.find((w) => searchWords(w).length > 1)!;
    const parts = queryParts(`${phrase.toUpperCase().replace(/ /g, '-')} extra`, synonyms);
    expect(parts).toHaveLength(2);
    expect(parts[0]!.map((alternative) => alternative.words.join(' '))).toEqual([
      searchWords(phrase).join(' '),
      ...synonym.finds.map((f) => searchWords(f).join(' ')),
    ]);
  });

  it('rank what the words typed find above what a synonym finds', () => {
    const entry = (name: string, text: string) => ({
      record: { url: `/${name}`, name, category: 'C', codes: [], summary: '', filters: noFilters() },
      text,
    });
    const small = [entry('Flame guard', 'a flame retardant finish'), entry('Fire guard', 'a fire retardant finish')];
    const fire = [{ words: ['fire retardant'], finds: ['flame retardant'] }];
    expect(searchCatalogue(searchIndexOf(small), state('fire retardant'), fire).results.map((r) => r.name)).toEqual([
      'Fire guard',
      'Flame guard',
    ]);
    expect(searchCatalogue(searchIndexOf(small), state('fire retardant')).results.map((r) => r.name)).toEqual([
      'Fire guard',
    ]);
  });
});

describe('the answer', () => {
  it('counts every match, lists the first of them, and is the same answer for the same search', () => {
    const word = longNameWords[0]!.word.slice(0, 4);
    const answer = searchAnswer(index, state(word), synonyms);
    const all = searchCatalogue(index, state(word), synonyms).results;
    expect(answer.total).toBe(all.length);
    expect(answer.results.length).toBe(Math.min(answer.total, shownResults));
    expect(answer.results.map((r) => r.url)).toEqual(all.slice(0, shownResults).map((r) => r.url));
    expect(Object.keys(answer.counts)).toEqual(searchFilters.map(({ key }) => key));
    expect(JSON.parse(JSON.stringify(answer))).toEqual(answer);
  });

  it('finds technology and category pages by their words, and leaves them out of a filtered or empty search', () => {
    const page = entries.find((entry) => entry.page)!;
    expect(names(page.record.name)).toContain(page.record.name);
    const category = entries.find((entry) => !entry.page)!.record.filters.category[0]!;
    const filtered = searchCatalogue(index, state(page.record.name, { category: [category] }), synonyms).results;
    expect(filtered.some((r) => r.url === page.record.url)).toBe(false);
    expect(searchCatalogue(index, state(''), synonyms).results).toHaveLength(entries.filter((e) => !e.page).length);
  });

  it('answers alike from the index as the build writes it to a file and a function reads it back', () => {
    const read = JSON.parse(JSON.stringify(index)) as typeof index;
    const queries = [
      '',
      ...longNameWords.slice(0, 5).map(({ word }) => word),
      misspelt(longNameWords[0]!.word),
      entries.find((e) => e.record.codes.length > 0)!.record.codes[0]!,
      ...synonyms.slice(0, 3).map((synonym) => synonym.words[0]!),
    ];
    for (const query of queries)
      expect(searchAnswer(read, state(query), synonyms)).toEqual(searchAnswer(index, state(query), synonyms));
  });
});

describe('every word the site uses', () => {
  /** A word as compared here: letters and digits only ("OEKO-TEX", "Oeko Tex" and "OekoTex" alike). */
  const squeeze = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
  const certifications = certificationsOf();

  it('finds each certification as the pages spell it, with and without hyphens and spaces: the items and pages that name it', () => {
    expect(certifications.length).toBeGreaterThan(0);
    for (const { name } of certifications) {
      const naming = entries
        .filter((entry) => squeeze(`${entry.record.name} ${entry.text}`).includes(squeeze(name)))
        .map((entry) => entry.record.url);
      // The home and About pages show every certification.
      expect(naming).toEqual(expect.arrayContaining([routes.home, routes.about]));
      const spellings = new Set([name, name.toLowerCase().replace(/[-\s]+/g, ' '), squeeze(name)]);
      for (const spelling of spellings) {
        const found = searchCatalogue(index, state(spelling), synonyms).results.map((r) => r.url);
        expect(found, `"${spelling}"`).toEqual(expect.arrayContaining(naming));
      }
    }
  });
});

describe('bounded work, and every result within reach', () => {
  it('reads at most queryLengthLimit characters of a query, says so, and reads each filter at most filterValueLimit times', () => {
    const long = `cotton ${'x'.repeat(8 * 1024)}`;
    const state = searchStateFromParams(new URLSearchParams({ q: long }));
    expect(state.query.length).toBeLessThanOrEqual(queryLengthLimit);
    expect(state.cut).toBe(true);
    expect(searchAnswer(index, state, synonyms).cut).toBe(true);
    expect(searchStateFromParams(new URLSearchParams({ q: 'cotton' })).cut).toBeUndefined();
    const many = new URLSearchParams(Array.from({ length: 1000 }, (_, i) => ['category', `junk ${i}`]));
    expect(searchStateFromParams(many).selected.category.length).toBe(filterValueLimit);
  });

  it('drops filter values the catalogue does not have, and never echoes them', () => {
    const [category] = Object.keys(searchAnswer(index, state('')).counts['category']!);
    const params = new URLSearchParams([
      ['category', category!],
      ...Array.from({ length: 1000 }, (_, i) => ['category', `<b>junk ${i}</b>`]),
    ]);
    const answer = searchAnswer(index, searchStateFromParams(params), synonyms);
    expect(answer.selected.category).toEqual([category]);
    expect(JSON.stringify(answer)).not.toContain('junk');
    expect(answer.total).toBe(searchAnswer(index, state('', { category: [category] }), synonyms).total);
  });

  it('pages every result list to its end: each result once, in order, whatever the query or filter', () => {
    const [industry] = Object.entries(searchAnswer(index, state('')).counts['industry']!).sort(
      (a, b) => b[1] - a[1],
    )[0]!;
    const longest = ['', ...new Set(entries.flatMap((entry) => searchWords(entry.record.name)))]
      .map((word) => ({ word, total: searchAnswer(index, state(word), synonyms).total }))
      .sort((a, b) => b.total - a.total)[0]!;
    for (const search of [state(longest.word), state('', { industry: [industry] })]) {
      const all = searchCatalogue(index, search, synonyms).results.map((r) => r.url);
      const first = searchAnswer(index, search, synonyms);
      expect(first.pages).toBe(Math.max(1, Math.ceil(all.length / shownResults)));
      const seen = Array.from({ length: first.pages }, (_, i) =>
        searchAnswer(index, { ...search, page: i + 1 }, synonyms).results.map((r) => r.url),
      ).flat();
      expect(seen).toEqual(all);
      // A page past the last shows the last.
      expect(searchAnswer(index, { ...search, page: first.pages + 5 }, synonyms).page ?? 1).toBe(first.pages);
    }
  });
});
