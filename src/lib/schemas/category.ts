import { z } from 'astro/zod';
import type { SchemaContext } from 'astro:content';
import { action, text } from './common';
import { offeringBase } from './technology';

export const categorySchema = (context: SchemaContext) =>
  z
    .strictObject({
      ...offeringBase(context),
      showOnHome: z.boolean().describe('Whether the category has a card on the home page.'),
      itemsHeading: text('Heading above the product cards, e.g. "Fragrance variants"'),
      itemsIntro: text('Paragraph under the product cards heading').optional(),
      supportHeading: text('Heading of the closing section, e.g. "Work with us on pigments"'),
      supportActions: z
        .array(action)
        .default([])
        .describe('Buttons of the closing section, e.g. "Technical Specifications" (topic) and "Reach Out" (/contact).'),
    })
    .describe('A product category: one page, one card, one menu entry.');
