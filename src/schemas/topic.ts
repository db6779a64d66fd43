import { z } from 'astro/zod';
import { slug, text } from './common';

export const topicSchema = z
  .strictObject({
    id: slug.describe('Id used in links, e.g. "technical-data" in /contact?topic=technical-data.'),
    label: text('Name of the topic'),
    sentence: text(
      'First sentence of the contact message; {about} is replaced by the technology or category name',
    ).refine((s) => s.includes('{about}'), {
      error: 'sentence must contain {about}, where the technology or category name goes',
    }),
    details: z
      .boolean()
      .optional()
      .describe(
        'Whether the form, for this topic, also offers three optional fields: the country to send to, the quantity, and the substrate or process (for samples and data sheets).',
      ),
  })
  .describe('A reason to get in touch, used by buttons that open the contact form.');

export type Topic = z.infer<typeof topicSchema>;
