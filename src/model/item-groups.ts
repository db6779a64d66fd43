/**
 * How a category page lists its items: all together, or, when the category names groups, one
 * group per kind of item under its own heading (Functional Actives: functional categories, then
 * plant-based slurries). Nothing is ever left off the page: items of a kind no group names
 * follow in a last group under the category's items heading, and empty groups are not shown.
 */
export interface ItemGroupSpec<K extends string> {
  id: string;
  kind: K;
  heading: string;
  intro?: string | undefined;
}

export interface ItemGroup<T> {
  id: string;
  heading: string;
  intro?: string | undefined;
  items: T[];
}

export function groupItems<K extends string, T extends { data: { kind: K } }>(
  items: readonly T[],
  groups: readonly ItemGroupSpec<K>[] | undefined,
  rest: { id: string; heading: string },
): ItemGroup<T>[] | undefined {
  if (!groups?.length) return undefined;
  const named = new Set(groups.map((g) => g.kind));
  const result: ItemGroup<T>[] = groups.map(({ id, heading, intro, kind }) => ({
    id,
    heading,
    intro,
    items: items.filter((item) => item.data.kind === kind),
  }));
  result.push({ ...rest, items: items.filter((item) => !named.has(item.data.kind)) });
  return result.filter((group) => group.items.length > 0);
}
