import { describe, expect, it } from 'vitest';
import { referenceProblems } from '../../src/schemas/content-references';

describe('references between collections', () => {
  const known = { technologies: new Set(['plasma', 'microencapsulation']) };

  it('finds each reference that names no entry, by file and field, wherever it is in the data', () => {
    const entries = [
      {
        file: 'a.md',
        data: {
          technologies: [
            { collection: 'technologies', id: 'plasma' },
            { collection: 'technologies', id: 'plasm' },
          ],
        },
      },
      {
        file: 'b.md',
        data: { nested: { list: [{ collection: 'technologies', id: 'none' }] }, image: { src: '/x.webp', width: 1 } },
      },
      { file: 'c.md', data: { author: { collection: 'people', id: 'ann' } } },
    ];
    expect(referenceProblems(entries, known)).toEqual([
      {
        file: 'a.md',
        field: 'technologies.1',
        message: 'no entry "plasm" in technologies (known: plasma, microencapsulation)',
      },
      {
        file: 'b.md',
        field: 'nested.list.0',
        message: 'no entry "none" in technologies (known: plasma, microencapsulation)',
      },
      { file: 'c.md', field: 'author', message: '"ann" refers to people, which no entry may refer to' },
    ]);
  });

  it('accepts references that name entries, and data without references', () => {
    expect(
      referenceProblems(
        [
          {
            file: 'a.md',
            data: { technologies: [{ collection: 'technologies', id: 'microencapsulation' }], title: 'x', order: 1 },
          },
        ],
        known,
      ),
    ).toEqual([]);
    expect(referenceProblems([], known)).toEqual([]);
  });
});
