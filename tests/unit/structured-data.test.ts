import { describe, expect, it } from 'vitest';
import { catalogueJsonLd, jsonLdScript, organizationJsonLd } from '../../src/lib/structured-data';
import { identitySchema } from '../../src/lib/schemas/identity';
import raw from '../../src/content/company/identity.json';

const identity = identitySchema.parse(raw);
const site = new URL('https://www.example.com');

describe('structured data', () => {
  it('describes the organisation with the offices and contact points of the identity file', () => {
    const org = JSON.parse(JSON.stringify(organizationJsonLd(identity, site)));
    expect(org['@type']).toBe('Organization');
    expect(org.name).toBe(identity.name);
    const addresses = org.address as { addressLocality: string; addressCountry: string }[];
    expect(addresses.map((a) => [a.addressLocality, a.addressCountry])).toEqual(identity.offices.map((o) => [o.city, o.countryCode]));
    expect(org.contactPoint).toHaveLength(identity.offices.length);
    expect(org.logo).toBe('https://www.example.com/icon-512.png');
  });

  it('lists catalogue items as products in order', () => {
    const list = JSON.parse(JSON.stringify(catalogueJsonLd({ title: 'Pigments', url: new URL('/products/pigments', site) }, [{ name: 'A', description: 'a' }, { name: 'B', description: 'b' }], 'Brand')));
    expect(list.numberOfItems).toBe(2);
    const elements = list.itemListElement as { position: number; item: { '@type': string; name: string } }[];
    expect(elements.map((e) => [e.position, e.item['@type'], e.item.name])).toEqual([
      [1, 'Product', 'A'],
      [2, 'Product', 'B'],
    ]);
  });

  it('cannot be closed early by text in the data', () => {
    expect(jsonLdScript({ name: '</script><script>alert(1)</script>' })).not.toContain('</script>');
  });
});
