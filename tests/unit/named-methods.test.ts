import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogueItem, type CategoryDefaults, type ItemData } from '../../src/model/catalogue-item';
import { methodsNamedIn, unlistedMethods } from '../../src/model/named-methods';
import { markdownBody, parseFrontmatter } from '../../src/text/frontmatter.mjs';

describe('the application methods a text names', () => {
  it('finds each method in the words editors write', () => {
    expect(methodsNamedIn('Pad at 250-400 g/l on cotton, cure 4 min at 150 °C')).toEqual(['Pad']);
    expect(methodsNamedIn('Exhaust at 1-3% owf or pad at 20-40 g/l')).toEqual(['Pad', 'Exhaust']);
    expect(methodsNamedIn('padded at 40 g/l; good exhaustion on cotton')).toEqual(['Pad', 'Exhaust']);
    expect(methodsNamedIn('Apply by pad or foam, or by spray on made-ups')).toEqual(['Pad', 'Spray', 'Foam']);
    expect(methodsNamedIn('Applied by knife coating; dip or heat transfer')).toEqual([
      'Coating',
      'Heat transfer',
      'Dip',
    ]);
    expect(methodsNamedIn('Screen print the adhesive, or digital print')).toEqual(['Screen print', 'Digital print']);
  });

  it('tells rotary screen printing from flat, and a test or another product from a method', () => {
    expect(methodsNamedIn('for rotary screen printing')).toEqual(['Rotary screen print']);
    expect(methodsNamedIn('flat screen print or rotary screen print')).toEqual(['Screen print', 'Rotary screen print']);
    expect(methodsNamedIn('Spray rating of 90-100; spray test to ISO 4920')).toEqual([]);
    expect(methodsNamedIn('often combined with a back-coating')).toEqual([]);
    expect(methodsNamedIn('A padded jacket lining')).toEqual(['Pad']);
    expect(methodsNamedIn('Landscape, paddle and spraying')).toEqual(['Spray']);
  });
});

describe("an item's methods and its words", () => {
  const finish = {
    kind: 'speciality-finish',
    title: 'Test Finish',
    description: 'A finish. Exhaust at 2% owf.',
    finishes: ['SF-T-1 For cotton'],
    features: ['Pad at 20 g/l'],
  } as unknown as ItemData;

  it("counts the category's methods for an item naming none, and its own otherwise", () => {
    const item = (data: ItemData, category: CategoryDefaults) => catalogueItem({ id: 'finishes/test', data }, category);
    expect(unlistedMethods(item(finish, { applicationMethods: ['Pad'] }))).toEqual(['Exhaust']);
    expect(unlistedMethods(item(finish, {}))).toEqual(['Pad', 'Exhaust']);
    const own = { ...finish, applicationMethods: ['Pad', 'Exhaust'] } as ItemData;
    expect(unlistedMethods(item(own, { applicationMethods: ['Spray'] }))).toEqual([]);
  });

  it('reads the Markdown body too', () => {
    const own = { ...finish, description: 'A finish.', features: ['Soft'], applicationMethods: ['Pad'] } as ItemData;
    expect(unlistedMethods(catalogueItem({ id: 'finishes/test', data: own }), 'Or apply by spray.')).toEqual(['Spray']);
  });
});

describe('the catalogue', () => {
  const root = join(process.cwd(), 'src/content');
  const read = (path: string) => readFileSync(path, 'utf8');
  const categories = new Map(
    readdirSync(join(root, 'categories'))
      .filter((file) => file.endsWith('.md'))
      .map((file) => [file.slice(0, -3), parseFrontmatter(read(join(root, 'categories', file))) as CategoryDefaults]),
  );
  const items = [...categories.keys()].flatMap((category) =>
    readdirSync(join(root, 'products', category))
      .filter((file) => file.endsWith('.md'))
      .map((file) => {
        const text = read(join(root, 'products', category, file));
        const data = parseFrontmatter(text) as ItemData;
        return {
          model: catalogueItem({ id: `${category}/${file.slice(0, -3)}`, data }, categories.get(category)),
          body: markdownBody(text),
        };
      }),
  );

  it("lists every method an item's words name, so the method filters find it", () => {
    expect(items.length).toBeGreaterThan(0);
    for (const { model, body } of items) expect(unlistedMethods(model, body), model.id).toEqual([]);
  });
});
