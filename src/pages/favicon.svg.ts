import type { APIRoute } from 'astro';
import mark from '@/assets/favicon.svg?raw';

/**
 * The site's mark as a file, for the web app manifest and whatever asks for /favicon.svg. Pages
 * carry the same drawing inline (PageHead.astro), so loading one fetches no icon.
 */
export const GET: APIRoute = () => new Response(mark, { headers: { 'content-type': 'image/svg+xml' } });
