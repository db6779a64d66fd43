/**
 * JSON-LD for search engines, typed with schema-dts: the organisation on every page, and the
 * list of products on catalogue pages.
 */
import type { ItemList, Organization, PostalAddress, Product, WithContext } from 'schema-dts';
import type { Identity } from './schemas/identity';

export function organizationJsonLd(identity: Identity, site: URL): WithContext<Organization> {
  const address = identity.offices.map(
    (office): PostalAddress => ({
      '@type': 'PostalAddress',
      name: `${office.role}, ${office.city}`,
      streetAddress: office.streetAddress.join(', '),
      addressLocality: office.city,
      ...(office.region ? { addressRegion: office.region } : {}),
      postalCode: office.postalCode,
      addressCountry: office.countryCode,
    }),
  );
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': new URL('/#organization', site).href,
    name: identity.name,
    alternateName: identity.shortName,
    url: new URL('/', site).href,
    logo: new URL('/icon-512.png', site).href,
    email: identity.emails.general,
    foundingDate: String(identity.foundedYear),
    address,
    contactPoint: [
      ...identity.phones.map((phone) => ({
        '@type': 'ContactPoint' as const,
        contactType: phone.label,
        telephone: phone.tel,
        email: identity.emails.general,
      })),
      { '@type': 'ContactPoint' as const, contactType: 'Careers', email: identity.emails.careers },
    ],
  };
}

export interface CatalogueItem {
  name: string;
  description: string;
  image?: string | undefined;
}

export function catalogueJsonLd(
  category: { title: string; url: URL },
  items: readonly CatalogueItem[],
  brand: string,
): WithContext<ItemList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name: category.title,
    url: category.url.href,
    numberOfItems: items.length,
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      item: {
        '@type': 'Product',
        name: item.name,
        description: item.description,
        category: category.title,
        brand: { '@type': 'Brand', name: brand },
        ...(item.image ? { image: item.image } : {}),
      } satisfies Product,
    })),
  };
}

/** Serialises JSON-LD for a <script> element; "<" is escaped so no text can close the element. */
export function jsonLdScript(data: object): string {
  return JSON.stringify(data).replaceAll('<', '\\u003c');
}
