import { describe, expect, it } from 'vitest';
import { pageTypeOf } from '../../../src/vitals/page-type';
import { routes } from '../../../src/model/routes';

const technologies = ['microencapsulation', 'cosmetic-textiles'];

describe('the kind of page a beacon comes from', () => {
  const cases: [string, string][] = [
    ['/', 'home'],
    ['/index.html', 'home'],
    [routes.technologies, 'technology'],
    ['/microencapsulation', 'technology'],
    ['/microencapsulation.html', 'technology'],
    [routes.products, 'category'],
    [routes.portfolio, 'category'],
    ['/products/pigments', 'category'],
    ['/products/pigments/page/2', 'category'],
    ['/products/pigments/binders', 'item'],
    ['/products/pigments/binders.html', 'item'],
    // An item whose file is called "page" is still an item.
    ['/products/pigments/page', 'item'],
    [routes.contact, 'contact'],
    [routes.contactThanks, 'contact'],
    [routes.contactForm, 'contact'],
    [routes.search, 'search'],
    [routes.searchResults, 'search'],
    ['/search/page/2', 'search'],
    [routes.about, 'other'],
    [routes.careers, 'other'],
    [routes.privacyPolicy, 'other'],
    [routes.notFound, 'other'],
    [routes.productsNotFound, 'other'],
    ['/products/pigments/404', 'other'],
    ['/offline', 'other'],
    // A root path that is no technology.
    ['/no-such-technology', 'other'],
    ['/microencapsulation/extra', 'other'],
  ];
  it.each(cases)('%s is %s', (path, kind) => {
    expect(pageTypeOf(path, technologies)).toBe(kind);
  });
});
