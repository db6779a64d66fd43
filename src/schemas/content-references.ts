/**
 * References between collections (a catalogue item's `technologies`): the schemas read them with
 * Astro's `reference()` (or `slugReference` outside Astro), so an entry's data holds
 * `{ collection, id }` where the file names another entry. This finds the references that name
 * no entry, as `file: field: message` problems; the build (src/model/content.ts) and
 * `npm run content:check` both report them through it. Astro itself only logs such a reference,
 * by entry id, and builds on.
 */
import { issuePath } from './content-errors';

export interface ReferenceProblem {
  file: string;
  field: string;
  message: string;
}

/** Every entry's data, with the file it was read from. */
export interface ReferringEntry {
  file: string;
  data: unknown;
}

const isReference = (value: object): value is { collection: string; id: string } =>
  typeof (value as { collection?: unknown }).collection === 'string' &&
  typeof (value as { id?: unknown }).id === 'string';

/**
 * The references of `entries` that name no entry of their collection. `known` holds the ids of
 * each collection that may be referred to; a reference to any other collection is a problem too.
 */
export function referenceProblems(
  entries: readonly ReferringEntry[],
  known: Readonly<Record<string, ReadonlySet<string>>>,
): ReferenceProblem[] {
  const problems: ReferenceProblem[] = [];
  const visit = (file: string, value: unknown, path: PropertyKey[]) => {
    if (!value || typeof value !== 'object' || value instanceof Date) return;
    if (!Array.isArray(value) && isReference(value)) {
      const ids = known[value.collection];
      if (!ids)
        problems.push({
          file,
          field: issuePath(path),
          message: `"${value.id}" refers to ${value.collection}, which no entry may refer to`,
        });
      else if (!ids.has(value.id))
        problems.push({
          file,
          field: issuePath(path),
          message: `no entry "${value.id}" in ${value.collection} (known: ${[...ids].join(', ')})`,
        });
      return;
    }
    for (const [key, child] of Object.entries(value))
      visit(file, child, [...path, Array.isArray(value) ? Number(key) : key]);
  };
  for (const { file, data } of entries) visit(file, data, []);
  return problems;
}
