/**
 * Company pages (Home, About, Careers), statistics, certifications and legal texts. Each page is
 * one Markdown file in src/content/pages/ whose frontmatter holds the page's words; `page` says
 * which page it is and selects its schema.
 */
import { z } from 'astro/zod';
import type { SchemaContext } from 'astro:content';
import { action, icon, text, textList } from './common';

const tile = z.strictObject({
  title: text('Tile title'),
  description: text('Tile text'),
  icon,
});

const intro = {
  eyebrow: text('Small line above the heading').optional(),
  heading: text('Heading'),
  intro: text('Paragraph under the heading'),
};

export const statisticSchema = z.strictObject({
  value: text('The figure as shown, e.g. "12+"'),
  label: text('What it counts, e.g. "Years of Innovation"'),
  icon,
});
export type Statistic = z.infer<typeof statisticSchema>;

export const pageSchema = ({ image }: SchemaContext) =>
  z.discriminatedUnion(
    'page',
    [
      z.strictObject({
        page: z.literal('home'),
        title: text('Browser tab title'),
        description: text('Search result description (70-160 characters)'),
        hero: z.strictObject({ ...intro, actions: z.array(action).min(1) }),
        statistics: z
          .strictObject({
            intervalMs: z
              .number()
              .int()
              .min(1000, { error: 'intervalMs must be at least 1000 (one second)' })
              .describe('Milliseconds each statistic stays on screen.'),
            items: z.array(statisticSchema).min(2, { error: 'the badge needs at least two statistics' }),
          })
          .describe('The rotating statistic badge of the hero.'),
        about: z.strictObject({
          ...intro,
          paragraphs: textList('Paragraphs'),
          checklist: textList('Checklist items'),
          action,
          image: image(),
          imageAlt: text('What the picture shows'),
        }),
        research: z
          .strictObject({ ...intro, figure: text('The headline figure, e.g. "20%+"'), figureLabel: text('What the figure measures') })
          .describe('The research-investment part of the about section (anchor #research).'),
        technologies: z.strictObject(intro),
        products: z.strictObject({ ...intro, cardLinkLabel: text('Link text on each category card, e.g. "Explore"'), action }),
        certifications: z.strictObject(intro),
        closing: z.strictObject({ heading: text('Heading'), intro: text('Paragraph'), action }),
      }),
      z.strictObject({
        page: z.literal('about'),
        title: text('Browser tab title'),
        description: text('Search result description (70-160 characters)'),
        hero: z.strictObject({ ...intro, image: image(), imageAlt: text('What the picture shows') }),
        story: z.strictObject({
          ...intro,
          timeline: z
            .array(z.strictObject({ year: z.number().int(), title: text('Milestone title'), description: text('Milestone text') }))
            .min(1),
        }),
        mission: z.strictObject({ title: text('Card title'), text: text('Mission statement'), icon }),
        vision: z.strictObject({ title: text('Card title'), text: text('Vision statement'), icon }),
        values: z.strictObject({ ...intro, items: z.array(tile).min(1) }),
        presence: z.strictObject(intro),
        expertise: z.strictObject({
          ...intro,
          items: z.array(z.strictObject({ value: text('Figure or keyword'), label: text('Tile text'), icon })).min(1),
        }),
        certifications: z.strictObject(intro),
        closing: z.strictObject({ heading: text('Heading'), intro: text('Paragraph'), actions: z.array(action).min(1) }),
      }),
      z.strictObject({
        page: z.literal('careers'),
        title: text('Browser tab title'),
        description: text('Search result description (70-160 characters)'),
        hero: z.strictObject(intro),
        benefits: z.strictObject({ ...intro, items: z.array(tile).min(1) }),
        culture: z.strictObject({
          ...intro,
          paragraphs: textList('Paragraphs'),
          images: z.array(z.strictObject({ image: image(), alt: text('What the picture shows'), caption: text('Caption') })).min(1),
        }),
        apply: z.strictObject({
          ...intro,
          steps: textList('What to send'),
          subject: text('Preset e-mail subject'),
          buttonLabel: text('Button label'),
        }),
      }),
      z.strictObject({
        page: z.enum(['technologies', 'products', 'portfolio']),
        title: text('Browser tab title'),
        description: text('Search result description (70-160 characters)'),
        hero: z.strictObject({ ...intro, actions: z.array(action).default([]) }),
        cardLinkLabel: text('Link text on every card, e.g. "Learn More" or "Explore Category"'),
        closing: z.strictObject({ heading: text('Heading'), intro: text('Paragraph'), actions: z.array(action).min(1) }),
      }),
      z.strictObject({
        page: z.literal('contact'),
        title: text('Browser tab title'),
        description: text('Search result description (70-160 characters)'),
        hero: z.strictObject(intro),
        details: z.strictObject({
          heading: text('Heading of the contact list'),
          intro: text('Paragraph'),
          emailLabel: text('Label of the e-mail entry'),
          phoneLabel: text('Label of the phone entry'),
        }),
        form: z.strictObject({
          heading: text('Form heading, "Send us a Message"'),
          intro: text('Paragraph above the form'),
          submitLabel: text('Submit button label'),
          sendingLabel: text('Submit button label while sending, "Sending..."'),
          success: z.strictObject({ title: text('Toast title on success'), text: text('Toast text on success') }),
          failure: z.strictObject({ title: text('Toast title on failure'), text: text('Toast text on failure') }),
        }),
        thanks: z.strictObject({
          title: text('Browser tab title of the thank-you page'),
          description: text('Description of the thank-you page'),
          ...intro,
        }),
      }),
    ],
    { error: 'page must be one of: home, about, careers, technologies, products, portfolio, contact' },
  );

export const certificationSchema = ({ image }: SchemaContext) =>
  z.strictObject({
    id: z.string(),
    name: text('Certification name, e.g. "ISO 9001"'),
    description: text('What it certifies, e.g. "Quality Management System"'),
    logo: image().describe('Badge drawn for this site (SVG), never the certifier\'s trademark.'),
    order: z.number().int(),
  });

export const legalSchema = z.strictObject({
  title: text('Page heading, e.g. "Privacy Policy"'),
  description: text('Search result description (70-160 characters)'),
  intro: text('Opening paragraph'),
});
