/**
 * The catalogue's PDF documents, copied from next to their item's Markdown file. Items of a
 * category may share a document (a brochure of a range): it is copied once.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { allProducts, categoryOf } from '@/model/content';
import { documentsOf, documentSource } from '@/model/documents';

export const getStaticPaths = (async () => {
  const paths = (await allProducts()).flatMap((item) =>
    documentsOf(process.cwd(), item.id, item.data.documents).map((document) => ({
      params: { category: categoryOf(item), file: basename(document.file) },
      props: { source: documentSource(process.cwd(), item.id, document.file) },
    })),
  );
  return [...new Map(paths.map((path) => [`${path.params.category}/${path.params.file}`, path])).values()];
}) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props }) =>
  new Response(await readFile((props as { source: string }).source), {
    headers: { 'content-type': 'application/pdf' },
  });
