/**
 * The search's index, written once by the build (src/search/catalogue-search.ts, `SearchIndex`):
 * the pages rendered on demand read it (src/search/served-index.ts) instead of making it again
 * from the collections on every cold start.
 */
import type { APIRoute } from 'astro';
import { searchIndex } from '@/search/site-index';

export const prerender = true;

export const GET: APIRoute = async () =>
  new Response(JSON.stringify(await searchIndex()), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
