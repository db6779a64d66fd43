/**
 * The search records of every catalogue item, for the build's search index
 * (src/search/integration.ts reads this file after the build and removes it from dist/).
 * An item whose own page is built is indexed from that page; the others from the record page
 * given here, under the item's card on its category page.
 */
import type { APIRoute } from 'astro';
import { getCollection } from 'astro:content';
import { categories, categoryOf } from '../lib/content';
import { itemCardPath, itemPath } from '../lib/navigation';
import { itemRecordPage, itemText, searchRecord } from '../lib/search';
import type { ItemRecordFile } from '../search/records';

export const GET: APIRoute = async () => {
  const titles = new Map((await categories()).map((category) => [category.id, category.data.title]));
  const records: ItemRecordFile = (await getCollection('products')).map((item) => {
    const category = categoryOf(item);
    const slug = item.id.slice(category.length + 1);
    const record = searchRecord(item, titles.get(category) ?? category, itemCardPath(category, slug));
    return { page: itemPath(category, slug), url: record.url, html: itemRecordPage(record, itemText(item.data)) };
  });
  return new Response(JSON.stringify(records), { headers: { 'Content-Type': 'application/json' } });
};

export const prerender = true;

