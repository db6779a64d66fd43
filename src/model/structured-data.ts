/**
 * JSON-LD for search engines, typed with schema-dts: the organisation on every page, and the
 * list of products on catalogue pages.
 */
import type {
  BreadcrumbList,
  Certification,
  ItemList,
  Organization,
  PostalAddress,
  Product,
  PropertyValue,
  WithContext,
} from 'schema-dts';
import type { Identity } from '../schemas/identity';

/** The @id of the company's Organization, which other structured data refers to. */
export const organizationId = (site: URL) => new URL('/#organization', site).href;

export function organizationJsonLd(identity: Identity, site: URL): WithContext<Organization> {
  const address = identity.offices.map((office): PostalAddress => ({
    '@type': 'PostalAddress',
    name: `${office.role}, ${office.city}`,
    streetAddress: office.streetAddress.join(', '),
    addressLocality: office.city,
    ...(office.region ? { addressRegion: office.region } : {}),
    postalCode: office.postalCode,
    addressCountry: office.countryCode,
  }));
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': organizationId(site),
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

/** A catalogue item as its category's list gives it: its name and the address of its own page. */
export interface CatalogueItem {
  name: string;
  url: URL;
}

/**
 * A category page as a summary page: the addresses of its items, in order (the form search
 * engines document for a list whose items have pages of their own), each named, since validators
 * that follow Google's rules refuse a `ListItem` without a name. Each item's page carries its
 * full Product data (productJsonLd); descriptions are not repeated here.
 */
export function catalogueJsonLd(
  category: { title: string; url: URL },
  items: readonly CatalogueItem[],
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
      name: item.name,
      url: item.url.href,
    })),
  };
}

/** A trail of pages, e.g. Products › Pigments › Micronized Pigments; the last one is the page itself. */
export function breadcrumbJsonLd(trail: readonly { name: string; url: URL }[]): WithContext<BreadcrumbList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((step, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: step.name,
      item: step.url.href,
    })),
  };
}

export interface ProductPageItem {
  name: string;
  description: string;
  url: URL;
  category: string;
  /** Absolute address of the item's picture. */
  image?: string | undefined;
  /** Product codes of the item's variants. */
  codes: readonly string[];
  /** Typical properties: name, value, unit, test method. */
  properties?: readonly { name: string; value: string; unit?: string | undefined; testMethod?: string | undefined }[];
  /** Schemes the product complies with, and their proof. */
  certifications?: readonly {
    scheme: string;
    status?: string | undefined;
    certificateNumber?: string | undefined;
    validUntil?: string | undefined;
    verifyUrl?: string | undefined;
  }[];
}

/** The company as a product names it: the @id of the Organization the home page describes, and its name. */
export interface ProductOrganization {
  id: string;
  name: string;
}

/** A number as written ("35", "1.05", "-5"), or undefined for any other value ("6.0-7.0", "Clear liquid"). */
function numberOf(value: string): number | undefined {
  return /^-?\d+(?:\.\d+)?$/.test(value.trim()) ? Number(value) : undefined;
}

/**
 * A typical property as schema.org's PropertyValue: its value (a number when it is one), the unit
 * as written (`unitText`; `unitCode` wants UN/CEFACT codes, which content does not carry) and the
 * test method as `measurementTechnique`, which schema.org gives PropertyValue for "the technique
 * or method used to measure it".
 */
export function propertyValue(property: NonNullable<ProductPageItem['properties']>[number]): PropertyValue {
  return {
    '@type': 'PropertyValue',
    name: property.name,
    value: numberOf(property.value) ?? property.value,
    ...(property.unit ? { unitText: property.unit } : {}),
    ...(property.testMethod ? { measurementTechnique: property.testMethod } : {}),
  };
}

/**
 * A compliance entry as schema.org's Certification (`hasCertification` of a Product): named by its
 * scheme and level or status, its certificate number as `certificationIdentification`, the date it
 * runs out as `expires`, and the page that verifies it as its `url`. The certifying body is left
 * out: content names the scheme, not who issued it.
 */
export function certification(entry: NonNullable<ProductPageItem['certifications']>[number]): Certification {
  return {
    '@type': 'Certification',
    name: entry.status ? `${entry.scheme}, ${entry.status}` : entry.scheme,
    ...(entry.certificateNumber ? { certificationIdentification: entry.certificateNumber } : {}),
    ...(entry.validUntil ? { expires: entry.validUntil } : {}),
    ...(entry.verifyUrl ? { url: entry.verifyUrl } : {}),
  };
}

/**
 * One catalogue item. The brand and manufacturer are the company's Organization: its @id refers
 * to the one the home page describes, and its name comes along, because validators that follow
 * Google's rules read a brand without a name as an organization without a name. A single code
 * is the item's `sku`, several codes are each a variant's `sku`. Typical properties are its
 * `additionalProperty`, compliance entries its `hasCertification`.
 */
export function productJsonLd(item: ProductPageItem, organization: ProductOrganization): WithContext<Product> {
  const company: Organization = { '@type': 'Organization', '@id': organization.id, name: organization.name };
  const [onlyCode] = item.codes.length === 1 ? item.codes : [];
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': `${item.url.href}#product`,
    name: item.name,
    description: item.description,
    url: item.url.href,
    category: item.category,
    ...(item.image ? { image: item.image } : {}),
    ...(onlyCode ? { sku: onlyCode } : {}),
    brand: company,
    manufacturer: company,
    ...(item.codes.length > 1
      ? {
          isRelatedTo: item.codes.map((code): Product => ({
            '@type': 'Product',
            name: `${item.name} ${code}`,
            sku: code,
            // Every Product with a picture says so: a variant looks as the item does.
            ...(item.image ? { image: item.image } : {}),
            brand: company,
          })),
        }
      : {}),
    ...(item.properties?.length ? { additionalProperty: item.properties.map(propertyValue) } : {}),
    ...(item.certifications?.length ? { hasCertification: item.certifications.map(certification) } : {}),
  };
}

/** Serialises JSON-LD for a <script> element; "<" is escaped so no text can close the element. */
export function jsonLdScript(data: object): string {
  return JSON.stringify(data).replaceAll('<', '\\u003c');
}
