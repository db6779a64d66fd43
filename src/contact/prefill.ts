/**
 * /contact?topic=technical-data&about=microencapsulation starts the message with a sentence
 * naming the topic and the technology or category; with `about=<category>/<item>` the message
 * starts with the item's name and codes and the form carries the topic and the item, so the
 * e-mail's subject can name it. Unknown values are ignored. Kept free of run-time dependencies
 * because the contact form island imports it (and the no-JavaScript pre-fill function too): the
 * schema is imported for its type only, which the bundler erases.
 */
import type { Topic } from '../schemas/topic';

/** What the form needs of a contact topic (src/content/topics.json). */
export type PrefillTopic = Pick<Topic, 'id' | 'sentence'> & Partial<Pick<Topic, 'label'>>;

/** What the form starts with: the topic chosen, the item it is about, and the message. */
export interface Prefill {
  topic: string;
  about: string;
  message: string;
  /**
   * What the request is for, as the note above the form names it: the item's name and codes,
   * the technology or category, or else the topic's label; empty when nothing was filled in.
   */
  named: string;
}

/** Words standing for the item in a topic's sentence, after the item's name and codes. */
export const thisProduct = 'this product';

/**
 * The form's starting values. `subjects`: technology and category names by slug; `items`: each
 * catalogue item's name and codes by "<category>/<item>". Without a known topic nothing is
 * pre-filled; without a known subject the sentence speaks of "your products".
 */
export function prefillFor(
  search: string,
  topics: readonly PrefillTopic[],
  subjects: Readonly<Record<string, string>>,
  items: Readonly<Record<string, string>> = {},
  fallbackSubject = 'your products',
): Prefill {
  const params = new URLSearchParams(search);
  const topic = topics.find((t) => t.id === params.get('topic'));
  if (!topic) return { topic: '', about: '', message: '', named: '' };
  const about = params.get('about') ?? '';
  if (about && Object.hasOwn(items, about)) {
    return {
      topic: topic.id,
      about,
      message: `${items[about]!}: ${topic.sentence.replaceAll('{about}', thisProduct)}\n\n`,
      named: items[about]!,
    };
  }
  const known = about && Object.hasOwn(subjects, about) ? subjects[about]! : undefined;
  return {
    topic: topic.id,
    about: '',
    message: `${topic.sentence.replaceAll('{about}', known ?? fallbackSubject)}\n\n`,
    named: known ?? topic.label ?? '',
  };
}

/** The sentence for a topic about a subject; without a known subject, "your products". */
export function prefillMessage(
  search: string,
  topics: readonly PrefillTopic[],
  subjects: Readonly<Record<string, string>>,
  fallbackSubject = 'your products',
): string {
  return prefillFor(search, topics, subjects, {}, fallbackSubject).message;
}
