/** The Contact page and its thank-you page (src/content/pages/contact.md). */
import { z } from 'astro/zod';
import { text } from '../common';
import { seo } from '../seo';
import { intro } from './parts';

export const contactPageSchema = z.strictObject({
  page: z.literal('contact').describe('Which page this file describes: Contact.'),
  ...seo(),
  hero: z.strictObject(intro).describe('Top of the page.'),
  details: z
    .strictObject({
      heading: text('Heading of the contact list'),
      intro: text('Paragraph'),
      emailLabel: text('Label of the e-mail entry'),
      phoneLabel: text('Label of the phone entry'),
    })
    .describe('The list of ways to reach the company.'),
  form: z
    .strictObject({
      heading: text('Form heading, "Send us a Message"'),
      intro: text('Paragraph above the form'),
    })
    .describe("Heading of the form section (the form's own words are in src/content/contact-form.json)."),
  thanks: z
    .strictObject({
      ...seo('Browser tab title of the thank-you page'),
      ...intro,
      homeLabel: text('Button to the home page, e.g. "Return to Home"'),
      productsLabel: text('Button to the products overview, e.g. "Browse products"'),
    })
    .describe('The thank-you page shown after sending the form without JavaScript.'),
});
