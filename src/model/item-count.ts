/**
 * `{count}` in a category's texts (and in the texts of the overview pages, `overviewCounts`): a text that states how many items the category holds says
 * `{count}` instead of a number and stays true when items are added or removed. `{count}` is the
 * number of the category's items (in a group's intro, of the group's), `{count:<kind>}` the number
 * of its items of that kind. Up to twenty the number is written as a word, capitalised at the
 * start of a sentence ("Nine fragrances, ..."), as the launch texts write it; above, in digits.
 */

const words =
  'zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty'.split(
    ' ',
  );

/** 9 -> "nine" ("Nine" at the start of a sentence); 21 -> "21". */
export function countInWords(n: number, sentenceStart = false): string {
  const word = words[n] ?? String(n);
  return sentenceStart ? word.charAt(0).toUpperCase() + word.slice(1) : word;
}

/** The placeholders a text may hold, and what each is: `{count}` or `{count:<kind>}`. */
const placeholder = /\{count(?::([a-z0-9-]+))?\}/g;

/** The placeholders of `text` that are not `{count}` or `{count:<one of kinds>}`, as written. */
export function unknownPlaceholders(text: string, kinds: readonly string[]): string[] {
  return [...text.matchAll(/\{[^{}]*\}/g)]
    .map(([whole]) => whole)
    .filter((whole) => {
      const match = /^\{count(?::([a-z0-9-]+))?\}$/.exec(whole);
      return !match || (match[1] !== undefined && !kinds.includes(match[1]));
    });
}

/** `text` with each `{count}` and `{count:<kind>}` written out for items of these kinds. */
export function fillCount(text: string, itemKinds: readonly string[]): string {
  return text.replace(placeholder, (_whole, kind: string | undefined, offset: number) => {
    const n = kind ? itemKinds.filter((k) => k === kind).length : itemKinds.length;
    return countInWords(n, /(^|[.!?]\s+)$/.test(text.slice(0, offset)));
  });
}

/** Any `{count}` or `{count:<anything>}` a text holds, as written. */
export const countPlaceholders = (text: string): string[] =>
  [...text.matchAll(/\{count(?::[^{}]*)?\}/g)].map(([whole]) => whole);

/**
 * The overview pages (src/content/pages/<page>.md) and what `{count}` counts in their texts: the
 * cards each lists. Every text of these pages may say `{count}`, filled in by `fillCounts`.
 */
export const overviewCounts = {
  technologies: 'technologies',
  products: 'categories',
  portfolio: 'categories',
} as const;
export type CountedPage = keyof typeof overviewCounts;

export const isCountedPage = (page: unknown): page is CountedPage =>
  typeof page === 'string' && Object.hasOwn(overviewCounts, page);

/** `value` (a page's data) with `{count}` written out as `n` in every text it holds. */
export function fillCounts<T>(value: T, n: number): T {
  const kinds = Array.from({ length: n }, () => '');
  const fill = (v: unknown): unknown => {
    if (typeof v === 'string') return fillCount(v, kinds);
    if (Array.isArray(v)) return v.map(fill);
    if (v && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype)
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fill(x)]));
    return v;
  };
  return fill(value) as T;
}
