/**
 * /contact?topic=technical-data&about=microencapsulation starts the message with a sentence
 * naming the topic and the technology or category. Unknown values are ignored. Kept free of
 * dependencies because the contact form island imports it.
 */
export interface PrefillTopic {
  id: string;
  sentence: string;
}

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
