/** The About page (src/content/pages/about.md). */
import { z } from 'astro/zod';
import type { SchemaContext } from 'astro:content';
import { contentImage, icon, text } from '../common';
import { seo } from '../seo';
import { tile, intro, closingWithButtons } from './parts';

export const aboutPageSchema = ({ image }: SchemaContext) =>
  z.strictObject({
    page: z.literal('about').describe('Which page this file describes: About.'),
    ...seo(),
    hero: z
      .strictObject({
        ...intro,
        image: contentImage(image, 'Picture of the page head'),
        imageAlt: text('What the picture shows'),
      })
      .describe('Top of the page.'),
    story: z
      .strictObject({
        ...intro,
        timeline: z
          .array(
            z.strictObject({
              year: z.number().int().describe('Year of the milestone, e.g. 2012.'),
              title: text('Milestone title'),
              description: text('Milestone text'),
            }),
          )
          .min(1)
          .describe('Milestones, oldest first.'),
      })
      .describe('The company story and its timeline.'),
    mission: z
      .strictObject({ title: text('Card title'), text: text('Mission statement'), icon })
      .describe('The mission card.'),
    vision: z
      .strictObject({ title: text('Card title'), text: text('Vision statement'), icon })
      .describe('The vision card.'),
    values: z
      .strictObject({ ...intro, items: z.array(tile).min(1).describe('One tile per value.') })
      .describe('The company values.'),
    presence: z
      .strictObject(intro)
      .describe('Heading of the offices section (the addresses come from the company identity).'),
    expertise: z
      .strictObject({
        ...intro,
        items: z
          .array(z.strictObject({ value: text('Figure or keyword'), label: text('Tile text'), icon }))
          .min(1)
          .describe('One tile per area of expertise.'),
      })
      .describe('The expertise section.'),
    certifications: z.strictObject(intro).describe('Heading of the certification badges.'),
    closing: closingWithButtons,
  });
