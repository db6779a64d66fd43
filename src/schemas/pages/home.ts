/** The home page (src/content/pages/home.md). */
import { z } from 'astro/zod';
import type { SchemaContext } from 'astro:content';
import { action, contentImage, text, textList } from '../common';
import { seo } from '../seo';
import { textLimits } from '../content-limits';
import { intro, statisticSchema } from './parts';

/**
 * The texts of a home section of cards (technologies, product categories), which may say
 * `{count}`: the number of cards it shows (src/model/content.ts, `homeCounts`).
 */
const counted = (cards: string, example: string) => ({
  eyebrow: intro.eyebrow,
  heading: text(`Heading; {count} is the number of ${cards}, e.g. "${example}"`),
  intro: text(`Paragraph under the heading; {count} is the number of ${cards}`),
});

export const homePageSchema = ({ image }: SchemaContext) =>
  z.strictObject({
    page: z.literal('home').describe('Which page this file describes: the home page.'),
    ...seo(),
    hero: z
      .strictObject({ ...intro, actions: z.array(action).min(1).describe('Buttons under the introduction.') })
      .describe('Top of the page.'),
    statistics: z
      .strictObject({
        // The badge turns by CSS alone, and a page's policy allows no inline style: its timing
        // and length come from classes of the stylesheet, which has one for each interval and
        // length allowed here (src/styles/global.css, StatisticBadge.astro).
        intervalMs: z
          .number()
          .int()
          .min(1000, { error: 'intervalMs must be at least 1000 (one second)' })
          .max(10000, { error: 'intervalMs must be at most 10000 (ten seconds)' })
          .multipleOf(500, { error: 'intervalMs must be a multiple of 500 (half a second), e.g. 3000' })
          .describe('Milliseconds each statistic stays on screen: 1000 to 10000, in steps of 500.'),
        items: z
          .array(statisticSchema)
          .min(2, { error: 'the badge needs at least two statistics' })
          .max(12, { error: 'the badge shows at most 12 statistics' })
          .describe('The statistics, shown one after another (2 to 12).'),
      })
      .describe('The rotating statistic badge of the hero.'),
    about: z
      .strictObject({
        ...intro,
        paragraphs: textList('Paragraphs', 1, textLimits.paragraph),
        checklist: textList('Checklist items'),
        action,
        image: contentImage(image, 'Picture beside the text'),
        imageAlt: text('What the picture shows'),
      })
      .describe('The about-us section.'),
    research: z
      .strictObject({
        ...intro,
        figure: text('The headline figure, e.g. "20%+"'),
        figureLabel: text('What the figure measures'),
      })
      .describe('The research-investment part of the about section (anchor #research).'),
    technologies: z
      .strictObject({
        ...counted('technologies', '{count} platforms behind every product'),
        cardLinkLabel: text('Link text on each technology card, e.g. "Learn More"'),
      })
      .describe('Heading of the technology cards, and the link text on each card.'),
    products: z
      .strictObject({
        ...counted('product categories', '{count} product categories'),
        cardLinkLabel: text('Link text on each category card, e.g. "Explore"'),
        action,
      })
      .describe('Heading of the product category cards, and the button under them.'),
    certifications: z.strictObject(intro).describe('Heading of the certification badges.'),
    closing: z
      .strictObject({ heading: text('Heading'), intro: text('Paragraph'), action })
      .describe('Closing call to action.'),
  });
