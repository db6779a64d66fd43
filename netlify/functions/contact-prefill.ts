/**
 * /contact?topic=…&about=… without JavaScript: netlify.toml rewrites such requests here, and the
 * answer is the built contact page with the form pre-filled (src/lib/contact/prefill-page.ts).
 * Technology, category and item names are read once per instance from the content files that
 * built the pages (netlify.toml includes them in the function's bundle).
 */
import { join } from 'node:path';
import type { Config } from '@netlify/functions';
import { contactPrefillResponse, rememberPage } from '../../src/lib/contact/prefill-page';
import { readCatalogueLabels, readOfferingTitles } from '../../src/lib/contact/regarding';
import topics from '../../src/content/topics.json';

let names: { subjects: Record<string, string>; items: Record<string, string> } | undefined;
const content = () => {
  const dir = join(process.cwd(), 'src/content');
  return (names ??= {
    subjects: Object.fromEntries(readOfferingTitles(dir)),
    items: Object.fromEntries(readCatalogueLabels(join(dir, 'products'))),
  });
};

const fetchPage = rememberPage((url) => fetch(url));

export default async (request: Request) => contactPrefillResponse(request, { fetchPage, topics, ...content() });

export const config: Config = { path: '/api/contact-prefill', method: 'GET' };
