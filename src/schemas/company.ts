/**
 * Company pages (Home, About, Careers, the overviews, Contact, Search, the not-found and offline
 * pages), statistics, certifications and legal texts. Each page is one Markdown file in
 * src/content/pages/ whose frontmatter holds the page's words; `page` says which page it is and
 * selects its schema, one per page kind in ./pages/.
 */
import { z } from 'astro/zod';
import type { SchemaContext } from 'astro:content';
import { text } from './common';
import { seo } from './seo';
import { homePageSchema } from './pages/home';
import { aboutPageSchema } from './pages/about';
import { careersPageSchema } from './pages/careers';
import { overviewPageSchema } from './pages/overview';
import { notFoundPageSchema } from './pages/not-found';
import { offlinePageSchema } from './pages/offline';
import { contactPageSchema } from './pages/contact';
import { searchPageSchema } from './pages/search';

export { statisticSchema, type Statistic } from './pages/parts';

export const pageSchema = ({ image }: SchemaContext) =>
  z.discriminatedUnion(
    'page',
    [
      homePageSchema({ image }),
      aboutPageSchema({ image }),
      careersPageSchema({ image }),
      overviewPageSchema,
      notFoundPageSchema,
      offlinePageSchema,
      contactPageSchema,
      searchPageSchema,
    ],
    {
      error:
        'page must be one of: home, about, careers, technologies, products, portfolio, contact, not-found, offline, search',
    },
  );

export const certificationSchema = ({ image }: SchemaContext) =>
  z.strictObject({
    id: z.string().describe('Identifier of the certification, lowercase with hyphens, e.g. "iso-9001".'),
    name: text('Certification name, e.g. "ISO 9001"'),
    description: text('What it certifies, e.g. "Quality Management System"'),
    logo: image().describe("Badge drawn for this site (SVG), never the certifier's trademark."),
    order: z.number().int().describe('Position among the badges; lower numbers come first.'),
  });

export const legalSchema = z.strictObject({
  ...seo('Page heading and browser tab title, e.g. "Privacy Policy"'),
  intro: text('Opening paragraph'),
});
