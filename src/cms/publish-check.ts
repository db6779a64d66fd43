/**
 * The whole content check, run by /admin before a change is saved (docs/decisions/0066): the
 * change (the entry's files as they would be written, the files it uploads, the files it deletes)
 * is laid over the site's content, and `npm run content:check`'s own check (src/content-check) runs
 * on the result, cross-file rules and all: references, links, slugs, `{count}`, what a delete
 * leaves dangling, and whatever rules the check gains later. The problems the change brings, those
 * the content without it does not have, are the answer, in the check's words.
 *
 * The content is laid over without copying it: a folder of links to every file of src/content,
 * where the changed files are written and the deleted ones left out. Uploaded files are not sent:
 * the editor's browser measures them (src/cms/file-checks.ts) and the check reads those
 * measurements. Nothing of the project is ever written.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, unlink, writeFile } from 'node:fs/promises';
import { existsSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { checkContent, formatProblem, isError, readStart, type Problem } from '../content-check/check';
import type { FileFacts } from '../schemas/content-limits';
import { droppedAddress, itemCategory, slugsOf } from '../content-check/slug-rule';

/** The content folder every changed path must be in. */
const contentFolder = 'src/content';

/** One change /admin is about to save: files written (with their text, or measured when uploaded) and files deleted. */
export interface ContentChange {
  /** Text files written, by path from the project's root ("src/content/products/…/x.md"). */
  written?: { path: string; text: string }[];
  /** Uploaded files, measured in the browser. */
  uploaded?: ({ path: string } & FileFacts)[];
  /** Files deleted. */
  deleted?: string[];
}

/** A path from the project's root inside the content folder, or undefined. */
export function contentPath(path: unknown): string | undefined {
  if (typeof path !== 'string') return undefined;
  const clean = path.replace(/^\/+/, '');
  if (!clean.startsWith(`${contentFolder}/`) || clean.split('/').some((part) => part === '..' || part === ''))
    return undefined;
  return /^[\w./ -]+$/.test(clean) ? clean : undefined;
}

/** Whether `value` is a change as /admin posts it, every path inside the content folder. */
export function isContentChange(value: unknown): value is ContentChange {
  if (!value || typeof value !== 'object') return false;
  const { written = [], uploaded = [], deleted = [] } = value as Record<string, unknown>;
  const number = (n: unknown) => typeof n === 'number' && Number.isFinite(n) && n >= 0;
  return (
    Array.isArray(written) &&
    Array.isArray(uploaded) &&
    Array.isArray(deleted) &&
    written.every((f) => f && contentPath(f.path) && typeof f.text === 'string') &&
    uploaded.every(
      (f) =>
        f &&
        contentPath(f.path) &&
        number(f.bytes) &&
        (f.width === undefined || number(f.width)) &&
        (f.start === undefined || typeof f.start === 'string'),
    ) &&
    deleted.every((path) => contentPath(path))
  );
}

/** Every file under `dir`, as paths relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => relative(dir, join(e.parentPath, e.name)));
}

/** The check's options that measure pictures and read documents, as the caller gives them. */
export interface Measuring {
  imageWidth: (path: string) => Promise<number | undefined>;
}

/**
 * The problems `change` would bring to the content of `root`: each error of the check on the
 * content with the change that the content without it does not have, as `file: field: message`.
 */
export function changeProblems(root: string, change: ContentChange, measuring: Measuring): Promise<Problem[]> {
  // One check at a time per instance: each reads every content file twice, and a second editor's
  // save waits a second rather than doubling the work.
  const run = inTurn.then(() => problemsOfChange(root, normalised(change), measuring));
  inTurn = run.catch(() => undefined);
  return run;
}
let inTurn: Promise<unknown> = Promise.resolve();

/** The change with every path as `contentPath` reads it; a path outside the content folder is an error. */
function normalised(change: ContentChange): ContentChange {
  const clean = (path: unknown) => {
    const inside = contentPath(path);
    if (!inside) throw new Error(`not a path of the content folder: ${String(path)}`);
    return inside;
  };
  return {
    written: change.written?.map((f) => ({ ...f, path: clean(f.path) })),
    uploaded: change.uploaded?.map((f) => ({ ...f, path: clean(f.path) })),
    deleted: change.deleted?.map(clean),
  };
}

async function problemsOfChange(root: string, change: ContentChange, { imageWidth }: Measuring): Promise<Problem[]> {
  const overlay = await mkdtemp(join(tmpdir(), 'content-change-'));
  try {
    // The content, file by file, as links to the project's files.
    const source = join(root, contentFolder);
    for (const file of await filesUnder(source)) {
      const target = join(overlay, contentFolder, file);
      await mkdir(dirname(target), { recursive: true });
      await symlink(join(source, file), target);
    }
    const place = (path: string) => {
      const placed = resolve(overlay, path);
      if (!placed.startsWith(overlay + sep)) throw new Error(`${path} is outside the content`);
      return placed;
    };
    // The link itself is removed, never followed; a folder is not a file the change may name.
    const remove = async (path: string) => {
      try {
        await unlink(place(path));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    };
    for (const path of change.deleted ?? []) await remove(path);
    for (const { path, text } of change.written ?? []) {
      await remove(path);
      await mkdir(dirname(place(path)), { recursive: true });
      await writeFile(place(path), text, { flag: 'wx' });
    }
    // An upload is a file of its own in the overlay (empty: its measurements stand for it).
    const measured = new Map<string, FileFacts>();
    for (const { path, ...facts } of change.uploaded ?? []) {
      await remove(path);
      await mkdir(dirname(place(path)), { recursive: true });
      await writeFile(place(path), '', { flag: 'wx' });
      measured.set(place(path), facts);
    }
    // A path of the overlay is measured as the project's file it stands for.
    const original = (path: string) => join(root, relative(overlay, path).split(sep).join('/'));
    const [withChange, without] = await Promise.all([
      checkContent({
        root: overlay,
        imageWidth: async (path) => (measured.has(path) ? measured.get(path)!.width : imageWidth(original(path))),
        fileSize: (path) => measured.get(path)?.bytes ?? statSync(path).size,
        fileStart: (path) => measured.get(path)?.start ?? readStart(path),
      }),
      checkContent({ root, imageWidth }),
    ]);
    const before = new Set(without.map(formatProblem));
    return [
      ...(await droppedAddresses(root, change)),
      ...withChange.filter((p) => isError(p) && !before.has(formatProblem(p))),
    ];
  } finally {
    await rm(overlay, { recursive: true, force: true });
  }
}

/**
 * A published item whose slug the change alters, without keeping the old one in `formerSlugs`:
 * its address would answer "page not found" (docs/decisions/0062). The editor is told the address
 * and the two ways out, before anything is saved, in the words of the check's own rule.
 */
async function droppedAddresses(root: string, change: ContentChange): Promise<Problem[]> {
  const problems: Problem[] = [];
  for (const { path, text } of change.written ?? []) {
    const category = itemCategory(path);
    if (!category || !existsSync(join(root, path))) continue;
    const published = slugsOf(await readFile(join(root, path), 'utf8'));
    const problem = published && droppedAddress(path, category, published.slug, text);
    if (problem) problems.push(problem);
  }
  return problems;
}
