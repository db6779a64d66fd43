import { describe, expect, it } from 'vitest';
import {
  breadcrumbJsonLd,
  catalogueJsonLd,
  certification,
  jsonLdScript,
  organizationId,
  organizationJsonLd,
  productJsonLd,
  propertyValue,
} from '../../src/model/structured-data';
import { identitySchema } from '../../src/schemas/identity';
import raw from '../../src/content/company/identity.json';

const identity = identitySchema.parse(raw);
const site = new URL('https://www.example.com');

describe('structured data', () => {
  it('describes the organisation with the offices and contact points of the identity file', () => {
    const org = JSON.parse(JSON.stringify(organizationJsonLd(identity, site)));
    expect(org['@type']).toBe('Organization');
    expect(org.name).toBe(identity.name);
    const addresses = org.address as { addressLocality: string; addressCountry: string }[];
    expect(addresses.map((a) => [a.addressLocality, a.addressCountry])).toEqual(
      identity.offices.map((o) => [o.city, o.countryCode]),
    );
    expect(org.contactPoint).toHaveLength(identity.offices.length);
    expect(org.logo).toBe('https://www.example.com/icon-512.png');
  });

  it('lists catalogue items by their name and the address of their own page, in order', () => {
    const item = (name: string) => ({ name, url: new URL(`/products/pigments/${name.toLowerCase()}`, site) });
    const list = JSON.parse(
      JSON.stringify(
        catalogueJsonLd({ title: 'Pigments', url: new URL('/products/pigments', site) }, [item('A'), item('B')]),
      ),
    );
    expect(list).toMatchObject({
      '@type': 'ItemList',
      name: 'Pigments',
      url: 'https://www.example.com/products/pigments',
      numberOfItems: 2,
    });
    expect(list.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'A', url: 'https://www.example.com/products/pigments/a' },
      { '@type': 'ListItem', position: 2, name: 'B', url: 'https://www.example.com/products/pigments/b' },
    ]);
  });

  it('describes an item page as a Product of the company, with a trail of pages', () => {
    const url = new URL('/products/essential-oil-actives/lavender', site);
    const company = { id: organizationId(site), name: identity.name };
    const one = JSON.parse(
      JSON.stringify(
        productJsonLd(
          {
            name: 'Oil',
            description: 'd',
            url,
            category: 'Oils',
            codes: ['EOA-1'],
            image: 'https://www.example.com/a.webp',
          },
          company,
        ),
      ),
    );
    expect(one).toMatchObject({
      '@type': 'Product',
      name: 'Oil',
      sku: 'EOA-1',
      category: 'Oils',
      image: 'https://www.example.com/a.webp',
    });
    expect(one.brand['@id']).toBe(JSON.parse(JSON.stringify(organizationJsonLd(identity, site)))['@id']);
    expect(one.manufacturer['@id']).toBe(one.brand['@id']);
    const many = JSON.parse(
      JSON.stringify(
        productJsonLd({ name: 'Print', description: 'd', url, category: 'Prints', codes: ['A-1', 'A-2'] }, company),
      ),
    );
    expect(many.sku).toBeUndefined();
    expect(many.isRelatedTo.map((v: { sku: string }) => v.sku)).toEqual(['A-1', 'A-2']);
    expect(many.isRelatedTo.map((v: { image?: string }) => v.image)).toEqual([undefined, undefined]);
    // Every Product of an item with a picture has it, its variants' too.
    const pictured = JSON.parse(
      JSON.stringify(
        productJsonLd(
          {
            name: 'Print',
            description: 'd',
            url,
            category: 'Prints',
            codes: ['A-1', 'A-2'],
            image: 'https://www.example.com/p.webp',
          },
          company,
        ),
      ),
    );
    expect([pictured, ...pictured.isRelatedTo].map((p: { image?: string }) => p.image)).toEqual(
      Array(3).fill('https://www.example.com/p.webp'),
    );
    const trail = JSON.parse(
      JSON.stringify(
        breadcrumbJsonLd([
          { name: 'Products', url: new URL('/products', site) },
          { name: 'Oil', url },
        ]),
      ),
    );
    expect(trail.itemListElement.map((s: { position: number; name: string }) => [s.position, s.name])).toEqual([
      [1, 'Products'],
      [2, 'Oil'],
    ]);
  });

  it("names the organization of a product's brand and manufacturer, not only its @id", () => {
    const org = JSON.parse(JSON.stringify(organizationJsonLd(identity, site)));
    const url = new URL('/products/prints/puff', site);
    const product = JSON.parse(
      JSON.stringify(
        productJsonLd(
          { name: 'Print', description: 'd', url, category: 'Prints', codes: ['A-1', 'A-2'] },
          { id: org['@id'], name: org.name },
        ),
      ),
    );
    for (const company of [
      product.brand,
      product.manufacturer,
      ...product.isRelatedTo.map((v: { brand: unknown }) => v.brand),
    ]) {
      expect(company).toEqual({ '@type': 'Organization', '@id': org['@id'], name: identity.name });
    }
  });

  it('gives a typical property as a PropertyValue: a number where the value is one, the unit as written, the test method as the technique', () => {
    expect(propertyValue({ name: 'Solids content', value: '35', unit: '%', testMethod: 'ISO 3251' })).toEqual({
      '@type': 'PropertyValue',
      name: 'Solids content',
      value: 35,
      unitText: '%',
      measurementTechnique: 'ISO 3251',
    });
    expect(propertyValue({ name: 'Freezing point', value: '-5.5', unit: '°C' }).value).toBe(-5.5);
    // A range, a figure with words or a comma stays text: schema.org takes text for a value.
    for (const value of ['6.0-7.0', 'about 35', '1,000', 'Clear, colourless liquid'])
      expect(propertyValue({ name: 'x', value }).value).toBe(value);
    expect(propertyValue({ name: 'pH', value: '7' })).toEqual({ '@type': 'PropertyValue', name: 'pH', value: 7 });
  });

  it('gives a compliance entry as a Certification with what the content names of it', () => {
    expect(
      certification({
        scheme: 'bluesign',
        status: 'Approved',
        certificateNumber: 'B-42',
        validUntil: '2028-01-31',
        verifyUrl: 'https://example.org/b-42',
      }),
    ).toEqual({
      '@type': 'Certification',
      name: 'bluesign, Approved',
      certificationIdentification: 'B-42',
      expires: '2028-01-31',
      url: 'https://example.org/b-42',
    });
    expect(certification({ scheme: 'GOTS' })).toEqual({ '@type': 'Certification', name: 'GOTS' });
  });

  it('cannot be closed early by text in the data', () => {
    expect(jsonLdScript({ name: '</script><script>alert(1)</script>' })).not.toContain('</script>');
  });
});
