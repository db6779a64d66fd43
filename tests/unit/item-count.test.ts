import { describe, expect, it } from 'vitest';
import {
  countInWords,
  fillCount,
  fillCounts,
  isCountedPage,
  overviewCounts,
  unknownPlaceholders,
} from '../../src/model/item-count';

describe('{count} in a category text', () => {
  const kinds = [...Array(5).fill('functional-category'), ...Array(6).fill('plant-slurry')];
  it('is the number of items, as a word up to twenty, capitalised at the start of a sentence', () => {
    expect(fillCount('{count} fragrances, each from a different scent family.', Array(9).fill('aroma'))).toBe(
      'Nine fragrances, each from a different scent family.',
    );
    expect(fillCount('We make {count} oils. {count} of them are organic.', Array(7).fill('essential-oil'))).toBe(
      'We make seven oils. Seven of them are organic.',
    );
    expect(fillCount('{count} products', Array(21).fill('aroma'))).toBe('21 products');
    expect(countInWords(18, true)).toBe('Eighteen');
  });
  it('counts one kind with {count:<kind>}', () => {
    expect(
      fillCount(
        '{count:functional-category} functional categories, followed by {count:plant-slurry} plant-based actives',
        kinds,
      ),
    ).toBe('Five functional categories, followed by six plant-based actives');
  });
  it('leaves other text alone, and names placeholders it does not know', () => {
    expect(fillCount('No count here {page}', kinds)).toBe('No count here {page}');
    expect(unknownPlaceholders('{count} {count:aroma} {cont} {count:perfume}', ['aroma'])).toEqual([
      '{cont}',
      '{count:perfume}',
    ]);
  });
});

describe('{count} on an overview page', () => {
  it('is written out in every text of the page, as a word with a capital at the start of a sentence', () => {
    const page = { page: 'products', hero: { intro: '{count} families.', items: ['Of {count}.'] }, order: 3 };
    expect(fillCounts(page, 7)).toEqual({
      page: 'products',
      hero: { intro: 'Seven families.', items: ['Of seven.'] },
      order: 3,
    });
    expect(fillCounts(page, 21).hero.intro).toBe('21 families.');
  });

  it('counts the cards each overview page lists', () => {
    expect(Object.keys(overviewCounts).every(isCountedPage)).toBe(true);
    expect(isCountedPage('about')).toBe(false);
  });
});
