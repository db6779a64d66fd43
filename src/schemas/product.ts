/**
 * Catalogue items. One collection, one Markdown file per item, with a discriminated union on
 * `kind`: each kind has exactly the fields of its entity, and the union keeps one readable list
 * of kinds instead of seven near-identical collections. An item's category is the folder its
 * file is in (src/content/products/<category>/), so no field repeats it.
 */
import { z } from 'astro/zod';
import { contentImage, icon, order, slug, text, textList, type ContentContext, type ReferenceTo } from './common';
import { documentFile } from './files';
import { lengthHint, textLimits } from './content-limits';

const { name: nameLength, entry: entryLength, description: descriptionLength } = textLimits;

export const applicationMethods = [
  'Pad',
  'Exhaust',
  'Spray',
  'Foam',
  'Coating',
  'Screen print',
  'Rotary screen print',
  'Digital print',
  'Heat transfer',
  'Dip',
] as const;

/**
 * The fibres (substrates) an item is for, as buyers filter by them. Blends are the fibres they
 * are made of: a product for polyester-cotton is for Cotton and Polyester.
 */
export const substrates = [
  'Cotton',
  'Linen',
  'Viscose',
  'Wool',
  'Silk',
  'Polyester',
  'Polyamide',
  'Acrylic',
  'Elastane',
] as const;

export const industries = [
  'Apparel',
  'Home textiles',
  'Technical textiles',
  'Sportswear',
  'Intimate wear',
  'Medical textiles',
  'Hospitality',
  'Automotive',
  'Paper',
  'Rubber',
  'Cosmetics',
  'Pharmaceuticals',
  'Aromatherapy',
  'FMCG',
  'Footwear',
  'Workwear',
] as const;

export const audiences = ['Women', 'Men', 'Unisex', 'Kids', 'Home'] as const;

export const scentFamilies = [
  'Floral',
  'Citrus',
  'Fresh',
  'Woody',
  'Oriental',
  'Gourmand',
  'Green',
  'Herbal',
  'Aquatic',
] as const;

const enumOf = <T extends readonly [string, ...string[]]>(values: T, what: string) =>
  z.enum(values, { error: `${what} must be one of: ${values.join(', ')}` }).describe(`${what}: ${values.join(', ')}.`);

export const methodList = z
  .array(enumOf(applicationMethods, 'application method'))
  .min(1, { error: 'list at least one application method' })
  .describe(`How the product is applied, one or more of: ${applicationMethods.join(', ')}.`);
export const substrateList = z
  .array(enumOf(substrates, 'substrate'))
  .min(1, { error: 'list at least one substrate' })
  .describe(`Fibres the product is for, one or more of: ${substrates.join(', ')}.`);
export const industryList = z
  .array(enumOf(industries, 'industry'))
  .min(1, { error: 'list at least one industry' })
  .describe(`Industries the product serves, one or more of: ${industries.join(', ')}.`);

/**
 * The industries and application methods of the kinds whose files did not always name them, and
 * the substrates of every kind: when left out, the item takes its category's (`industries`,
 * `applicationMethods`, `substrates` of the category file; src/model/catalogue-item.ts), and its
 * page and /search say they are the category's. Written, they are the item's own and replace the
 * category's.
 */
const substratesOrCategory = substrateList
  .optional()
  .describe(`Fibres the product is for, one or more of: ${substrates.join(', ')}. Leave out to take the category's.`);
const inheritedLists = {
  industries: industryList
    .optional()
    .describe(
      `Industries the product serves, one or more of: ${industries.join(', ')}. Leave out to take the category's.`,
    ),
  applicationMethods: methodList
    .optional()
    .describe(
      `How the product is applied, one or more of: ${applicationMethods.join(', ')}. Leave out to take the category's.`,
    ),
  substrates: substratesOrCategory,
};

export const productKinds = [
  'aroma',
  'essential-oil',
  'functional-category',
  'plant-slurry',
  'pigment-category',
  'printing-auxiliary',
  'speciality-finish',
  'speciality-print',
] as const;
export type ProductKind = (typeof productKinds)[number];

/** The document type whose absence makes an item page offer to request it. */
export const dataSheetType = 'Technical data sheet';
/** The safety data sheet: without one, the item page offers to request it. */
export const safetyDataSheetType = 'Safety data sheet';
/** The kinds of document, in the order the item page groups them. */
export const documentTypes = [dataSheetType, safetyDataSheetType, 'Brochure'] as const;

/** Folder next to the category's Markdown files where an item's PDF documents are kept. */
export const documentFolder = 'documents';

/** A language code such as "en", "de" or "en-GB" (BCP 47: a language, optionally its country). */
export const languageCode = z
  .string()
  .regex(/^[a-z]{2}(?:-[A-Z]{2})?$/, { error: 'language must be a language code such as "en", "th" or "en-GB"' })
  .describe('Language of the document as a code: "en", "th", "de", "en-GB"...');

/**
 * A downloadable document of an item. The file is a PDF in the documents folder next to the
 * Markdown file; `npm run content:check` and the build name the field when it is missing. One
 * item may carry a document of one type several times, each for its own country or region and
 * language (a safety data sheet for the EU in German, one for India in English).
 */
const productDocument = z
  .strictObject({
    type: enumOf(documentTypes, 'document type'),
    title: text('Title of the document, e.g. "Lavender Oil EOA-LAV-30 technical data sheet"', entryLength),
    language: languageCode,
    region: text('Region', nameLength)
      .describe(
        `Country or region the document is written for, e.g. "European Union" or "India"; leave out when it is for every market. ${lengthHint(nameLength)}`,
      )
      .optional(),
    file: documentFile(documentFolder),
  })
  .describe(
    'A document buyers can download: technical data sheet, safety data sheet or brochure, for a country or region and in a language.',
  );

/** One typical property: what is measured, its value, its unit and the method it is measured by. */
const typicalProperty = z
  .strictObject({
    name: text('Property', entryLength).describe('What is measured, e.g. "pH (1% solution)" or "Solids content".'),
    value: text('Value', entryLength).describe(
      'Its typical value as written on the data sheet, e.g. "6.0-7.0", "35" or "Clear, colourless liquid".',
    ),
    unit: text('Unit', nameLength)
      .describe('Unit of the value, e.g. "%", "mPa·s", "°C"; leave out for values without one (pH, appearance).')
      .optional(),
    testMethod: text('Test method', entryLength)
      .describe('Standard or method the value is measured by, e.g. "ISO 3219" or "internal method".')
      .optional(),
  })
  .describe('A typical property of the product: name, value, unit and test method.');

/**
 * A date as written in content, "2027-03-31". The build's YAML reader turns an unquoted date into
 * a date object, the check's into text: both are read back as the same text.
 */
const isoDate = (field: string, description: string) =>
  z.preprocess(
    (value) => (value instanceof Date && !Number.isNaN(value.getTime()) ? value.toISOString().slice(0, 10) : value),
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${field} must be a date written as year-month-day, e.g. "2027-03-31"` })
      .refine(
        (date) =>
          !Number.isNaN(Date.parse(`${date}T00:00:00Z`)) &&
          new Date(`${date}T00:00:00Z`).toISOString().startsWith(date),
        {
          error: (issue) => `"${String(issue.input)}" is not a day of the calendar`,
        },
      )
      .meta({ widget: 'date' })
      .describe(`${description}, as year-month-day, e.g. "2027-03-31".`),
  );

/** A link that leads to another website: https (or http), as a visitor's browser opens it. */
const webLink = (field: string, description: string) =>
  z
    .url({
      protocol: /^https?$/,
      hostname: z.regexes.domain,
      error: `${field} must be a full web address starting with https://`,
    })
    .describe(`${description}: a full web address starting with https://.`);

/**
 * One compliance entry: the scheme, the product's level or status in it, the certificate, how
 * long it is valid, and where a buyer can check it (the scheme's own register).
 */
const complianceEntry = z
  .strictObject({
    scheme: text('Scheme', entryLength).describe(
      'Scheme or standard, e.g. "ZDHC MRSL", "bluesign", "OEKO-TEX ECO PASSPORT", "GOTS".',
    ),
    status: text('Status', entryLength)
      .describe('Level or status in the scheme, e.g. "Level 3", "Approved", "Conformant".')
      .optional(),
    certificateNumber: text('Certificate number', entryLength)
      .describe('Number of the certificate or listing, as the scheme writes it.')
      .optional(),
    validUntil: isoDate('validUntil', 'Date the certificate or listing runs out').optional(),
    verifyUrl: webLink(
      'verifyUrl',
      "Page where a buyer can verify it, such as the scheme's public register",
    ).optional(),
  })
  .describe(
    'A scheme the product complies with: level or status, certificate number, valid until, and a link to verify it.',
  );

/** Fields every kind of item may have: its documents, the technologies it draws on, and the data buyers look for. */
const sharedFields = (reference: ReferenceTo) => ({
  typicalProperties: z
    .array(typicalProperty)
    .optional()
    .describe(
      'Typical properties, shown as a table on the item page with their units and test methods. Only values the company has measured.',
    ),
  packaging: text('Packaging', entryLength)
    .describe('How the product is packed, e.g. "125 kg drums and 1,000 kg IBCs".')
    .optional(),
  storage: text('Storage', entryLength)
    .describe('How to store the product, e.g. "5-30 °C, away from frost and direct sunlight".')
    .optional(),
  shelfLife: text('Shelf life', entryLength)
    .describe('How long the product keeps, e.g. "12 months from production, unopened".')
    .optional(),
  compliance: z
    .array(complianceEntry)
    .optional()
    .describe(
      'Schemes the product complies with (ZDHC MRSL, bluesign, OEKO-TEX ECO PASSPORT, GOTS...), each with its proof.',
    ),
  documents: z
    .array(productDocument)
    .optional()
    .describe(
      'Documents listed on the item page, grouped by type, each with its language, country or region and size. Without a technical data sheet, or a safety data sheet, the page offers to request one.',
    ),
  technologies: z
    .array(reference('technologies').describe('Slug of a technology, e.g. "microencapsulation".'))
    .optional()
    .describe('Technologies the item draws on, by slug; the item page links to them.'),
});

/**
 * The last part of an item's address, /products/<category>/<slug>: a field of its own, so renaming
 * the file or retitling the item leaves the address, and every link to it, as it was
 * (docs/decisions/0057-an-items-address-is-a-field.md).
 */
const itemSlug = slug.describe(
  'Last part of the item\'s web address, /products/<category>/<slug>, e.g. "lavender-calm": lowercase letters, digits and hyphens. ' +
    'Links and search engines know a published item by it: when you change it, add the old one to the former slugs, so the old address leads here.',
);

/**
 * The slugs a published item had before: each old address answers with a permanent redirect (301)
 * to the item's page (dist/_redirects, `formerSlugRedirects` of src/model/routes.ts), so no
 * address that was published becomes a 404
 * (docs/decisions/0062-a-changed-slug-keeps-its-old-address.md).
 */
const formerSlugs = z
  .array(slug)
  .optional()
  .describe(
    'Slugs this item had before, once published: each old address, /products/<category>/<former slug>, leads to this page. Add the old slug here when you change the slug; never remove one.',
  );

/** The `kind` field: which kind of catalogue item a file describes, and so which fields it has. */
const kind = <K extends ProductKind>(value: K) =>
  z.literal(value).describe(`Kind of catalogue item: "${value}". It decides which fields the file has.`);

// Over 100 lines on purpose: a declaration, not steps: every kind of item's fields side by side in
// one union, as the editor's form and the check read them.
// eslint-disable-next-line max-lines-per-function -- why: the lines above
export const productSchema = ({ image, reference }: ContentContext) => {
  const shared = sharedFields(reference);
  const picture = {
    image: contentImage(image, 'Picture of the item'),
    imageAlt: text('What the picture shows, for people who cannot see it', entryLength),
  };
  return z.discriminatedUnion(
    'kind',
    [
      z.strictObject({
        kind: kind('aroma'),
        order,
        slug: itemSlug,
        formerSlugs,
        name: text('Fragrance name', nameLength),
        variantName: text('Variant name, e.g. "AF-201 Lavender Calm"', nameLength),
        scentFamily: enumOf(scentFamilies, 'scent family'),
        audience: enumOf(audiences, 'audience'),
        description: text('What the fragrance is like and where it is used', descriptionLength),
        ...inheritedLists,
        ...picture,
        ...shared,
      }),
      z.strictObject({
        kind: kind('essential-oil'),
        order,
        slug: itemSlug,
        formerSlugs,
        name: text('Oil name', nameLength),
        variant: text('Variant code or grade', nameLength),
        properties: textList('Properties'),
        benefits: textList('Benefits'),
        ...inheritedLists,
        ...picture,
        ...shared,
      }),
      z.strictObject({
        kind: kind('functional-category'),
        order,
        slug: itemSlug,
        formerSlugs,
        title: text('Functional category title', nameLength),
        icon: icon.optional(),
        description: text('What this functional category does', descriptionLength),
        features: textList('Features'),
        keyProducts: textList('Key products'),
        ...inheritedLists,
        ...shared,
      }),
      z.strictObject({
        kind: kind('plant-slurry'),
        order,
        slug: itemSlug,
        formerSlugs,
        name: text('Product name', nameLength),
        variant: text('Variant code', nameLength),
        type: z
          .literal('Microencapsulated slurry', { error: 'type must be "Microencapsulated slurry"' })
          .describe('Product form, always "Microencapsulated slurry".'),
        description: text('What the product does', descriptionLength),
        applicationMethods: methodList,
        industries: industryList,
        substrates: substratesOrCategory,
        ...picture,
        ...shared,
      }),
      z.strictObject({
        kind: kind('pigment-category'),
        order,
        slug: itemSlug,
        formerSlugs,
        title: text('Pigment category title', nameLength),
        description: text('What this pigment range is', descriptionLength),
        series: textList('Series'),
        advantages: textList('Advantages'),
        industries: industryList,
        applicationMethods: methodList,
        substrates: substratesOrCategory,
        ...picture,
        ...shared,
      }),
      z.strictObject({
        kind: kind('printing-auxiliary'),
        order,
        slug: itemSlug,
        formerSlugs,
        title: text('Auxiliary category title', nameLength),
        description: text('What these auxiliaries do', descriptionLength),
        variants: textList('Variants'),
        advantages: textList('Advantages').optional(),
        applicationMethods: methodList,
        industries: industryList,
        substrates: substratesOrCategory,
        ...picture,
        ...shared,
      }),
      z.strictObject({
        kind: kind('speciality-finish'),
        order,
        slug: itemSlug,
        formerSlugs,
        title: text('Finish category title', nameLength),
        description: text('What the finish does', descriptionLength),
        finishes: textList('Finishes'),
        industries: industryList,
        applicationMethods: inheritedLists.applicationMethods,
        substrates: substratesOrCategory,
        applications: textList('Applications'),
        features: textList('Features'),
        testMethod: text('Test method, e.g. "AATCC 30"', entryLength).optional(),
        specialNote: text('Special note', entryLength).optional(),
        ...picture,
        ...shared,
      }),
      z.strictObject({
        kind: kind('speciality-print'),
        order,
        slug: itemSlug,
        formerSlugs,
        title: text('Print effect title', nameLength),
        printCategory: text('Effect family, e.g. "Dimensional" or "Metallic"', nameLength),
        variants: textList('Variants'),
        description: text('What the effect looks and feels like', descriptionLength),
        information: text('Technical information: curing, fastness, stability', descriptionLength),
        applicationMethods: methodList,
        industries: industryList,
        substrates: substratesOrCategory,
        media: text('Printable media, e.g. "Cotton and polyester-cotton knits"', nameLength).optional(),
        nature: text('Nature of the product, e.g. "Water-based"', nameLength).optional(),
        ...picture,
        ...shared,
      }),
    ],
    { error: `kind must be one of: ${productKinds.join(', ')}` },
  );
};
