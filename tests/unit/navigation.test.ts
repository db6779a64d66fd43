import { describe, expect, it } from 'vitest';
import { categoryNavItems, isCurrent, technologyNavItems, type OfferingSummary } from '../../src/model/navigation';

const entry = (id: string, order: number, title = id): OfferingSummary => ({
  id,
  data: { title, order, shortDescription: `About ${title}`, icon: 'flask-conical' },
});

describe('navigation derived from the collections', () => {
  it('lists technologies in order with their page, description and icon', () => {
    const items = technologyNavItems([
      entry('microencapsulation', 5),
      entry('bacteria-inhibition', 1, 'Bacteria & Virus Inhibition'),
    ]);
    expect(items).toEqual([
      {
        name: 'Bacteria & Virus Inhibition',
        href: '/bacteria-inhibition',
        description: 'About Bacteria & Virus Inhibition',
        icon: 'flask-conical',
      },
      {
        name: 'microencapsulation',
        href: '/microencapsulation',
        description: 'About microencapsulation',
        icon: 'flask-conical',
      },
    ]);
  });

  it('adds a menu entry for each new category file', () => {
    const before = categoryNavItems([entry('pigments', 4), entry('aroma-finishes', 1)]);
    const after = categoryNavItems([entry('pigments', 4), entry('aroma-finishes', 1), entry('flame-retardants', 8)]);
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)).toMatchObject({ name: 'flame-retardants', href: '/products/flame-retardants' });
  });

  it('breaks ties in order by slug so menus never shuffle', () => {
    const items = categoryNavItems([entry('b', 1), entry('a', 1)]);
    expect(items.map((i) => i.href)).toEqual(['/products/a', '/products/b']);
  });

  it('knows the current page with or without .html and a trailing slash', () => {
    expect(isCurrent('/about', '/about')).toBe(true);
    expect(isCurrent('/about', '/about.html')).toBe(true);
    expect(isCurrent('/about', '/about/')).toBe(true);
    expect(isCurrent('/', '/')).toBe(true);
    expect(isCurrent('/about', '/careers')).toBe(false);
    expect(isCurrent('/products', '/products/pigments')).toBe(false);
  });
});

describe('catalogue item addresses', () => {
  it('are the category folder and the file name', async () => {
    const { documentPath, itemCardPath, itemPath } = await import('../../src/model/routes');
    expect(itemPath('essential-oil-actives', 'lavender')).toBe('/products/essential-oil-actives/lavender');
    expect(itemCardPath('essential-oil-actives', 'lavender')).toBe('/products/essential-oil-actives#lavender');
    expect(documentPath('essential-oil-actives', 'lavender-tds.pdf')).toBe(
      '/documents/essential-oil-actives/lavender-tds.pdf',
    );
  });
});
