import { describe, expect, it } from 'vitest';
import { groupItems, type ItemGroupSpec } from '../../src/model/item-groups';

type Kind = 'functional-category' | 'plant-slurry' | 'pigment-category';
const item = (name: string, kind: Kind) => ({ name, data: { kind } });
const items = [
  item('Antimicrobial', 'functional-category'),
  item('Neem', 'plant-slurry'),
  item('Anti-odour', 'functional-category'),
];
// Typed with every kind the items may have: a category names groups for some kinds only.
const groups: ItemGroupSpec<Kind>[] = [
  {
    id: 'functional-categories',
    kind: 'functional-category',
    heading: 'Functional categories',
    intro: 'What they do.',
  },
  { id: 'plant-based-slurries', kind: 'plant-slurry', heading: 'Plant-based slurries' },
];
const rest = { id: 'more', heading: 'More products' };

describe('the groups of a category page', () => {
  it('are none when the category names no groups: every item is listed together', () => {
    expect(groupItems(items, undefined, rest)).toBeUndefined();
    expect(groupItems(items, [], rest)).toBeUndefined();
  });

  it('follow the named order, each holding the items of its kind in their order', () => {
    const result = groupItems(items, groups, rest)!;
    expect(result.map((g) => [g.id, g.heading, g.items.map((i) => i.name)])).toEqual([
      ['functional-categories', 'Functional categories', ['Antimicrobial', 'Anti-odour']],
      ['plant-based-slurries', 'Plant-based slurries', ['Neem']],
    ]);
    expect(result[0]!.intro).toBe('What they do.');
  });

  it('never drop an item: a kind no group names follows under the items heading; empty groups are left out', () => {
    const result = groupItems([...items, item('Neon', 'pigment-category')], [groups[1]!], rest)!;
    expect(result.map((g) => [g.id, g.items.map((i) => i.name)])).toEqual([
      ['plant-based-slurries', ['Neem']],
      ['more', ['Antimicrobial', 'Anti-odour', 'Neon']],
    ]);
    expect(groupItems([item('Neem', 'plant-slurry')], groups, rest)!.map((g) => g.id)).toEqual([
      'plant-based-slurries',
    ]);
  });
});
