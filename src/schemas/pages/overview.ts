/** The overview pages: technologies, products and portfolio (src/content/pages/<page>.md). */
import { z } from 'astro/zod';
import { action, text } from '../common';
import { seo } from '../seo';
import { intro, closingWithButtons } from './parts';

export const overviewPageSchema = z.strictObject({
  page: z
    .enum(['technologies', 'products', 'portfolio'])
    .describe('Which overview page this file describes: technologies, products or portfolio.'),
  ...seo(),
  hero: z
    .strictObject({ ...intro, actions: z.array(action).default([]).describe('Buttons under the introduction.') })
    .describe('Top of the page.'),
  cardLinkLabel: text('Link text on every card, e.g. "Learn More" or "Explore Category"'),
  closing: closingWithButtons,
});
