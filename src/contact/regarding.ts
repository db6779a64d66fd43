/**
 * What a contact message is about, as the server reads it: the topic and the catalogue item a
 * form was opened for (`/contact?topic=samples&about=<category>/<item>`). Only known values
 * count: a topic id from src/content/topics.json and an item of the catalogue; anything else is
 * ignored, so no text a visitor sends reaches the e-mail subject this way.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseFrontmatter } from '../text/frontmatter.mjs';
import { catalogueItem, itemIdOf, type ItemData } from '../model/catalogue-item';

export interface TopicLabel {
  id: string;
  label: string;
}

/** The line naming the topic and the item, e.g. "Product samples: Lavender Oil (EOA-LAV-30)". */
export function regardingLine(
  body: Record<string, unknown>,
  topics: readonly TopicLabel[],
  items: ReadonlyMap<string, string>,
): string | undefined {
  const topic = topics.find((t) => t.id === body.topic)?.label;
  const item = typeof body.about === 'string' ? items.get(body.about) : undefined;
  if (topic && item) return `${topic}: ${item}`;
  return item ?? topic;
}

/**
 * Every catalogue item's label (name and codes) by its id, "<category>/<item>", read from the
 * Markdown files of `productsDir` (src/content/products) through the item model the pages read
 * (src/model/catalogue-item.ts). A file that cannot be read is left out: content:check and the
 * build report it.
 */
export function readCatalogueLabels(productsDir: string): Map<string, string> {
  const labels = new Map<string, string>();
  for (const category of readdirSync(productsDir)) {
    const folder = join(productsDir, category);
    if (!statSync(folder).isDirectory()) continue;
    for (const file of readdirSync(folder)) {
      if (!file.endsWith('.md')) continue;
      try {
        const data = parseFrontmatter(readFileSync(join(folder, file), 'utf8')) as ItemData;
        const item = catalogueItem({ id: itemIdOf(`${category}/${file}`, data), data });
        if (item.name) labels.set(item.id, item.label);
      } catch {
        // Reported by content:check and the build.
      }
    }
  }
  return labels;
}
