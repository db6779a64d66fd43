/**
 * Buttons whose action the specification leaves open lead to the contact form, which pre-fills
 * its message from `topic` and `about` (a technology or category slug).
 */
import { contactPath } from '../model/routes';
import type { Action } from '../schemas/common';

/** Where a button of the content leads (the `action` schema of src/schemas/common.ts). */
export type ButtonAction = Action;

/** The contact form about a topic: `contactPath` of src/model/routes.ts. */
export const contactHref = contactPath;

/**
 * Where a content button leads. `knownTopics` is the list of topic ids from
 * src/content/topics.json; an unknown one stops the build rather than leading nowhere.
 */
export function actionHref(action: ButtonAction, about: string | undefined, knownTopics: readonly string[]): string {
  if (action.href) return action.href;
  if (action.topic && knownTopics.includes(action.topic)) return contactPath(action.topic, about);
  throw new Error(
    `Button "${action.label}" names the contact topic "${action.topic}", which src/content/topics.json does not define`,
  );
}
