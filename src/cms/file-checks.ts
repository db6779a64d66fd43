/**
 * The checks the build makes of a picture or a document (src/schemas/content-limits.ts: size, a
 * bitmap picture's width, a PDF that is a PDF inside), made in /admin on the file the editor has
 * chosen, before the entry is saved:
 *
 * - the form's picture and file fields measure the file and refuse it with the build's own
 *   message under the field (src/cms/admin.ts: Decap's widget validation), so the entry
 *   cannot be saved with it;
 * - the preview posts the same measurements to /admin/render, which reports them as the build
 *   would, `file: field: message` (src/cms/render/entry.ts).
 *
 * Only the measuring is the browser's; the rules and their words are the build's. Bundled for the
 * browser into /admin/preview.js (src/cms/integration.ts), with the preview.
 */
import { issuePath } from '../schemas/content-errors';
import {
  documentLimits,
  fileProblems,
  pdfSignature,
  pictureLimits,
  type FileFacts,
  type FileLimits,
} from '../schemas/content-limits';

export type { FileFacts };

/** The limits of the file a path names: a document by its extension, else a picture. */
export function limitsOf(path: string): FileLimits {
  const extension = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  return documentLimits.extensions.includes(extension as never) ? documentLimits : pictureLimits;
}

/** Whether a value of the content names a file next to it: "./images/a.webp", "./documents/b.pdf". */
export function namesFile(value: unknown): value is string {
  if (typeof value !== 'string' || !value.startsWith('./')) return false;
  const extension = value.slice(value.lastIndexOf('.') + 1).toLowerCase();
  return [...pictureLimits.extensions, ...documentLimits.extensions].includes(extension as never);
}

/** What the build would say of the file at `path` with these measurements, in its words. */
export const uploadProblems = (path: string, facts: FileFacts): string[] => fileProblems(path, limitsOf(path), facts);

/** Every file the entry's data names, with the field that names it as the check writes it ("documents.0.file"). */
export function filesNamed(data: unknown, path: PropertyKey[] = []): { field: string; path: string }[] {
  if (namesFile(data)) return [{ field: issuePath(path), path: data }];
  if (Array.isArray(data)) return data.flatMap((value, i) => filesNamed(value, [...path, i]));
  if (data && typeof data === 'object') return Object.entries(data).flatMap(([k, v]) => filesNamed(v, [...path, k]));
  return [];
}

/** The measurements of a file the editor chose, read in the browser. */
export async function measure(file: Blob, path: string): Promise<FileFacts> {
  const limits = limitsOf(path);
  if (limits === documentLimits) {
    const head = new Uint8Array(await file.slice(0, pdfSignature.length).arrayBuffer());
    return { bytes: file.size, start: String.fromCharCode(...head) };
  }
  if (/\.svg$/i.test(path)) return { bytes: file.size, text: await file.text() };
  try {
    const bitmap = await createImageBitmap(file);
    const { width } = bitmap;
    bitmap.close();
    return { bytes: file.size, width };
  } catch {
    // A picture the browser cannot decode: the build reads it with its own decoder and says so.
    return { bytes: file.size };
  }
}

/** Decap's copy of a file: the file itself for an upload, a blob: address for a file it has loaded. */
interface Asset {
  fileObj?: unknown;
  toString(): string;
}

/** Measurements by file (an upload) or address (a loaded file), and path: each file is measured once. */
const measured = new Map<unknown, Map<string, Promise<FileFacts>>>();

/**
 * The measurements of the file Decap holds for `path`, or undefined while it has none to read (a
 * saved file not loaded yet).
 */
export function measureAsset(asset: Asset | undefined, path: string): Promise<FileFacts> | undefined {
  const upload = asset?.fileObj instanceof Blob ? asset.fileObj : undefined;
  const address = String(asset ?? '');
  if (!upload && !address.startsWith('blob:')) return undefined;
  const key = upload ?? address;
  const byPath = measured.get(key) ?? new Map<string, Promise<FileFacts>>();
  measured.set(key, byPath);
  if (!byPath.has(path))
    byPath.set(
      path,
      upload ? measure(upload, path) : fetch(address).then(async (answer) => measure(await answer.blob(), path)),
    );
  return byPath.get(path);
}
