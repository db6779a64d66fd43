/**
 * What a contact message is about, as the server reads it: the topic and the catalogue item a
 * form was opened for (`/contact?topic=samples&about=<category>/<item>`). Only known values
 * count: a topic id from src/content/topics.json and an item of the catalogue (its label from the
 * functions' content, src/server/built-content.ts); anything else is ignored, so no text a visitor
 * sends reaches the e-mail subject this way.
 */
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
