/**
 * What /admin does before it writes anything to the repository (docs/decisions/0066 and 0067):
 *
 * - **the whole content check**: the change (the entry's files as they will be written, the
 *   files it uploads, measured here, or the files a delete removes) is posted to /admin/check
 *   (src/pages/admin/check.ts), which runs `npm run content:check`'s check on the content with the
 *   change laid over it; a problem refuses the save or the delete, in the check's words;
 * - **no save over a newer version**: the text each entry was read with is kept; before an
 *   entry is saved, its file is read again, and if someone published it meanwhile (another tab,
 *   another editor), the save is refused with words that say to reload, instead of writing over
 *   their change.
 *
 * Decap has no event before a delete that can stop it with a reason, nor one that sees the text
 * it will write, so both sit around the backend: the object each of Decap's backends (the local
 * one, GitHub's, Git Gateway's) makes is wrapped where it writes (`persistEntry`, `deleteFiles`,
 * and `publishUnpublishedEntry` for a draft of the editorial workflow) and where it reads entries. A refusal is an error of the backend, which Decap shows in its
 * message ("Failed to persist entry: …", "Failed to delete entry: …") and the entry stays as it
 * is in the form.
 *
 * Bundled with the preview into /admin/preview.js; src/cms/admin.ts calls `guardBackends`
 * before Decap starts.
 */
import { checkPath } from './render/address';
import { measure } from './file-checks';

/** Said when an entry was published elsewhere since it was opened. */
export const staleWords =
  'This entry was changed and published elsewhere (in another tab or by another editor) since you opened it, so saving would undo that change. Copy what you typed, reload the page to see the published version, then make your change again.';

/** Said when the check did not answer (too many checks at once, no connection, a failure). */
export const couldNotCheckWords =
  'The change could not be checked just now (no connection, or too many checks at once), so it was not saved. Wait a moment and save again.';

/** Said before the check's problems. */
export const refusedWords = 'The site would refuse this change; correct it first:';

/** Decap's backends that write to the repository: the local server's, GitHub's, Git Gateway's. */
export const guardedBackends = ['proxy', 'github', 'git-gateway'] as const;

/** A file as a backend reads it: its path, and its text. */
interface ReadFile {
  file?: { path?: string };
  data?: unknown;
}

/** The part of a backend's object the guard wraps. */
export interface Implementation {
  persistEntry(
    entry: { dataFiles?: { path: string; raw: string }[]; assets?: Asset[] },
    options: PersistOptions,
  ): Promise<unknown>;
  deleteFiles(paths: string[], message: string): Promise<unknown>;
  getEntry(path: string): Promise<ReadFile>;
  /** The editorial workflow's draft of an entry: its changed files (`diffs`), then each file's text or content. */
  unpublishedEntry?(args: { collection: string; slug: string }): Promise<{ diffs?: { id: string; path: string }[] }>;
  unpublishedEntryDataFile?(collection: string, slug: string, path: string, id: string): Promise<string>;
  unpublishedEntryMediaFile?(collection: string, slug: string, path: string, id: string): Promise<{ file?: Blob }>;
  publishUnpublishedEntry?(collection: string, slug: string): Promise<unknown>;
}
interface Asset {
  path: string;
  fileObj?: Blob;
}
interface PersistOptions {
  newEntry?: boolean;
  /** Set by Decap when the editorial workflow saves to a draft branch, not to the published files. */
  useWorkflow?: boolean;
}

/** What /admin/check reads: the files written, the uploads as measured, the files deleted. */
export interface Change {
  written?: { path: string; text: string }[];
  uploaded?: { path: string; bytes: number; width?: number | undefined; start?: string | undefined }[];
  deleted?: string[];
}

/**
 * Posts a change to /admin/check and answers its problems (`file: field: message`), none when it
 * passes. A site without content to check against (503) refuses nothing: the build checks the
 * change when it is published. Any other failure (no connection, too many checks, a 401 or a 500)
 * refuses the save with words that say to try again, so nothing the build would refuse gets past
 * a check that did not run.
 */
export async function postChange(change: Change, token?: string, fetchImpl: typeof fetch = fetch): Promise<string[]> {
  try {
    const response = await fetchImpl(checkPath, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(change),
    });
    if (response.status === 422) return ((await response.json()) as { errors: string[] }).errors;
    // 503: the site has no content to check against (docs/decisions/0066); the build checks it.
    if (response.ok || response.status === 503) return [];
    return [couldNotCheckWords];
  } catch {
    return [couldNotCheckWords];
  }
}

/**
 * The check's lines as the editor reads them: a problem of the file being saved names its field
 * only (the editor never typed the file's path); a problem of another file keeps its path, which
 * says which entry it is.
 */
export function editorLines(lines: readonly string[], ownFiles: readonly string[]): string[] {
  return lines.map((line) => {
    const own = ownFiles.find((file) => line.startsWith(`${file}: `));
    return own ? line.slice(own.length + 2) : line;
  });
}

/** The error a refused change ends with: the check's problems, one a line. */
export const refusal = (lines: readonly string[]) => new Error(`${refusedWords}\n${lines.join('\n')}`);

/** The text of a file as read, when it is one. */
const textOf = (read: ReadFile | undefined) => (typeof read?.data === 'string' ? read.data : undefined);

/**
 * Wraps a backend's object: reads remember each entry's text, saves are refused over a newer
 * version and on the check's problems, deletes on the check's problems.
 */
export function guardImplementation<T extends object>(
  implementation: T,
  check: (change: Change) => Promise<string[]>,
): T {
  const target = implementation as T & Implementation;
  /** The text each entry file was read with, or last saved as, by path. */
  const known = new Map<string, string>();
  const remember = (read: unknown) => {
    for (const file of Array.isArray(read) ? read : [read]) {
      const path = (file as ReadFile | undefined)?.file?.path;
      const text = textOf(file as ReadFile);
      if (path && text !== undefined) known.set(path, text);
    }
    return read;
  };
  const wrapped: Record<PropertyKey, unknown> = {
    async persistEntry(entry: Parameters<Implementation['persistEntry']>[0], options: PersistOptions) {
      const files = entry.dataFiles ?? [];
      for (const { path } of files) {
        const opened = known.get(path);
        if (options?.newEntry || opened === undefined) continue;
        const now = textOf(await target.getEntry(path).catch(() => undefined));
        if (now !== undefined && now !== opened) throw new Error(staleWords);
      }
      const uploaded = await Promise.all(
        (entry.assets ?? []).flatMap((asset) =>
          asset.fileObj instanceof Blob
            ? [measure(asset.fileObj, asset.path).then((facts) => ({ path: asset.path, ...facts }))]
            : [],
        ),
      );
      const problems = await check({ written: files.map(({ path, raw }) => ({ path, text: raw })), uploaded });
      if (problems.length)
        throw refusal(
          editorLines(
            problems,
            files.map((f) => f.path),
          ),
        );
      const saved = await target.persistEntry(entry, options);
      // A draft goes to its own branch: the published file is still the one the entry was opened
      // with, and the next save of the draft compares with that, not with the draft's text.
      if (!options?.useWorkflow) for (const { path, raw } of files) known.set(path, raw);
      return saved;
    },
    /**
     * Publishing a draft of the editorial workflow: the draft's files, as they are on its branch,
     * pass the check once more, as other entries may have changed since it was saved. A draft
     * that cannot be read is published as before (the build checks it).
     */
    async publishUnpublishedEntry(collection: string, slug: string) {
      let draft: Change | undefined;
      try {
        const { diffs = [] } = (await target.unpublishedEntry?.({ collection, slug })) ?? {};
        const written: { path: string; text: string }[] = [];
        const uploaded: NonNullable<Change['uploaded']> = [];
        for (const { id, path } of diffs) {
          if (/\.(md|json)$/i.test(path))
            written.push({ path, text: await target.unpublishedEntryDataFile!(collection, slug, path, id) });
          // A draft's picture was measured and checked when the draft was saved; decap-server
          // names it here by its file name alone, not where it goes in the content.
          else if (path.startsWith('src/content/')) {
            const media = await target.unpublishedEntryMediaFile!(collection, slug, path, id);
            if (media?.file instanceof Blob) uploaded.push({ path, ...(await measure(media.file, path)) });
          }
        }
        draft = { written, uploaded };
      } catch {
        draft = undefined;
      }
      if (draft?.written?.length) {
        const problems = await check(draft);
        if (problems.length)
          throw refusal(
            editorLines(
              problems,
              draft.written.map((f) => f.path),
            ),
          );
      }
      return target.publishUnpublishedEntry!(collection, slug);
    },
    async deleteFiles(paths: string[], message: string) {
      const problems = await check({ deleted: paths });
      if (problems.length) throw refusal(problems);
      const deleted = await target.deleteFiles(paths, message);
      for (const path of paths) known.delete(path);
      return deleted;
    },
  };
  for (const name of ['getEntry', 'entriesByFolder', 'entriesByFiles', 'allEntriesByFolder']) {
    wrapped[name] = async (...args: unknown[]) =>
      remember(await (Reflect.get(target, name) as (...a: unknown[]) => Promise<unknown>).apply(target, args));
  }
  return new Proxy(target, {
    get(object, key) {
      if (Object.hasOwn(wrapped, key) && typeof (object as Record<PropertyKey, unknown>)[key] === 'function')
        return wrapped[key];
      const value = Reflect.get(object, key, object);
      return typeof value === 'function' ? value.bind(object) : value;
    },
  });
}

/** Decap's registry of backends, as far as the guard needs it. */
interface Registry {
  getBackend(name: string): { init: (...args: unknown[]) => object } | undefined;
}

/**
 * Wraps every backend that writes (`guardedBackends`) before Decap makes one: its registry keeps
 * a maker per backend, and the guard wraps what that maker makes.
 */
export function guardBackends(CMS: Registry, token: () => Promise<string | undefined> = async () => undefined) {
  const check = async (change: Change) => postChange(change, await token());
  for (const name of guardedBackends) {
    const registered = CMS.getBackend(name);
    if (!registered) continue;
    const init = registered.init;
    registered.init = (...args) => guardImplementation(init(...args), check);
  }
}
