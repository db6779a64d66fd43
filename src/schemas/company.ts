/**
 * Company pages (Home, About, Careers), statistics, certifications and legal texts. Each page is
 * one Markdown file in src/content/pages/ whose frontmatter holds the page's words; `page` says
 * which page it is and selects its schema.
 */
import { z } from 'astro/zod';
import type { SchemaContext } from 'astro:content';
import { action, contentImage, icon, text, textList } from './common';
import { seo } from './seo';

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

const closingWithButtons = z
  .strictObject({ heading: text('Heading'), intro: text('Paragraph'), actions: z.array(action).min(1).describe('The buttons.') })
  .describe('Closing call to action.');

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
            paragraphs: textList('Paragraphs'),
            checklist: textList('Checklist items'),
            action,
            image: contentImage(image, 'Picture beside the text'),
            imageAlt: text('What the picture shows'),
          })
          .describe('The about-us section.'),
        research: z
          .strictObject({ ...intro, figure: text('The headline figure, e.g. "20%+"'), figureLabel: text('What the figure measures') })
          .describe('The research-investment part of the about section (anchor #research).'),
        technologies: z
          .strictObject({ ...intro, cardLinkLabel: text('Link text on each technology card, e.g. "Learn More"') })
          .describe('Heading of the technology cards, and the link text on each card.'),
        products: z
          .strictObject({ ...intro, cardLinkLabel: text('Link text on each category card, e.g. "Explore"'), action })
          .describe('Heading of the product category cards, and the button under them.'),
        certifications: z.strictObject(intro).describe('Heading of the certification badges.'),
        closing: z.strictObject({ heading: text('Heading'), intro: text('Paragraph'), action }).describe('Closing call to action.'),
      }),
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
        mission: z.strictObject({ title: text('Card title'), text: text('Mission statement'), icon }).describe('The mission card.'),
        vision: z.strictObject({ title: text('Card title'), text: text('Vision statement'), icon }).describe('The vision card.'),
        values: z.strictObject({ ...intro, items: z.array(tile).min(1).describe('One tile per value.') }).describe('The company values.'),
        presence: z.strictObject(intro).describe('Heading of the offices section (the addresses come from the company identity).'),
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
      }),
      z.strictObject({
        page: z.literal('careers').describe('Which page this file describes: Careers.'),
        ...seo(),
        hero: z.strictObject(intro).describe('Top of the page.'),
        benefits: z.strictObject({ ...intro, items: z.array(tile).min(1).describe('One tile per benefit.') }).describe('What working here offers.'),
        culture: z
          .strictObject({
            ...intro,
            paragraphs: textList('Paragraphs'),
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
      }),
      z.strictObject({
        page: z.enum(['technologies', 'products', 'portfolio']).describe('Which overview page this file describes: technologies, products or portfolio.'),
        ...seo(),
        hero: z.strictObject({ ...intro, actions: z.array(action).default([]).describe('Buttons under the introduction.') }).describe('Top of the page.'),
        cardLinkLabel: text('Link text on every card, e.g. "Learn More" or "Explore Category"'),
        closing: closingWithButtons,
      }),
      z.strictObject({
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
            heading: text('Heading when an address names a product its category does not have; {category} is the category, e.g. "This product is not in {category}"'),
            intro: text('Paragraph under it; {category} is the category'),
            categoryLink: text('Link to the category; {category} is the category, e.g. "See every product in {category}"'),
          })
          .describe('The page for an address under a product category that names no product of it.'),
        missingCategory: z
          .strictObject({
            title: text('Browser tab title, e.g. "Product category not found"'),
            description: text('Description of the page (it is not indexed)'),
            heading: text('Heading when an address names no product category, e.g. "This product category does not exist"'),
            intro: text('Paragraph under it'),
            categoriesHeading: text('Heading of the list of every product category, e.g. "Our product categories"'),
          })
          .describe('The page for an address under /products that names no product category.'),
      }),
      z.strictObject({
        page: z.literal('offline').describe('Which page this file describes: the page shown, without a connection, for a page this device has not kept.'),
        ...seo('Browser tab title, e.g. "You are offline"'),
        heading: text('Page heading, e.g. "You are offline"'),
        intro: text('Paragraph under the heading: the page asked for was not kept on this device'),
        listHeading: text('Heading of the list of pages kept on this device, e.g. "Pages you can open offline"'),
        listEmpty: text('Shown in place of the list when no page is kept (and on the page itself when it is opened with a connection), e.g. "The pages you open are listed here when you are offline."'),
        saved: text('After each kept page: when it was saved; {time} is the date and time, e.g. "saved {time}"').refine((words) => words.includes('{time}'), {
          error: 'saved must contain {time}, where the date and time go',
        }),
        homeLabel: text('Button to the home page, e.g. "Return to Home"'),
      }),
      z.strictObject({
        page: z.literal('contact').describe('Which page this file describes: Contact.'),
        ...seo(),
        hero: z.strictObject(intro).describe('Top of the page.'),
        details: z.strictObject({
          heading: text('Heading of the contact list'),
          intro: text('Paragraph'),
          emailLabel: text('Label of the e-mail entry'),
          phoneLabel: text('Label of the phone entry'),
        }).describe('The list of ways to reach the company.'),
        form: z.strictObject({
          heading: text('Form heading, "Send us a Message"'),
          intro: text('Paragraph above the form'),
        }).describe('Heading of the form section (the form\'s own words are in src/content/contact-form.json).'),
        thanks: z.strictObject({
          ...seo('Browser tab title of the thank-you page'),
          ...intro,
          homeLabel: text('Button to the home page, e.g. "Return to Home"'),
          productsLabel: text('Button to the products overview, e.g. "Browse products"'),
        }).describe('The thank-you page shown after sending the form without JavaScript.'),
      }),
      z.strictObject({
        page: z.literal('search').describe('Which page this file describes: Search (/search), with the list of every product A-Z.'),
        ...seo(),
        hero: z.strictObject(intro).describe('Top of the page: says that the page searches the catalogue and, without JavaScript, lists every product A-Z.'),
        field: z
          .strictObject({
            label: text('Label of the search field, in the top bar and on /search, e.g. "Search products"'),
            placeholder: text('Hint inside the empty field, e.g. "Name or code"'),
            button: text('Label of the button that sends the search without JavaScript, e.g. "Search"'),
          })
          .describe('The search field.'),
        results: z
          .strictObject({
            heading: text('Heading over the results, e.g. "Results"'),
            filtersHeading: text('Heading over the filters, e.g. "Filter results"'),
            loading: text('Shown while the search loads, e.g. "Searching..."'),
            none: text('Shown on /search when nothing matches, above the A-Z list, e.g. "No products match your search. Try another word, or browse the A-Z list below."'),
            noneInBar: text('Shown under the top-bar field when nothing matches (no A-Z list there), e.g. "No products match your search. Try another word."'),
            atoZ: text('Link from the top-bar field, when nothing matches, to the list of every product A-Z, e.g. "Browse every product A-Z"'),
            filtersInherited: text(
              'Under the filters: products that name no industry or application method of their own are filtered by their category\'s, ' +
                'e.g. "A product without industries or application methods of its own is found under its category\'s."',
            ),
            applyFilters: text('Button under the filters on /search without JavaScript, which sends the chosen ones, e.g. "Apply filters"'),
            filterNone: text('After the count of a filter value that would leave no result, e.g. "no match" (shown as "Pigments (0, no match)")'),
            seeAll: text('Link from the top-bar results to /search, e.g. "All results and filters"'),
            count: text('How many results there are; {count} is the number, e.g. "{count} results"').refine((words) => words.includes('{count}'), {
              error: 'count must contain {count}, where the number goes',
            }),
            countOne: text('The same for exactly one result, e.g. "{count} result"'),
            filters: z
              .strictObject({
                category: text('Heading of the category filters, e.g. "Category"'),
                industry: text('Heading of the industry filters, e.g. "Industry"'),
                method: text('Heading of the application method filters, e.g. "Application method"'),
              })
              .describe('The groups of filters on /search.'),
            technologyLabel: text('What a result that is a technology page is, shown where an item shows its category, e.g. "Technology"'),
            categoryLabel: text('What a result that is a product category page is, e.g. "Product category"'),
          })
          .describe('Words of the search results.'),
        list: z
          .strictObject({
            heading: text('Heading of the A-Z list of every product'),
            intro: text('Paragraph above the list'),
            nameColumn: text('Heading of the column of product names, e.g. "Product"'),
            categoryColumn: text('Heading of the column of categories, e.g. "Category"'),
            codeColumn: text('Heading of the column of product codes, e.g. "Code"'),
            parts: text('Over 250 products the list is split into parts A-Z: heading of the links to them, {parts} is their number, e.g. "The list in {parts} parts"'),
          })
          .describe('The list of every product A-Z, there with and without JavaScript.'),
      }),
    ],
    { error: 'page must be one of: home, about, careers, technologies, products, portfolio, contact, not-found, offline, search' },
  );

export const certificationSchema = ({ image }: SchemaContext) =>
  z.strictObject({
    id: z.string().describe('Identifier of the certification, lowercase with hyphens, e.g. "iso-9001".'),
    name: text('Certification name, e.g. "ISO 9001"'),
    description: text('What it certifies, e.g. "Quality Management System"'),
    logo: image().describe('Badge drawn for this site (SVG), never the certifier\'s trademark.'),
    order: z.number().int().describe('Position among the badges; lower numbers come first.'),
  });

export const legalSchema = z.strictObject({
  ...seo('Page heading and browser tab title, e.g. "Privacy Policy"'),
  intro: text('Opening paragraph'),
});
