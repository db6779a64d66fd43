/**
 * Rules over the words of a content file that no schema can state: Git's conflict markers left in
 * a file, a word too long for a phone's screen, a count written as a word where `{count}` would
 * keep it true. Pure functions of the text, with no file system, so the content check
 * (src/content-check/check.ts) and /admin's checks can share them.
 * docs/decisions/0063-content-check-for-merges-phones-and-counts.md.
 */
import { countInWords } from '../model/item-count';

/** A line Git writes around a conflict it could not merge: `<<<<<<< HEAD`, `=======`, `>>>>>>> main`. */
const conflictLine = /^(?:<{7}(?:\s.*)?|={7}|>{7}(?:\s.*)?)\s*$/;

/** The conflict marker lines of a file, numbered from 1, as written. */
export function conflictMarkers(text: string): { line: number; marker: string }[] {
  return text
    .split(/\r?\n/)
    .flatMap((line, index) => (conflictLine.test(line) ? [{ line: index + 1, marker: line.trimEnd() }] : []));
}

/** The message of a file holding conflict markers. */
export function conflictProblem(markers: readonly { line: number; marker: string }[]): string {
  const lines = markers.map((m) => m.line);
  return (
    `line${lines.length === 1 ? '' : 's'} ${lines.join(', ')}: Git conflict marker${lines.length === 1 ? '' : 's'} ` +
    `("${markers[0]!.marker}"): two versions of this file were merged and Git left both; keep the text you want, ` +
    'and delete the lines <<<<<<<, ======= and >>>>>>>'
  );
}

/**
 * The longest word, in characters, that the narrowest place of an editor's text carries at 320 px
 * without making the page wider than the screen: a card's link (14 px bold, beside its arrow), 18
 * lowercase letters; headings wrap inside a word and carry any. Measured in Chromium on the built
 * pages (bench/results.md, "Longest word at 320 px"); the launch content's longest word,
 * "Microencapsulation", has 18.
 */
export const longestWord = 18;

/**
 * The words of `text` longer than `longestWord`. Addresses and file paths are not words a reader
 * sees (a link's text is, its address is not), nor are `{count}` placeholders; a word is what
 * lies between spaces, less the punctuation around it.
 */
export function longWords(text: string, max: number = longestWord): string[] {
  const seen = text
    // Markdown links and pictures: their text is read, their address is not.
    .replace(/(!?\[[^\]]*\])\([^)]*\)/g, '$1')
    .replace(/\{count[^{}]*\}/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .split(/[\s/—–]+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((word) => !/^(?:https?:|mailto:|tel:|\.\.?\/|#)/.test(word))
    // A hyphenated word breaks at its hyphens, so each part is a word of its own.
    .flatMap((word) => word.split('-'));
  return [...new Set(seen.filter((word) => [...word].length > max))];
}

/** The message of a word too long for a phone. */
export const longWordProblem = (word: string, max: number = longestWord) =>
  `the word "${word.length > 40 ? `${word.slice(0, 40)}...` : word}" has ${[...word].length} characters; ` +
  `on a 320 px phone screen a word of more than ${max} makes the page wider than the screen: ` +
  'break it with spaces or hyphens';

/** The numbers a count is written with up to twenty, as `countInWords` writes them ("one" is left out: "one recipe"). */
const numberWords = Array.from({ length: 19 }, (_, i) => countInWords(i + 2));

/**
 * A number written in words and followed by a word, in a text that may say `{count}` ("Five
 * platforms behind every product"): it will be wrong once one more is added. Each is returned as
 * written ("Five platforms").
 */
export function countsInWords(text: string): string[] {
  const pattern = new RegExp(`\\b(${numberWords.join('|')})\\s+([\\p{L}-]+)`, 'giu');
  return [...new Set([...text.matchAll(pattern)].map(([whole]) => whole))];
}

/** The message of a count written in words where `{count}` fits; `counted` says what `{count}` is there. */
export function countInWordsProblem(written: string, counted: string): string {
  const rest = written.slice(written.search(/\s/)).trimStart();
  return (
    `"${written}" writes a number in words where {count} (${counted}) fits: write "{count} ${rest}", ` +
    'so it stays true when one is added or removed (a number that is not that count: write it in digits)'
  );
}
