/** Parts several page schemas share: a tile, a heading with its introduction, a closing call to action, a statistic. */
import { z } from 'astro/zod';
import { action, icon, text } from '../common';

export const tile = z.strictObject({
  title: text('Tile title'),
  description: text('Tile text'),
  icon,
});

export const intro = {
  eyebrow: text('Small line above the heading').optional(),
  heading: text('Heading'),
  intro: text('Paragraph under the heading'),
};

export const closingWithButtons = z
  .strictObject({
    heading: text('Heading'),
    intro: text('Paragraph'),
    actions: z.array(action).min(1).describe('The buttons.'),
  })
  .describe('Closing call to action.');

export const statisticSchema = z.strictObject({
  value: text('The figure as shown, e.g. "12+"'),
  label: text('What it counts, e.g. "Years of Innovation"'),
  icon,
});
export type Statistic = z.infer<typeof statisticSchema>;
