/**
 * /contact?topic=technical-data&about=microencapsulation starts the message with a sentence
 * naming the topic and the technology or category. Unknown values are ignored. Kept free of
 * run-time dependencies because the contact form island imports it: the schema is imported for
 * its type only, which the bundler erases.
 */
import type { Topic } from '../schemas/topic';

/** What the form needs of a contact topic (src/content/topics.json). */
export type PrefillTopic = Pick<Topic, 'id' | 'sentence'>;

/** The sentence for a topic about a subject; without a known subject, "your products". */
export function prefillMessage(
  search: string,
  topics: readonly PrefillTopic[],
  subjects: Readonly<Record<string, string>>,
  fallbackSubject = 'your products',
): string {
  const params = new URLSearchParams(search);
  const topic = topics.find((t) => t.id === params.get('topic'));
  if (!topic) return '';
  const about = params.get('about');
  const subject = about && Object.hasOwn(subjects, about) ? subjects[about]! : fallbackSubject;
  return `${topic.sentence.replaceAll('{about}', subject)}\n\n`;
}
