/**
 * Buttons whose action the specification leaves open lead to the contact form, which pre-fills
 * its message from `topic` and `about` (a technology or category slug).
 */
export interface ButtonAction {
  label: string;
  href?: string | undefined;
  topic?: string | undefined;
  /** Words read by screen readers only, after the label, so the link says where it leads. */
  context?: string | undefined;
}

export function contactHref(topic: string, about?: string): string {
  const query = new URLSearchParams({ topic });
  if (about) query.set('about', about);
  return `/contact?${query.toString()}`;
}

/**
 * Where a content button leads. `knownTopics` is the list of topic ids from
 * src/content/topics.json; an unknown one stops the build rather than leading nowhere.
 */
export function actionHref(action: ButtonAction, about: string | undefined, knownTopics: readonly string[]): string {
  if (action.href) return action.href;
  if (action.topic && knownTopics.includes(action.topic)) return contactHref(action.topic, about);
  throw new Error(
    `Button "${action.label}" names the contact topic "${action.topic}", which src/content/topics.json does not define`,
  );
}
