import { describe, expect, it } from 'vitest';
import { prefillFor, prefillMessage } from '../../../src/contact/prefill';
import { joinName } from '../../../src/contact/name';

/** Topics as src/content/topics.json writes them; the test's own, so editors may reword theirs. */
const topics = [
  { id: 'technical-data', sentence: 'I would like to request technical data for {about}.' },
  { id: 'colour-matching', sentence: 'I would like to use your colour matching service for {about}.' },
  { id: 'samples', sentence: 'I would like to request samples of {about}.' },
];

const subjects = { microencapsulation: 'Microencapsulation', pigments: 'Pigments' };

describe('contact pre-fill', () => {
  it('starts the message with the topic sentence naming the technology or category', () => {
    expect(prefillMessage('?topic=technical-data&about=microencapsulation', topics, subjects)).toBe(
      'I would like to request technical data for Microencapsulation.\n\n',
    );
    expect(prefillMessage('?topic=colour-matching&about=pigments', topics, subjects)).toBe(
      'I would like to use your colour matching service for Pigments.\n\n',
    );
  });

  it('ignores an unknown topic, and an unknown subject falls back to a neutral phrase', () => {
    expect(prefillMessage('?topic=free-money&about=pigments', topics, subjects)).toBe('');
    expect(prefillMessage('?topic=samples&about=<script>', topics, subjects)).toBe(
      'I would like to request samples of your products.\n\n',
    );
    expect(prefillMessage('?topic=samples&about=constructor', topics, subjects)).toBe(
      'I would like to request samples of your products.\n\n',
    );
    expect(prefillMessage('', topics, subjects)).toBe('');
  });

  it('names what it filled in: the item with its codes, else the technology or category, else the topic', () => {
    const items = { 'essential-oil-actives/lavender-oil': 'Lavender Oil (EOA-LAV-30)' };
    const labelled = topics.map((t) => ({ ...t, label: `Label of ${t.id}` }));
    expect(prefillFor('?topic=samples&about=essential-oil-actives/lavender-oil', labelled, subjects, items).named).toBe(
      'Lavender Oil (EOA-LAV-30)',
    );
    expect(prefillFor('?topic=samples&about=pigments', labelled, subjects, items).named).toBe('Pigments');
    expect(prefillFor('?topic=samples&about=nothing-known', labelled, subjects, items).named).toBe('Label of samples');
    expect(prefillFor('?topic=nope&about=pigments', labelled, subjects, items).named).toBe('');
  });

  it('joins first and last name with one space, trimmed', () => {
    expect(joinName('  Ada ', ' Lovelace  ')).toBe('Ada Lovelace');
    expect(joinName('Ada', '')).toBe('Ada');
  });
});
