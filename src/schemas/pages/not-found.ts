/** The not-found pages: an unknown address, and the catalogue's missing item and category (src/content/pages/not-found.md). */
import { z } from 'astro/zod';
import { text } from '../common';
import { seo } from '../seo';

export const notFoundPageSchema = z.strictObject({
  page: z.literal('not-found').describe('Which page this file describes: the page shown for an unknown address.'),
  ...seo('Browser tab title, e.g. "Page not found"'),
  code: text('The large figure above the heading, e.g. "404"'),
  heading: text('Page heading, e.g. "Oops! Page not found"'),
  intro: text('Paragraph under the heading'),
  homeLabel: text('Button to the home page, e.g. "Return to Home"'),
  missingItem: z
    .strictObject({
      title: text('Browser tab title; {category} is the category, e.g. "Not found in {category}"'),
      description: text('Description of the page (it is not indexed); {category} is the category'),
      lead: text(
        'Line under the page heading when an address names a product its category does not have; {category} is the category, e.g. "This product is not in {category}"',
      ),
      intro: text('Paragraph under it; {category} is the category'),
      categoryLink: text('Link to the category; {category} is the category, e.g. "See every product in {category}"'),
    })
    .describe('The page for an address under a product category that names no product of it.'),
  missingCategory: z
    .strictObject({
      title: text('Browser tab title, e.g. "Product category not found"'),
      description: text('Description of the page (it is not indexed)'),
      lead: text(
        'Line under the page heading when an address names no product category, e.g. "This product category does not exist"',
      ),
      intro: text('Paragraph under it'),
      categoriesHeading: text('Heading of the list of every product category, e.g. "Our product categories"'),
    })
    .describe('The page for an address under /products that names no product category.'),
});
