import { z } from 'astro/zod';
import type { SchemaContext } from 'astro:content';
import { action, slug, text } from './common';
import { industryList, methodList, productKinds, substrateList } from './product';
import { offeringBase } from './technology';
import { textLimits } from './content-limits';

export const categorySchema = (context: SchemaContext) =>
  z
    .strictObject({
      ...offeringBase(context),
      showOnHome: z.boolean().describe('Whether the category has a card on the home page.'),
      itemsHeading: text('Heading above the product cards, e.g. "Fragrance variants"', textLimits.heading),
      itemsIntro: text('Paragraph under the product cards heading')
        .describe(
          'Paragraph under the product cards heading; {count} is the number of items, {count:<kind>} of those of one kind, e.g. "{count} fragrances".',
        )
        .optional(),
      industries: industryList
        .optional()
        .describe(
          "Industries the category's products serve. A product without industries of its own takes these; its page and /search say so.",
        ),
      applicationMethods: methodList
        .optional()
        .describe(
          "How the category's products are applied. A product without application methods of its own takes these; its page and /search say so.",
        ),
      substrates: substrateList
        .optional()
        .describe(
          "Fibres the category's products are for. A product without substrates of its own takes these; its page and /search say so.",
        ),
      itemGroups: z
        .array(
          z.strictObject({
            id: slug.describe('Anchor of the group on the page, e.g. "plant-based-slurries".'),
            kind: z
              .enum(productKinds, { error: `kind must be one of: ${productKinds.join(', ')}` })
              .describe('Which kind of catalogue item the group shows.'),
            heading: text('Heading of the group, e.g. "Plant-based slurries"', textLimits.heading),
            intro: text('Paragraph under the group heading')
              .describe("Paragraph under the group heading; {count} is the number of the group's items.")
              .optional(),
          }),
        )
        .optional()
        .describe(
          'For a category that holds several kinds of item: one group per kind, each under its own heading, in this order. Without groups every item is listed together.',
        ),
      supportHeading: text('Heading of the closing section, e.g. "Work with us on pigments"', textLimits.heading),
      supportActions: z
        .array(action)
        .default([])
        .describe(
          'Buttons of the closing section, e.g. "Technical Specifications" (topic) and "Reach Out" (/contact).',
        ),
    })
    .describe('A product category: one page, one card, one menu entry.');
