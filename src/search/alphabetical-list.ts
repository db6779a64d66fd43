/**
 * /search's list of every catalogue item A-Z, which the browser's find-in-page searches with or
 * without JavaScript.
 *
 * Every page must stay within its byte budget (`htmlAndCssGzipKB` in bench/budgets.json), and the
 * page without its rows already takes most of it. So the list stays one page up to `perPart`
 * items; past that it is split, in A-Z order,
 * into parts of `perPart` items: the first on /search, the next at /search/page/2 and on. Each
 * part is named by its first and last item, like the guide words of a dictionary, and every part
 * links to every other, so find-in-page works within a part and the names lead to the right one.
 */
import { routes } from '../model/routes';

export const perPart = 250;

export interface ListPart<T> {
  /** 1-based number of this part and how many there are. */
  part: number;
  parts: number;
  items: T[];
  /** Names of the part's first and last items. */
  first: string;
  last: string;
}

const names = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
/** A-Z by name as a visitor reads it: case and accents aside, numbers by value, then by address for equal names. */
export const byName = <T extends { name: string; url: string }>(a: T, b: T) =>
  names.compare(a.name, b.name) || (a.url < b.url ? -1 : a.url > b.url ? 1 : 0);

/** The parts of the list of `items` (sorted here). Always at least one part, maybe empty. */
export function alphabeticalParts<T extends { name: string; url: string }>(
  items: readonly T[],
  size = perPart,
): ListPart<T>[] {
  if (!Number.isInteger(size) || size < 1)
    throw new Error(`alphabeticalParts: size must be a whole number of at least 1, not ${size}`);
  const sorted = [...items].sort(byName);
  const parts = Math.max(1, Math.ceil(sorted.length / size));
  return Array.from({ length: parts }, (_, i) => {
    const slice = sorted.slice(i * size, (i + 1) * size);
    return { part: i + 1, parts, items: slice, first: slice[0]?.name ?? '', last: slice.at(-1)?.name ?? '' };
  });
}

/** The address of part `part` of the list: part 1 is /search itself. */
export const searchListPath = (part: number) => (part <= 1 ? routes.search : `${routes.search}/page/${part}`);
