/**
 * Schema parts shared by every content collection. Each field carries a description so
 * editors get hover help, and every refinement says in plain words what is wrong.
 */
import { z } from 'astro/zod';
import type { SchemaContext } from 'astro:content';
import { iconExists, unknownIconMessage } from '../model/icons';
import { formatSize, pictureLimits, textLimits } from './content-limits';

const { name: nameLength, heading: headingLength, entry: entryLength, description: descriptionLength } = textLimits;

export const slug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, {
    error: 'slug may only use lowercase letters, digits and hyphens',
  })
  .describe('Part of the web address, e.g. "bacteria-inhibition": lowercase letters, digits and hyphens.');

// Texts are defined apart, so schemas that need nothing else (the contact form's words, which the
// contact function carries) do not pull the icon set's code into a function bundle.
export { text, textList } from './text';
import { text, textList } from './text';

/**
 * How a schema refers to an entry of another collection. The build passes Astro's `reference()`
 * (src/content.config.ts): an entry names the other by its id, the data holds `{ collection, id }`,
 * and a name that is no entry fails the build with the file and the field
 * (src/schemas/content-references.ts). Code that reads content without Astro (`npm run content:check`,
 * the /admin configuration) passes `slugReference`, which gives the same data.
 */
export type ReferenceTo = <C extends string>(
  collection: C,
) => z.ZodPipe<z.ZodString, z.ZodTransform<{ collection: C; id: string }, string>>;

/** What the schemas are made with: Astro's schema context and a way to refer to other collections. */
export type ContentContext = SchemaContext & { reference: ReferenceTo };

/** `reference()` without Astro: a slug, read as a reference to the entry of that id. */
export const slugReference: ReferenceTo = (collection) => slug.transform((id) => ({ collection, id }));

/**
 * The schema context of code that reads content without Astro (the content check, /admin's
 * configuration and preview, the functions' content): `image()` is the caller's check of a
 * picture's path, and references are slugs (`slugReference`).
 */
export const standInContext = (image: () => z.ZodType): ContentContext =>
  // Astro types `image()` as its own schema of a picture file, which only its build can read. The
  // schemas only hand `image()` on (`contentImage`) and never read what it makes, so a stand-in
  // serves them; TypeScript cannot see that, hence the cast.
  ({ image, reference: slugReference }) as unknown as ContentContext;

/** Smallest width of a content picture, in pixels (src/schemas/content-limits.ts, where every file limit is). */
export const minImageWidth = pictureLimits.minWidth;

/** A picture from content: where it shows, and the rule every content picture follows. */
export const contentImage = (image: SchemaContext['image'], where: string) =>
  image().describe(
    `${where}: a file in the images folder next to this one, at least ${minImageWidth} px wide and at most ${formatSize(pictureLimits.maxBytes)}.`,
  );

export const icon = z
  .string()
  .refine(iconExists, { error: (issue) => unknownIconMessage(String(issue.input)) })
  .describe('Lucide icon name in kebab-case, e.g. "flask-conical" (see lucide.dev/icons).');

/** Accent colours of the theme; each maps to tokens in src/styles/global.css. */
export const accentColours = ['teal', 'indigo', 'emerald', 'amber', 'rose', 'violet', 'sky'] as const;
export const colour = z
  .enum(accentColours, { error: `colour must be one of: ${accentColours.join(', ')}` })
  .describe(`Accent colour of the card and page: ${accentColours.join(', ')}.`);

export const order = z
  .number()
  .int({ error: 'order must be a whole number' })
  .min(0, { error: 'order must be 0 or more' })
  .describe('Position in lists and menus; lower numbers come first.');

/**
 * An internal path such as "/products" or "/contact". Browsers read "//host" and "/\host" as a
 * link to another website, so those are refused first, with their own reason.
 */
export const internalHref = z
  .string()
  .refine((href) => !/^\/[/\\]/.test(href), {
    error:
      'link must start with a single "/": "//" or "/\\" leads to another website; write a path on this site, e.g. "/contact"',
    abort: true,
  })
  .regex(/^\/[a-z0-9\-/#?=&]*$/, { error: 'link must be a path on this site starting with "/", e.g. "/contact"' })
  .describe('A path on this site, e.g. "/contact".');

/**
 * A button. Either it links to a page (`href`) or it opens the contact form about a topic
 * (`topic`), which pre-fills the message; never both, never neither.
 */
export const action = z
  .strictObject({
    label: text('Button label', nameLength),
    context: text('Button context', entryLength)
      .describe(
        'Words screen readers hear after a short label, so the button makes sense on its own: "about our technologies" after "Learn More".',
      )
      .optional(),
    href: internalHref.optional(),
    topic: slug.optional().describe('Id of a contact topic from src/content/topics.json.'),
  })
  .refine((a) => (a.href === undefined) !== (a.topic === undefined), {
    error: 'a button needs either "href" or "topic", not both',
  })
  .describe('A button: "label" plus either "href" (a page) or "topic" (a contact topic).');

export const hero = z
  .strictObject({
    eyebrow: text('Small line above the page heading', nameLength).optional(),
    heading: text('Page heading (the one h1 of the page)', headingLength),
    intro: text('Paragraph under the heading'),
    actions: z.array(action).default([]).describe('Buttons under the introduction.'),
  })
  .describe('Top of the page.');

const cardItem = z.strictObject({
  title: text('Card title', nameLength),
  description: text('Card text', descriptionLength),
  icon: icon.optional(),
  value: text('Figure or range shown large on the card, e.g. "0.1-1 µm"', nameLength).optional(),
  points: z.array(text('Bullet point', entryLength)).optional().describe('Short bullet points on the card.'),
});

const blockBase = {
  id: slug.describe('Anchor of the section on the page, e.g. "key-features".'),
  heading: text('Section heading', headingLength),
  intro: text('Paragraph under the section heading').optional(),
};

/** Typed page sections, rendered by one template in order. */
export const block = z.discriminatedUnion(
  'type',
  [
    z
      .strictObject({
        type: z.literal('cards').describe('Section type "cards".'),
        ...blockBase,
        columns: z
          .union([z.literal(2), z.literal(3), z.literal(4)])
          .default(3)
          .describe('Cards per row on wide screens: 2, 3 or 4.'),
        items: z
          .array(cardItem)
          .min(1, { error: 'a cards section needs at least one card' })
          .describe('The cards, in order.'),
      })
      .describe('A grid of cards: features, applications, principles, benefits...'),
    z
      .strictObject({
        type: z.literal('metrics').describe('Section type "metrics".'),
        ...blockBase,
        items: z
          .array(
            z.strictObject({
              value: text('The figure, e.g. "75%"', nameLength),
              label: text('What the figure measures', nameLength),
              description: text('One line of context', entryLength).optional(),
            }),
          )
          .min(1, { error: 'a metrics section needs at least one figure' })
          .describe('The figures, in order.'),
      })
      .describe('Large figures with labels.'),
    z
      .strictObject({
        type: z.literal('tags').describe('Section type "tags".'),
        ...blockBase,
        items: textList('Tag', 1, nameLength),
      })
      .describe('A row of short labels, e.g. industries served.'),
    z
      .strictObject({
        type: z.literal('cta').describe('Section type "cta" (call to action).'),
        ...blockBase,
        actions: z
          .array(action)
          .min(1, { error: 'a call to action needs at least one button' })
          .describe('The buttons, in order.'),
      })
      .describe('Closing call to action with buttons.'),
  ],
  { error: 'section "type" must be one of: cards, metrics, tags, cta' },
);

export type Block = z.infer<typeof block>;
export type Action = z.infer<typeof action>;
