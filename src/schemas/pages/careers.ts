/** The Careers page (src/content/pages/careers.md). */
import { z } from 'astro/zod';
import type { SchemaContext } from 'astro:content';
import { contentImage, text, textList } from '../common';
import { seo } from '../seo';
import { textLimits } from '../content-limits';
import { tile, intro } from './parts';

export const careersPageSchema = ({ image }: SchemaContext) =>
  z.strictObject({
    page: z.literal('careers').describe('Which page this file describes: Careers.'),
    ...seo(),
    hero: z.strictObject(intro).describe('Top of the page.'),
    benefits: z
      .strictObject({ ...intro, items: z.array(tile).min(1).describe('One tile per benefit.') })
      .describe('What working here offers.'),
    culture: z
      .strictObject({
        ...intro,
        paragraphs: textList('Paragraphs', 1, textLimits.paragraph),
        images: z
          .array(
            z.strictObject({
              image: contentImage(image, 'A picture of the workplace'),
              alt: text('What the picture shows'),
              caption: text('Caption'),
            }),
          )
          .min(1)
          .describe('Pictures of the workplace, with captions.'),
      })
      .describe('The culture section.'),
    apply: z
      .strictObject({
        ...intro,
        steps: textList('What to send'),
        subject: text('Preset e-mail subject'),
        buttonLabel: text('Button label'),
      })
      .describe('How to apply: what to send, and the e-mail button.'),
  });
