import { z } from 'astro/zod';
import type { SchemaContext } from 'astro:content';
import { block, colour, contentImage, hero, icon, order, slug, text, textList } from './common';
import { pageTitle, searchDescription } from './seo';
import { textLimits } from './content-limits';

/**
 * Fields shared by a technology and a product category: what the menus, cards and page heads
 * are derived from.
 */
export const offeringBase = ({ image }: SchemaContext) => ({
  title: pageTitle('Name shown in menus, cards and the page title'),
  slug,
  order,
  shortDescription: text('One sentence for menus and cards', 120),
  searchDescription,
  icon,
  colour,
  image: contentImage(image, 'Picture for cards and the page head'),
  imageAlt: text('What the picture shows, for people who cannot see it', textLimits.entry),
  hero,
  sections: z.array(block).default([]).describe('The page sections, in order.'),
});

export const technologySchema = (context: SchemaContext) =>
  z
    .strictObject({
      ...offeringBase(context),
      // Only a technology's card shows a long description (the Technologies overview); a
      // category's card shows its short one.
      description: text('Full description for the overview card', 300),
      features: textList('Feature list on the technology card', 3).describe(
        'Three to five short features for the card.',
      ),
    })
    .describe('A technology: one page, one card, one menu entry.');
