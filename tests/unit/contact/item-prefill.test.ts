import { describe, expect, it } from 'vitest';
import { prefillFor } from '../../../src/contact/prefill';
import { regardingLine } from '../../../src/contact/regarding';
import { builtContentFrom } from '../../../src/server/content-files';
import { composeEmail } from '../../../src/contact/mail';
import topics from '../../../src/content/topics.json';

const items = new Map(Object.entries(builtContentFrom(process.cwd()).itemLabels));
const [itemId, label] = [...items][0]!;
const subjects = {};
const topic = topics[0]!;

describe('contact form about a catalogue item', () => {
  it('starts the message with the item name and codes and selects the topic', () => {
    const prefill = prefillFor(
      `?topic=${topic.id}&about=${encodeURIComponent(itemId)}`,
      topics,
      subjects,
      Object.fromEntries(items),
    );
    expect(prefill.topic).toBe(topic.id);
    expect(prefill.about).toBe(itemId);
    expect(prefill.message.startsWith(`${label}: `)).toBe(true);
  });

  it('ignores an unknown item and never carries it into the form', () => {
    const prefill = prefillFor(
      `?topic=${topic.id}&about=${encodeURIComponent('x/<script>')}`,
      topics,
      subjects,
      Object.fromEntries(items),
    );
    expect(prefill.about).toBe('');
    expect(prefill.message).not.toContain('<script>');
  });

  it('names the item in the e-mail subject only for a known item', () => {
    const regarding = regardingLine({ topic: topic.id, about: itemId }, topics, items);
    expect(regarding).toBe(`${topic.label}: ${label}`);
    expect(regardingLine({ topic: 'nope', about: 'free text' }, topics, items)).toBeUndefined();
    const email = composeEmail(
      { name: 'Ada', email: 'ada@example.org', company: '', message: 'Hi', ...(regarding ? { regarding } : {}) },
      { to: 'a@example.org', from: 'a@example.org', domain: 'www.example.com' },
      { id: 'm1', receivedAt: 'now' },
    );
    expect(email.subject).toContain(label);
  });
});
