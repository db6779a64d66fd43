/**
 * An item's documents: where each PDF is in the content, where the site serves it, and its size
 * as the item page shows it. A document whose file is missing stops the build with the file and
 * the field named, as `npm run content:check` reports it.
 */
import { existsSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { documentPath } from './routes';

export interface DocumentFile {
  type: string;
  title: string;
  language: string;
  /** The country or region it is written for; none when it is for every market. */
  region?: string | undefined;
  file: string;
}

/** The Markdown file of an item, as problems name it. */
const itemFile = (itemId: string) => `src/content/products/${itemId}.md`;

/** Where a document's PDF is in the project: next to the item's Markdown file. */
export const documentSource = (root: string, itemId: string, file: string) =>
  join(root, 'src/content/products', itemId.slice(0, itemId.indexOf('/')), file);

/** Where the site serves a document: /documents/<category>/<file name>. */
const documentHref = (itemId: string, file: string) =>
  documentPath(itemId.slice(0, itemId.indexOf('/')), basename(file));

/** "12 KB", "1.4 MB": sizes as people read them (1 KB = 1024 bytes). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The problem with a document's file, or undefined when it is a PDF that exists. */
export function documentProblem(root: string, itemId: string, index: number, file: string): string | undefined {
  const path = documentSource(root, itemId, file);
  if (!existsSync(path) || !statSync(path).isFile()) {
    return `${itemFile(itemId)}: documents.${index}.file: no file "${file}" next to this file; upload the PDF or correct the name`;
  }
  return undefined;
}

/** Each document with its address and size in bytes; throws `file: field: message` for a missing file. */
export function documentsOf(root: string, itemId: string, documents: readonly DocumentFile[] = []) {
  return documents.map((document, index) => {
    const problem = documentProblem(root, itemId, index, document.file);
    if (problem) throw new Error(problem);
    return {
      ...document,
      href: documentHref(itemId, document.file),
      bytes: statSync(documentSource(root, itemId, document.file)).size,
    };
  });
}

/**
 * The documents of `documentsOf` whose files are there, the others left out: for /admin's
 * preview, where a PDF just chosen in the form is not saved yet (and the server may have no
 * content files at all).
 */
export function documentsFound(root: string, itemId: string, documents: readonly DocumentFile[] = []) {
  return documentsOf(
    root,
    itemId,
    documents.filter((document, index) => !documentProblem(root, itemId, index, document.file)),
  );
}
