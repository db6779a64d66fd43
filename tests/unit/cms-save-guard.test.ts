/**
 * What /admin does before writing (src/cms/save-guard.ts), around a backend that keeps files in
 * memory: a save over a version published meanwhile is refused with words saying to reload; the
 * content check's problems refuse a save or a delete, the entry's own fields named without its
 * path; what passes is written as it was.
 */
import { describe, expect, it } from 'vitest';
import {
  couldNotCheckWords,
  editorLines,
  guardImplementation,
  postChange,
  refusedWords,
  staleWords,
  type Change,
} from '../../src/cms/save-guard';

/** A backend over a map of files, as Decap's backends read and write them. */
function memoryBackend(files: Map<string, string>) {
  return {
    name: 'memory',
    async getEntry(path: string) {
      if (!files.has(path)) throw new Error('not found');
      return { file: { path }, data: files.get(path) };
    },
    async entriesByFolder() {
      return [...files].map(([path, data]) => ({ file: { path }, data }));
    },
    async persistEntry({ dataFiles = [] }: { dataFiles?: { path: string; raw: string }[] }, _options: object) {
      for (const { path, raw } of dataFiles) files.set(path, raw);
    },
    async deleteFiles(paths: string[], _message: string) {
      for (const path of paths) files.delete(path);
    },
  };
}

const path = 'src/content/products/a/b.md';
const entry = (raw: string) => ({ dataFiles: [{ path, raw }], assets: [] });

/** A backend whose saves with `useWorkflow` go to a draft, leaving the published files as they are. */
function workflowBackend(files: Map<string, string>) {
  const drafts = new Map<string, string>();
  return {
    ...memoryBackend(files),
    async persistEntry({ dataFiles = [] }: { dataFiles?: { path: string; raw: string }[] }, options: object) {
      const target = (options as { useWorkflow?: boolean }).useWorkflow ? drafts : files;
      for (const { path, raw } of dataFiles) target.set(path, raw);
    },
  };
}

describe("/admin's guard around the backend", () => {
  it('saves a draft of the editorial workflow twice: the published file is what the second save compares with', async () => {
    const files = new Map([[path, 'published']]);
    const tab = guardImplementation(workflowBackend(files), async () => []);
    await tab.getEntry(path);
    await tab.persistEntry(entry('draft one'), { useWorkflow: true });
    await expect(tab.persistEntry(entry('draft two'), { useWorkflow: true })).resolves.toBeUndefined();
    // Published meanwhile by someone else: the next draft save is refused all the same.
    files.set(path, 'published elsewhere');
    await expect(tab.persistEntry(entry('draft three'), { useWorkflow: true })).rejects.toThrow(staleWords);
  });

  it('refuses a save when the check does not answer, except where the site has no content to check against', async () => {
    const answering = (status: number, body: unknown = {}) =>
      (async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;
    const change: Change = { written: [{ path, text: 'x' }] };
    expect(await postChange(change, undefined, answering(200))).toEqual([]);
    expect(await postChange(change, undefined, answering(503))).toEqual([]);
    expect(await postChange(change, undefined, answering(422, { errors: ['a: b: c'] }))).toEqual(['a: b: c']);
    for (const status of [401, 429, 500])
      expect(await postChange(change, undefined, answering(status))).toEqual([couldNotCheckWords]);
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    expect(await postChange(change, undefined, offline)).toEqual([couldNotCheckWords]);
  });

  it('refuses a save over a version published since the entry was opened, saying to reload', async () => {
    const files = new Map([[path, 'first']]);
    const passes = async () => [];
    const tabA = guardImplementation(memoryBackend(files), passes);
    const tabB = guardImplementation(memoryBackend(files), passes);
    await tabA.entriesByFolder();
    await tabB.getEntry(path);
    await tabA.persistEntry(entry('from A'), {});
    expect(files.get(path)).toBe('from A');
    await expect(tabB.persistEntry(entry('from B'), {})).rejects.toThrow(staleWords);
    expect(files.get(path)).toBe('from A');
    expect(staleWords).toMatch(/reload/);
    // A saves again over its own version: that is no conflict.
    await tabA.persistEntry(entry('from A again'), {});
    expect(files.get(path)).toBe('from A again');
  });

  it("refuses a save or a delete on the check's problems, and writes nothing", async () => {
    const files = new Map([[path, 'first']]);
    const changes: Change[] = [];
    const backend = guardImplementation(memoryBackend(files), async (change) => {
      changes.push(change);
      return change.deleted
        ? ['src/content/technologies/t.md: body: links to "/products/a/b", an address the site does not have']
        : [`${path}: description: "{count}" is not filled in here`];
    });
    await backend.getEntry(path);
    const saving = backend.persistEntry(entry('with {count}'), {});
    await expect(saving).rejects.toThrow(refusedWords);
    await expect(saving).rejects.toThrow(/^[^]*\ndescription: "\{count\}" is not filled in here$/);
    await expect(backend.deleteFiles([path], 'delete')).rejects.toThrow(
      'src/content/technologies/t.md: body: links to',
    );
    expect(files.get(path)).toBe('first');
    expect(changes).toEqual([{ written: [{ path, text: 'with {count}' }], uploaded: [] }, { deleted: [path] }]);
  });

  it('checks a draft of the editorial workflow again when it is published, as it is on its branch', async () => {
    const files = new Map([[path, 'first']]);
    const published: string[] = [];
    const draft = (text: string) => ({
      ...memoryBackend(files),
      async unpublishedEntry() {
        return { diffs: [{ id: '1', path }] };
      },
      async unpublishedEntryDataFile() {
        return text;
      },
      async unpublishedEntryMediaFile() {
        return {};
      },
      async publishUnpublishedEntry(_collection: string, slug: string) {
        published.push(slug);
      },
    });
    const checked: Change[] = [];
    const check = async (change: Change) => {
      checked.push(change);
      return change.written?.some((f) => f.text.includes('{count}'))
        ? [`${path}: description: "{count}" is not filled in here`]
        : [];
    };
    await expect(guardImplementation(draft('with {count}'), check).publishUnpublishedEntry('a', 'b')).rejects.toThrow(
      /\ndescription: "\{count\}" is not filled in here$/,
    );
    expect(published).toEqual([]);
    await guardImplementation(draft('fine'), check).publishUnpublishedEntry('a', 'b');
    expect(published).toEqual(['b']);
    expect(checked).toEqual([
      { written: [{ path, text: 'with {count}' }], uploaded: [] },
      { written: [{ path, text: 'fine' }], uploaded: [] },
    ]);
  });

  it('names the fields of the file being saved, and the path of any other', () => {
    expect(editorLines([`${path}: name: required`, 'src/content/x.md: body: y'], [path])).toEqual([
      'name: required',
      'src/content/x.md: body: y',
    ]);
  });
});
