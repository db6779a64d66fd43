/**
 * The search's answer as JSON, rendered on demand: `/search/answer.json?q=…&category=…` (the
 * query of /search, src/search/search.ts) answers with what /search rendered on demand would show
 * (src/search/catalogue-search.ts, the one engine), so the top bar's field and /search's island
 * show the same results, in the same order and with the same count, as the page without
 * JavaScript. One small request per query, nothing to download before it.
 */
import type { APIRoute } from 'astro';
import { searchAnswer } from '@/search/catalogue-search';
import { searchStateFromParams } from '@/search/search';
import { servedSearchIndex } from '@/search/served-index';
import { synonyms } from '@/search/synonyms';

export const prerender = false;

export const GET: APIRoute = async ({ url }) => {
  const answer = searchAnswer(await servedSearchIndex(), searchStateFromParams(url.searchParams), synonyms);
  return new Response(JSON.stringify(answer), {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      // Every answer depends on the address alone, and changes only with a new deploy (as /search's).
      'Cache-Control': 'public, max-age=300',
      'X-Robots-Tag': 'noindex',
    },
  });
};
