import { describe, expect, it } from 'vitest';
import { conflictMarkers, countsInWords, longestWord, longWords } from '../../src/content-check/text-rules';

describe('the content check’s rules over words', () => {
  it('finds the three kinds of conflict marker lines, and no underline or divider', () => {
    const text = 'A\n<<<<<<< HEAD\nB\n=======\nC\n>>>>>>> 1a2b3c (Edit)\nHeading\n========\n---\n==== x\n';
    expect(conflictMarkers(text)).toEqual([
      { line: 2, marker: '<<<<<<< HEAD' },
      { line: 4, marker: '=======' },
      { line: 6, marker: '>>>>>>> 1a2b3c (Edit)' },
    ]);
  });

  it('finds a word longer than the measured limit, not an address, a placeholder or a hyphenated compound', () => {
    const long = 'a'.repeat(longestWord + 1);
    expect(longWords(`Fits ${'b'.repeat(longestWord)}, and ${long}.`)).toEqual([long]);
    expect(longWords(`[Read](https://example.org/${long}) ${long.slice(1)}-${long.slice(1)} {count:${long}}`)).toEqual(
      [],
    );
  });

  it('finds a count written in words ("Five platforms behind every product"), and leaves "one" and digits', () => {
    expect(countsInWords('Five platforms behind every product')).toEqual(['Five platforms']);
    expect(countsInWords('One recipe for 12 fabrics, in twenty-one shades and two grades')).toEqual(['two grades']);
  });
});
