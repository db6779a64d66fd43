/** The page shown, without a connection, for a page this device has not kept (src/content/pages/offline.md). */
import { z } from 'astro/zod';
import { text } from '../common';
import { seo } from '../seo';

export const offlinePageSchema = z.strictObject({
  page: z
    .literal('offline')
    .describe(
      'Which page this file describes: the page shown, without a connection, for a page this device has not kept.',
    ),
  ...seo('Browser tab title, e.g. "You are offline"'),
  heading: text('Page heading, e.g. "You are offline"'),
  intro: text('Paragraph under the heading: the page asked for was not kept on this device'),
  listHeading: text('Heading of the list of pages kept on this device, e.g. "Pages you can open offline"'),
  listEmpty: text(
    'Shown in place of the list when no page is kept (and on the page itself when it is opened with a connection), e.g. "The pages you open are listed here when you are offline."',
  ),
  saved: text('After each kept page: when it was saved; {time} is the date and time, e.g. "saved {time}"').refine(
    (words) => words.includes('{time}'),
    {
      error: 'saved must contain {time}, where the date and time go',
    },
  ),
  homeLabel: text('Button to the home page, e.g. "Return to Home"'),
});
