/** The catalogue's PDF documents, copied from next to their item's Markdown file. */
import type { APIRoute, GetStaticPaths } from 'astro';
import { getCollection } from 'astro:content';
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { categoryOf } from '../../../lib/content';
import { documentsOf, documentSource } from '../../../lib/documents';

export const getStaticPaths = (async () =>
  (await getCollection('products')).flatMap((item) =>
    documentsOf(process.cwd(), item.id, item.data.documents).map((document) => ({
      params: { category: categoryOf(item), file: basename(document.file) },
      props: { source: documentSource(process.cwd(), item.id, document.file) },
    })),
  )) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props }) =>
  new Response(await readFile((props as { source: string }).source), { headers: { 'content-type': 'application/pdf' } });
