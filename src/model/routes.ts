/**
 * Every address of the site that code names, written once: pages, navigation, the contact form
 * and its function, the local server, the scripts and the tests read them from here. Technology
 * and category pages are made from their slugs. Netlify reads a function's path from the
 * function's own `config.path`, which must stay a string literal for its parser; a unit test
 * (tests/unit/routes.test.ts) keeps each equal to its route here (`routes.contactEndpoint`,
 * `routes.cspReportEndpoint`).
 *
 * Plain TypeScript without imports, so the Node scripts (scripts/*.mjs) can import it as it is.
 */

export const routes = {
  home: '/',
  about: '/about',
  careers: '/careers',
  contact: '/contact',
  /**
   * Where the contact form lands a visitor without JavaScript once the message is accepted,
   * with `?reference=<message id>` (referenceQuery); rendered on demand to show it.
   */
  contactThanks: '/contact/thanks',
  /**
   * Where the service worker lands a visitor whose form, posted without the page's script, could
   * not reach the server: the browser keeps the message and sends it later.
   */
  contactKept: '/contact/kept',
  /**
   * The contact page rendered on demand (src/pages/contact/form.astro): pre-filled from
   * `?topic=&about=` (the build's rules rewrite /contact with a query here: src/contact/integration.ts), or with the reasons a
   * form posted without JavaScript was refused.
   */
  contactForm: '/contact/form',
  /** The contact form's only server call (netlify/functions/send-contact-email.ts). */
  contactEndpoint: '/api/send-contact-email',
  /**
   * Where browsers report violations of the Content Security Policy (netlify/functions/csp-report.ts):
   * the policy's `report-uri`, and the endpoint its `report-to` names in `Reporting-Endpoints`.
   */
  cspReportEndpoint: '/api/csp-report',
  /** Where a sampled page view sends its beacon of field data (netlify/functions/vitals.ts). */
  vitalsEndpoint: '/api/vitals',
  /** The field-data script a sampled page view loads once it is idle (src/vitals/, written by the build). */
  vitalsScript: '/vitals.js',
  /** The web app manifest (src/pages/site.webmanifest.ts), linked once a page has loaded. */
  manifest: '/site.webmanifest',
  technologies: '/technologies',
  products: '/products',
  portfolio: '/portfolio',
  /** Site search; without JavaScript, every catalogue item A-Z. */
  search: '/search',
  /**
   * /search with a query or filters, rendered on demand (src/pages/search/results.astro):
   * the build's rules rewrite `/search?q=…` (or a filter's key) here (src/search/integration.ts), so
   * the matching items show without JavaScript.
   */
  searchResults: '/search/results',
  /**
   * The search's answer as JSON, rendered on demand (src/pages/search/answer.json.ts), with the
   * query of /search (`?q=…&category=…`): what the search islands fetch, one request per query.
   */
  searchAnswer: '/search/answer.json',
  privacyPolicy: '/privacy-policy',
  termsOfService: '/terms-of-service',
  notFound: '/404',
  /** The not-found page for an address under /products that names no category (netlify's 404 rules). */
  productsNotFound: '/products/404',
} as const;

export type Route = (typeof routes)[keyof typeof routes];

/** The legal pages, by the id of their file in src/content/legal. */
export const legalRoutes = {
  'privacy-policy': routes.privacyPolicy,
  'terms-of-service': routes.termsOfService,
} as const;
export type LegalPageId = keyof typeof legalRoutes;

/** A technology's page: /<slug>, at the root of the site. */
export const technologyPath = (slug: string) => `/${slug}`;

/** A product category's page: /products/<slug>. */
export const categoryPath = (slug: string) => `${routes.products}/${slug}`;

/** A catalogue item's page: /products/<category>/<item>, the item's file name in its category's folder. */
export const itemPath = (category: string, item: string) => `${categoryPath(category)}/${item}`;

/** A catalogue item's card on its category's page: /products/<category>#<item>. */
export const itemCardPath = (category: string, item: string) => `${categoryPath(category)}#${item}`;

/** Where the site serves an item's document: /documents/<category>/<file name>. */
export const documentPath = (category: string, fileName: string) => `/documents/${category}/${fileName}`;

/** What the content names, from which the addresses of its pages are made. */
export interface SiteContent {
  technologies: readonly string[];
  categories: readonly string[];
  /** Each catalogue item's page, as `itemPath` makes it. */
  items: readonly string[];
  /** Each document's address, as `documentPath` makes it. */
  documents?: readonly string[];
}

/**
 * Every address of the site a text may link to: the fixed pages of `routes`, each technology's,
 * category's and item's page, and each document. The content check holds every link written in
 * a text to this set, so a link to a deleted or renamed entry is found before the build.
 */
export function siteAddresses({ technologies, categories, items, documents = [] }: SiteContent): Set<string> {
  return new Set<string>([
    ...Object.values(routes),
    ...technologies.map(technologyPath),
    ...categories.map(categoryPath),
    ...items,
    ...documents,
  ]);
}

/**
 * The page a link on the site leads to, as `siteAddresses` lists it: "/contact?topic=x#form" ->
 * "/contact", "/about/" -> "/about". Undefined for a link that leaves the site or is no path.
 */
export function linkedAddress(href: string): string | undefined {
  if (!/^\/(?![/\\])/.test(href)) return undefined;
  const path = href.replace(/[?#].*$/, '');
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** The query of the thank-you page that names the message's reference. */
export const referenceQuery = 'reference';

/** The id of the contact page's form section, where links that fill the form in land. */
export const contactFormAnchor = 'form';
/** The id of the box that lists a refused form's reasons, where the function hands the post over to. */
export const contactErrorsAnchor = 'contact-errors';
/**
 * The id of the contact page's note that a message is kept in this browser, shown only when the
 * address names it: where the service worker sends a form posted in lite mode that it kept, when
 * it has no copy of the kept page (lite mode fetches nothing ahead).
 */
export const contactKeptAnchor = 'kept';

/**
 * The contact form about a topic, and optionally about a technology or category, whose message
 * starts with the topic's sentence: /contact?topic=technical-data&about=microencapsulation.
 */
export function contactPath(topic: string, about?: string): string {
  const query = new URLSearchParams({ topic });
  if (about) query.set('about', about);
  // Straight to the form, which starts some 1,700 px down the page on a phone.
  return `${routes.contact}?${query.toString()}#${contactFormAnchor}`;
}

/**
 * /portfolio/<slug> is an older address of each category page. One rule in netlify.toml sends it
 * on (301); `netlify.toml` cannot import this module, so tests/unit/routes.test.ts checks the rule
 * against these values.
 */
export const portfolioRedirect = {
  from: `${routes.portfolio}/*`,
  to: `${routes.products}/:splat`,
  status: 301,
} as const;

/** A catalogue item's address now and the slugs it had before (its `formerSlugs`). */
export interface ItemAddresses {
  category: string;
  slug: string;
  formerSlugs?: readonly string[] | undefined;
}

/**
 * Netlify's permanent redirects from each former address of an item to its page: a changed slug
 * keeps the old address (docs/decisions/0062-a-changed-slug-keeps-its-old-address.md). They go
 * before the catalogue's not-found rules, which would otherwise answer the old address.
 */
export function formerSlugRedirects(items: readonly ItemAddresses[]): { from: string; to: string; status: 301 }[] {
  return items
    .flatMap(({ category, slug, formerSlugs = [] }) =>
      formerSlugs.map((former) => ({
        from: itemPath(category, former),
        to: itemPath(category, slug),
        status: 301 as const,
      })),
    )
    .sort((a, b) => a.from.localeCompare(b.from));
}

/** The not-found page of a category, for an address under it that names no item: /products/<slug>/404. */
export const categoryNotFoundPath = (slug: string) => `${categoryPath(slug)}/404`;

/**
 * A rewrite of an address with a query to a page rendered on demand, as Netlify reads it from
 * `_redirects`: `from` with each key of `query` present (its value named by the placeholder), to
 * `to`, status 200 and forced, so it answers before the static file at `from`. A `to` without a
 * query gets the request's whole query. The features write theirs into dist/_redirects
 * (src/search/integration.ts, src/contact/integration.ts).
 */
export interface QueryRewrite {
  from: string;
  query: Record<string, string>;
  to: string;
}

/** A rewrite as a line of `_redirects`: `/search q=:q /search/results 200!`. */
export const rewriteLine = ({ from, query, to }: QueryRewrite) =>
  [from, ...Object.entries(query).map(([key, value]) => `${key}=${value}`), to, '200!'].join(' ');

/**
 * Netlify's rules that answer a missing address under /products with the not-found page made for
 * it, status 404: under a category, that category's page (its name, a link to it, the search
 * field); elsewhere under /products, the page with the search field and every category. Made from
 * the categories by the build (`dist/_redirects`, src/not-found/integration.ts), so a new category
 * needs no edit. The rules are not forced: every page and file under /products answers first.
 * Netlify takes the first rule that matches, so each category's rule comes before the general one.
 */
export function notFoundRules(categorySlugs: readonly string[]): { from: string; to: string; status: 404 }[] {
  return [
    ...categorySlugs.map((slug) => ({
      from: `${categoryPath(slug)}/*`,
      to: categoryNotFoundPath(slug),
      status: 404 as const,
    })),
    { from: `${routes.products}/*`, to: routes.productsNotFound, status: 404 as const },
  ];
}
