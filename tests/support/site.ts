/**
 * What every kind of test reads: the pages of the production build (dist/), the content under
 * src/content, and a throwaway copy of the project. No browser here: vitest and Playwright share it.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative } from 'node:path';
import { contactHref } from '../../src/contact/contact-link';
import { markdownBody, parseFrontmatter } from '../../src/text/frontmatter.mjs';

/** The production build's folder. */
export const dist = join(process.cwd(), 'dist');
/** The HTML file of every page of the production build (the content editor under /admin is not a page of the site). */
export function builtFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== '_astro' && entry.name !== 'admin') walk(path);
      } else if (entry.name.endsWith('.html')) {
        files.push(path);
      }
    }
  };
  walk(dist);
  return files.sort();
}

/** The path a visitor types for a built file ("/", "/about", "/404"). */
export const routeOf = (file: string) =>
  '/' +
  relative(dist, file)
    .replace(/\.html$/, '')
    .replace(/(^|\/)index$/, '');

/** Every page of the production build, as the path a visitor types ("/", "/about", "/404"). */
export function builtPages(): string[] {
  return builtFiles().map(routeOf).sort();
}

/**
 * A throwaway copy of the project in a temporary folder (named `prefix`...): its tracked (and new,
 * not ignored) files, and a node_modules folder of links to this one's packages, so the copy's
 * build caches stay its own. For tests that change content and build or serve the copy.
 */
export function copyProject(prefix: string): string {
  const project = process.cwd();
  const target = mkdtempSync(join(tmpdir(), prefix));
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: project,
    encoding: 'utf8',
  });
  if (listed.status !== 0) throw new Error(`git ls-files: ${listed.stderr}`);
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    if (!existsSync(join(project, file))) continue; // deleted in the working copy
    mkdirSync(dirname(join(target, file)), { recursive: true });
    copyFileSync(join(project, file), join(target, file));
  }
  // Each package linked, not node_modules itself: Vite's and Astro's caches in node_modules/.vite
  // and node_modules/.astro then belong to the copy.
  mkdirSync(join(target, 'node_modules'));
  for (const name of readdirSync(join(project, 'node_modules'))) {
    if (name === '.vite' || name === '.astro' || name === '.cache') continue;
    symlinkSync(join(project, 'node_modules', name), join(target, 'node_modules', name));
  }
  return target;
}

/** A TCP port no server listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, 'localhost', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

// ---------------------------------------------------------------------------------------------
// The content, read from src/content with the project's one frontmatter parser. Tests take their
// expectations from here, so an editor's change of words, figures or numbers of entries changes
// what they expect; the launch facts of the specification are checked in tests/launch only.

const content = join(process.cwd(), 'src/content');

/* Content data is checked by its schemas at build time; tests read it as plain data. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any shape an editor's file may have
export type Data = Record<string, any>;

/** The frontmatter of a Markdown file, or the data of a JSON file, under src/content. */
export function readContent(path: string): Data {
  const text = readFileSync(join(content, path), 'utf8');
  return (path.endsWith('.json') ? JSON.parse(text) : parseFrontmatter(text)) as Data;
}

/** The Markdown body of a file under src/content. */
export const readBody = (path: string) => markdownBody(readFileSync(join(content, path), 'utf8'));

const markdownIn = (folder: string) =>
  readdirSync(join(content, folder))
    .filter((name) => name.endsWith('.md'))
    .sort();

/** The site's order: `order`, then the entry's id (its file name), as src/model/navigation.ts sorts. */
const byOrder = <T extends { order: number; id: string }>(entries: T[]) =>
  entries.sort((a, b) => a.order - b.order || a.id.localeCompare(b.id));

export interface Offering {
  /** The entry's id and the last part of its page address. */
  slug: string;
  title: string;
  order: number;
  data: Data;
  /** The entry's file, under src/content. */
  file: string;
}

/** The technologies or product categories, in the order the site shows them. */
export function offerings(folder: 'technologies' | 'categories'): Offering[] {
  return byOrder(
    markdownIn(folder).map((name) => {
      const data = readContent(`${folder}/${name}`);
      // The collection addresses an entry by its `slug` field (src/content.config.ts).
      const slug = typeof data.slug === 'string' ? data.slug : basename(name, '.md');
      return { id: slug, slug, title: String(data.title), order: Number(data.order), data, file: `${folder}/${name}` };
    }),
  ).map(({ slug, title, order, data, file }) => ({ slug, title, order, data, file }));
}

export interface Product {
  id: string;
  /** What the product's card is headed with: its `name`, or its `title`. */
  title: string;
  kind: string;
  order: number;
  data: Data;
}

/** The catalogue items of a category (the files of its folder under products/), in order; `id` is the slug of the item's address. */
export function productsOf(category: string): Product[] {
  return byOrder(
    markdownIn(`products/${category}`).map((name) => {
      const data = readContent(`products/${category}/${name}`);
      return {
        // The address is the item's slug field, whatever its file is called.
        id: typeof data.slug === 'string' ? data.slug : basename(name, '.md'),
        title: String(data.name ?? data.title),
        kind: String(data.kind),
        order: Number(data.order),
        data,
      };
    }),
  );
}

/** Each category's item groups as its file names them, and the kind of each of its items. */
export function categoryGroups(): {
  slug: string;
  title: string;
  groups: { id: string; kind: string; heading: string }[];
  kinds: string[];
}[] {
  return offerings('categories').map(({ slug, title, data }) => ({
    slug,
    title,
    groups: data.itemGroups ?? [],
    kinds: productsOf(slug).map((item) => item.kind),
  }));
}

/** The company identity file (name, e-mails, phones, offices, years). */
export const identity = readContent('company/identity.json') as {
  name: string;
  shortName: string;
  emails: { general: string; careers: string };
  phones: { label: string; display: string; tel: string }[];
  offices: { id: string; role: string; city: string; country: string; countryCode: string }[];
  foundedYear: number;
  footerYear: number;
};

/** The certifications, in order. */
export const certifications = (): { name: string; description: string }[] =>
  (
    readContent('certifications/certifications.json') as unknown as {
      id: string;
      name: string;
      description: string;
      order: number;
    }[]
  ).sort((a, b) => a.order - b.order || a.id.localeCompare(b.id));

/** The fields of a company page (src/content/pages), found by its `page` field. */
export function companyPage(
  page: 'home' | 'about' | 'careers' | 'contact' | 'technologies' | 'products' | 'portfolio',
): Data {
  for (const name of markdownIn('pages')) {
    const data = readContent(`pages/${name}`);
    if (data.page === page) return data;
  }
  throw new Error(`src/content/pages: no file with "page: ${page}"`);
}

/** The "## " section headings of a legal text, in order. */
export const legalSections = (name: 'privacy-policy' | 'terms-of-service') =>
  readBody(`legal/${name}.md`)
    .split('\n')
    .filter((line) => /^## /.test(line))
    .map((line) => line.slice(3).trim());

/**
 * One built page of each template, and every variant of a template whose pages differ in what
 * they hold: each category page (its items' kinds make its cards), and one item page of each
 * kind. The pages of a shared template with no variants (the technologies, a category's
 * not-found page, a category's further list pages) are represented by their first page.
 * Derived from the build and the content, so a new page, category or kind is checked unasked.
 */
export function templatePages(): string[] {
  const technologies = new Set(offerings('technologies').map(({ slug }) => `/${slug}`));
  const categories = offerings('categories').map(({ slug }) => slug);
  const kindOf = new Map<string, string>(
    categories.flatMap((category) =>
      productsOf(category).map((item): [string, string] => [`/products/${category}/${item.id}`, item.kind]),
    ),
  );
  const templateOf = (path: string): string => {
    if (technologies.has(path)) return 'technology';
    const [, products, category, rest, ...more] = path.split('/');
    if (products === 'products' && category && categories.includes(category)) {
      if (rest === undefined) return path; // every category page is a variant
      if (kindOf.has(path)) return `item:${kindOf.get(path)}`;
      if (rest === 'page' && more.length > 0) return 'category list page';
      if (rest === '404') return 'category not-found page';
    }
    return path;
  };
  const chosen = new Map<string, string>();
  for (const path of builtPages()) if (!chosen.has(templateOf(path))) chosen.set(templateOf(path), path);
  return [...chosen.values()];
}

/** For a string that goes into a RegExp: editors' titles may hold "&", "(", "+" and the like. */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export interface Action {
  label: string;
  href?: string;
  topic?: string;
  context?: string;
}

/** A content button's accessible name: its label, and its words for screen readers. */
export const actionName = (action: Action) => (action.context ? `${action.label} ${action.context}` : action.label);

/** Where a content button leads: its page, or the contact form about its topic and the page's subject. */
export const actionHref = (action: Action, about?: string) => action.href ?? contactHref(action.topic!, about);

// ---------------------------------------------------------------------------------------------
// Words of the interface, from the files that hold them: the page frame (site/labels.json), the
// contact form (contact-form.json) and the page for an unknown address (pages/not-found.md).

const frameLabels = readContent('site/labels.json');
const formWords = readContent('contact-form.json');
const notFoundPage = readContent('pages/not-found.md');
const searchPage = readContent('pages/search.md');
const offlinePage = readContent('pages/offline.md');

export const ui = {
  skipLink: frameLabels.skipLink as string,
  /** The home page's rotating statistic. */
  keyFigures: frameLabels.regions.keyFigures as string,
  /** The small-screen menu's button. */
  menu: frameLabels.topBar.menu as string,
  /** The search field's label, in the top bar and on /search. */
  searchLabel: searchPage.field.label as string,
  /** The headings of /search's results and filters. */
  searchResultsHeading: searchPage.results.heading as string,
  searchFiltersHeading: searchPage.results.filtersHeading as string,
  /** What the results say of their number ("12 results"). */
  searchCount: (count: number) =>
    ((count === 1 ? searchPage.results.countOne : searchPage.results.count) as string).replace(
      '{count}',
      String(count),
    ),
  /** What the search says while its answer is on the way, when nothing matches, and offline. */
  searchLoading: searchPage.results.loading as string,
  searchNone: searchPage.results.none as string,
  searchNoneInBar: searchPage.results.noneInBar as string,
  searchOffline: searchPage.results.offline as string,
  searchOfflinePages: searchPage.results.offlinePages as string,
  /** The link under the open filters on a phone, down to the results. */
  searchShowResults: searchPage.results.showResults as string,
  /** The links to the pages of results: their group's name and the link to the next page. */
  searchPagesLabel: searchPage.results.pagesLabel as string,
  searchNextPage: searchPage.results.nextPage as string,
  /** The names of /search's groups of filters, by their key in the address. */
  searchFilterGroups: searchPage.results.filters as Record<'category' | 'industry' | 'method' | 'substrate', string>,
  /** The offline page: its heading, the heading of its list of kept pages, and that list's words. */
  offline: {
    heading: offlinePage.heading as string,
    listHeading: offlinePage.listHeading as string,
    listEmpty: offlinePage.listEmpty as string,
    saved: offlinePage.saved as string,
  },
  /** The button that sends the chosen filters without JavaScript. */
  searchApplyFilters: searchPage.results.applyFilters as string,
  /** The top bar's link to the A-Z list when nothing matches. */
  searchAtoZ: searchPage.results.atoZ as string,
  /** Under industries or methods an item takes from its category ({category} filled in). */
  inheritedFact: frameLabels.catalogue.inheritedFact as string,
  /** The heading of the list of its items a category page opens with ({category} filled in). */
  itemIndex: frameLabels.catalogue.itemIndex as string,
  notFound: {
    heading: notFoundPage.heading as string,
    home: notFoundPage.homeLabel as string,
    /** The page for a missing item of a category; {category} is filled in with its title. */
    missingItem: notFoundPage.missingItem as { lead: string; intro: string; categoryLink: string },
    missingCategory: notFoundPage.missingCategory as { lead: string; intro: string; categoriesHeading: string },
  },
  /** A template's {placeholders} filled in, as the site fills them (src/model/labels.ts). */
  fill: (template: string, values: Record<string, string | number>) =>
    template.replace(/\{(\w+)\}/g, (whole, key: string) => String(values[key] ?? whole)),
  /** The labels of the visible fields, in the order of the form. */
  formLabels: {
    firstName: formWords.labels.firstName as string,
    lastName: formWords.labels.lastName as string,
    email: formWords.labels.email as string,
    company: formWords.labels.company as string,
    message: formWords.labels.message as string,
  },
  topicLabel: formWords.labels.topic as string,
  /** The heading of the box above the form when the server refused a form posted without JavaScript. */
  refusedHeading: formWords.correction.title as string,
  lastUpdated: `${frameLabels.legal.lastUpdated}:`,
  /** Lite mode's footer control and the button in place of a product picture. */
  liteMode: frameLabels.liteMode.control as string,
  showPicture: frameLabels.liteMode.showPicture as string,
  /** The line at the top of the page while lite mode is on, and its button that turns it off. */
  liteModeOn: frameLabels.liteMode.on as string,
  liteModeOff: frameLabels.liteMode.turnOff as string,
  /** The names of the sub-navigation bars and their small-screen toggle. */
  subnav: {
    technologies: frameLabels.subNav.technologies.label as string,
    categories: frameLabels.subNav.categories.label as string,
    toggle: frameLabels.subNav.toggle as string,
    productsTitle: frameLabels.subNav.categories.title as string,
  },
};
