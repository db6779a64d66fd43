/**
 * The content pages as built: the catalogue, the technologies, the company pages, the home page,
 * the frame around every page and the not-found pages each show what their files say, in order,
 * with every button leading where the content says. Read from dist/ (and, where the server picks
 * the page, from its answer); what needs a browser (layout, visibility, motion, scripts, clicks)
 * stays in tests/e2e. Expectations come from the content.
 */
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { categoryPath, routes } from '../../src/model/routes';
import { all, attribute, isHidden, named, oneLine, parseHtml, readPage, shownText, text, type Document } from '../support/html';
import {
  actionName,
  categoryGroups,
  certifications,
  companyPage,
  dist,
  escapeRegExp,
  identity,
  legalSections,
  offerings,
  productsOf,
  readBody,
  readContent,
  ui,
  type Action,
} from '../support/site';
import { expectActions, expectSections, the } from './page-content';

const site = inject('site');
const labels = readContent('site/labels.json');
const technologies = offerings('technologies');
const categories = offerings('categories');

/** The built page a visitor reaches at `path` ("/", "/about"). */
const built = (path: string): Document => readPage(join(dist, path === '/' ? 'index.html' : `${path.slice(1)}.html`));

/** Texts of the elements, each as the page shows it, leaving out what the markup hides. */
const texts = (elements: ReturnType<typeof all>) => elements.filter((e) => !isHidden(e)).map(shownText);

/** The hrefs of the links in the page's main part that lead within the site, each once. */
const sameSiteLinks = (document: Document) => [
  ...new Set(all('main a[href^="/"]', document).map((link) => attribute(link, 'href')!)),
];

/** Whether the server answers `href` with 200 (after any redirect, as a browser follows it). */
const answers = async (href: string) => (await fetch(new URL(href, site))).status;

describe('catalogue', () => {
  it('/products has a card for every category file, in order, with its link, and its buttons', () => {
    const document = built(routes.products);
    const cards = all('main article', document);
    expect(cards).toHaveLength(categories.length);
    for (const [i, { slug, title }] of categories.entries()) {
      expect(texts(all('h1, h2, h3, h4, h5, h6', cards[i]!))).toEqual([title]);
      expect(all(`a[href="/products/${slug}"]`, cards[i]!)).toHaveLength(1);
    }
    expectActions(document, the('main', document), companyPage('products').closing.actions);
  });

  for (const { slug, title, data } of categories) {
    const items = productsOf(slug);
    it(`${title}: a card for each of its ${items.length} product files, its sections, buttons and navigation`, () => {
      const document = built(categoryPath(slug));
      expect(texts(all('h1', document))).toEqual([oneLine(data.hero.heading)]);
      const cards = all('main #products article', document);
      expect(cards).toHaveLength(items.length);
      // Each card is headed by its file's name or title; without groups, in the files' order.
      const shown = cards.flatMap((card) => all('h3, h4', card)).map((heading) => text(heading).trim());
      if ((data.itemGroups ?? []).length === 0) expect(shown).toEqual(items.map((item) => item.title));
      else expect([...shown].sort()).toEqual(items.map((item) => item.title).sort());
      expect(all('main article', document)).toHaveLength(items.length);

      const main = the('main', document);
      expectActions(document, main, data.hero.actions ?? [], slug);
      expectSections(document, data.sections ?? [], slug);
      const closing = the('#get-in-touch', document);
      expect(texts(all('h2', closing))).toEqual([oneLine(data.supportHeading)]);
      expectActions(document, closing, data.supportActions ?? [], slug);

      const [nav] = named('nav', ui.subnav.categories, document, document);
      expect(nav).toBeDefined();
      const [overview] = named('a[href]', ui.subnav.productsTitle, nav!, document);
      expect(attribute(overview, 'href')).toBe(routes.products);
    });

    it(`${title}: every link in the page answers 200`, async () => {
      for (const href of sameSiteLinks(built(categoryPath(slug)))) expect(await answers(href), href).toBe(200);
    });
  }

  for (const { slug, title, groups, kinds } of categoryGroups().filter((c) => c.groups.length > 0)) {
    it(`${title}: each kind of item under its own heading, with its count`, () => {
      const products = the('#products', built(categoryPath(slug)));
      for (const group of groups) {
        const section = the(`section#${group.id}`, products);
        const expected = kinds.filter((kind) => kind === group.kind).length;
        expect(texts(all('h3', section))).toEqual([`${oneLine(group.heading)} (${expected})`]);
        const articles = all('article', section);
        expect(articles).toHaveLength(expected);
        // Item names are h4 under the group's h3, so headings stay in order.
        for (const article of articles) expect(all('h4', article)).toHaveLength(1);
      }
      // Every item of the category is in some group.
      expect(all('article', products)).toHaveLength(kinds.length);
    });
  }
});

describe('technologies', () => {
  const overview = companyPage('technologies');

  it('the overview has a card for every technology file, with its features and link, and its buttons', () => {
    const document = built(routes.technologies);
    expect(texts(all('h1', document))).toEqual([oneLine(overview.hero.heading)]);
    const cards = all('main article', document);
    expect(cards).toHaveLength(technologies.length);
    for (const [i, { slug, title, data }] of technologies.entries()) {
      const card = cards[i]!;
      expect(texts(all('h1, h2, h3, h4, h5, h6', card))).toEqual([title]);
      const links = all('a[href]', card).filter((link) =>
        new RegExp(`^${escapeRegExp(overview.cardLinkLabel)}`).test(shownText(link)),
      );
      expect(links.map((link) => attribute(link, 'href'))).toEqual([`/${slug}`]);
      expect(all('img', card).map((img) => attribute(img, 'alt'))).toEqual([data.imageAlt]);
      expect(texts(all('ul li', card))).toEqual(data.features.map(oneLine));
    }
    expectActions(document, the('main', document), overview.hero.actions ?? []);
    expectActions(document, the('#closing', document), overview.closing.actions);
  });

  for (const { slug, title, data, file } of technologies) {
    it(`${title}: its file's heading, buttons, sections and long description`, () => {
      const document = built(`/${slug}`);
      expect(texts(all('h1', document))).toEqual([oneLine(data.hero.heading)]);
      expectActions(document, the('main', document), data.hero.actions ?? [], slug);
      expectSections(document, data.sections ?? [], slug);
      // The long description, the Markdown under the fields, is in the page as written.
      const firstParagraph = readBody(file)
        .trim()
        .split(/\n\s*\n/)[0]!
        .replace(/\s+/g, ' ');
      if (firstParagraph)
        expect(shownText(the('main', document))).toContain(firstParagraph.replace(/[*_`]/g, '').slice(0, 60).trim());
    });

    it(`${title}: every button and link in the page leads to a page that answers 200`, async () => {
      const hrefs = sameSiteLinks(built(`/${slug}`));
      expect(hrefs.length).toBeGreaterThan(0);
      expect(hrefs).not.toContain('#');
      for (const href of hrefs) expect(await answers(href), href).toBe(200);
    });
  }
});

describe('company pages', () => {
  it('About: story, mission and vision, values, offices, expertise, certifications, calls to action from its file', () => {
    const about = companyPage('about');
    const document = built(routes.about);
    const main = the('main', document);
    expect(texts(all('h1', document))).toEqual([oneLine(about.hero.heading)]);
    const milestones = about.story.timeline as { year: number | string; title: string }[];
    expect(all('#story ol > li p:first-child', document).map(text)).toEqual(milestones.map((m) => String(m.year)));
    expect(texts(all('#story ol > li h3', document))).toEqual(milestones.map((m) => oneLine(m.title)));
    for (const card of [about.mission, about.vision]) {
      expect(texts(all('h2', main)), card.title).toContain(oneLine(card.title));
      expect(shownText(main)).toContain(oneLine(card.text));
    }
    expect(texts(all('#values h3', document))).toEqual(
      about.values.items.map((v: { title: string }) => oneLine(v.title)),
    );
    const offices = all('#global-presence li', document);
    expect(offices).toHaveLength(identity.offices.length);
    for (const [i, office] of identity.offices.entries()) expect(shownText(offices[i]!)).toContain(office.city);
    const tiles = all('#expertise li', document);
    expect(tiles).toHaveLength(about.expertise.items.length);
    for (const [i, tile] of about.expertise.items.entries()) {
      const [value, label] = all('p', tiles[i]!).map(shownText);
      expect(value).toBe(oneLine(tile.value));
      expect(label).toBe(oneLine(tile.label));
    }
    expect(all('#certifications li', document)).toHaveLength(certifications().length);
    const closing = the('#closing', document);
    expectActions(document, closing, about.closing.actions);
    // A short label gets words for screen readers, so the link makes sense on its own.
    for (const action of about.closing.actions.filter((a: Action) => a.context)) {
      const [link] = named('a[href]', actionName(action), closing, document);
      expect(link && shownText(link)).toBe(actionName(action));
      expect(link && texts(all('.sr-only', link))).toEqual([oneLine(action.context)]);
    }
  });

  it('Careers: its benefits, culture pictures, a mailto link with its preset subject and no form', () => {
    const careers = companyPage('careers');
    const document = built(routes.careers);
    expect(all('#benefits li', document)).toHaveLength(careers.benefits.items.length);
    expect(texts(all('#benefits h3', document))).toEqual(
      careers.benefits.items.map((b: { title: string }) => oneLine(b.title)),
    );
    const pictures = all('#culture img', document);
    expect(pictures.map((img) => attribute(img, 'alt'))).toEqual(
      careers.culture.images.map((picture: { alt: string }) => picture.alt),
    );
    const mailto = the('#apply a[href^="mailto:"]', document);
    const href = attribute(mailto, 'href')!;
    const url = new URL(href);
    expect(url.pathname).toBe(identity.emails.careers);
    expect(url.searchParams.get('subject')).toBe(careers.apply.subject);
    expect(href).toContain(`subject=${encodeURIComponent(careers.apply.subject)}`);
    expect(href).not.toContain(' ');
    expect(shownText(mailto)).toBe(oneLine(careers.apply.buttonLabel));
    expect(all('main form', document)).toHaveLength(0);
    expect(texts(all('#apply ol li', document))).toEqual(careers.apply.steps.map(oneLine));
  });

  for (const name of ['privacy-policy', 'terms-of-service'] as const) {
    it(`/${name}: the sections of its text, and "Last updated" with a date in long form before any script runs`, () => {
      const document = built(`/${name}`);
      expect(all('main h2', document).map(text)).toEqual(legalSections(name));
      // The element that says it, the innermost one whose text starts with the words.
      const saying = all('main *', document).filter((element) => shownText(element).startsWith(ui.lastUpdated));
      const innermost = saying.filter((element) => !saying.some((other) => other !== element && other.parent === element));
      expect(innermost.map(shownText)).toEqual([
        expect.stringMatching(new RegExp(`^${escapeRegExp(ui.lastUpdated)} [A-Z][a-z]+ \\d{1,2}, \\d{4}$`)),
      ]);
    });
  }

  it('Portfolio: a card for every category file, with its link, and its buttons', () => {
    const portfolio = companyPage('portfolio');
    const document = built(routes.portfolio);
    const cards = all('main article', document);
    expect(cards).toHaveLength(categories.length);
    for (const [i, { slug, title }] of categories.entries()) {
      const card = cards[i]!;
      expect(texts(all('h1, h2, h3, h4, h5, h6', card))).toEqual([title]);
      const links = all('a[href]', card).filter((link) =>
        new RegExp(`^${escapeRegExp(portfolio.cardLinkLabel)}`).test(shownText(link)),
      );
      expect(links.map((link) => attribute(link, 'href'))).toEqual([categoryPath(slug)]);
    }
    expectActions(document, the('main', document), portfolio.closing.actions);
  });

  it('every /portfolio/{slug}, an older address, redirects permanently to its category page', async () => {
    for (const { slug } of categories) {
      const response = await fetch(new URL(`${routes.portfolio}/${slug}`, site), { redirect: 'manual' });
      expect(response.status, slug).toBe(301);
      expect(new URL(response.headers.get('location')!, site).pathname).toBe(categoryPath(slug));
    }
    const { slug } = categories[0]!;
    const followed = await fetch(new URL(`${routes.portfolio}/${slug}`, site));
    expect(followed.status).toBe(200);
    expect(new URL(followed.url).pathname).toBe(categoryPath(slug));
  });
});

describe('home page', () => {
  const home = companyPage('home');
  const document = built(routes.home);

  it('sections come in order with their anchors', () => {
    expect(all('main > section[id]', document).map((section) => attribute(section, 'id'))).toEqual([
      'home',
      'about',
      'technologies',
      'products',
      'certifications',
      'closing',
    ]);
    expect(shownText(the('#research', document))).toContain(oneLine(home.research.figure));
  });

  it('hero, about, cards and calls to action show the home file and lead where it says', () => {
    expect(texts(all('h1', document))).toEqual([oneLine(home.hero.heading)]);
    expectActions(document, the('#home', document), home.hero.actions);

    const about = the('#about', document);
    expect(texts(all('h2', about))).toEqual([oneLine(home.about.heading)]);
    expect(texts(all('li', about))).toEqual(home.about.checklist.map(oneLine));
    for (const paragraph of home.about.paragraphs) expect(shownText(about)).toContain(oneLine(paragraph));
    expectActions(document, about, [home.about.action]);

    const technologyCards = all('#technologies article', document);
    expect(technologyCards.map((card) => texts(all('h1, h2, h3, h4, h5, h6', card)).join())).toEqual(
      technologies.map((t) => t.title),
    );
    expect(all('#technologies article a', document).map((a) => attribute(a, 'href'))).toEqual(
      technologies.map(({ slug }) => `/${slug}`),
    );

    const shown = categories.filter((c) => c.data.showOnHome);
    expect(all('#products article', document).map((card) => texts(all('h1, h2, h3, h4, h5, h6', card)).join())).toEqual(
      shown.map((c) => c.title),
    );
    expect(all('#products article a', document).map((a) => attribute(a, 'href'))).toEqual(
      shown.map(({ slug }) => `/products/${slug}`),
    );
    for (const { slug } of categories.filter((c) => !c.data.showOnHome))
      expect(all(`#products a[href="/products/${slug}"]`, document)).toHaveLength(0);
    expectActions(document, the('#products', document), [home.products.action]);

    const cards = all('#certifications li', document);
    expect(cards).toHaveLength(certifications().length);
    for (const { name, description } of certifications()) {
      const card = cards.filter((li) => texts(all('h1, h2, h3, h4, h5, h6', li)).includes(name));
      expect(card, name).toHaveLength(1);
      expect(shownText(card[0]!)).toContain(oneLine(description));
      expect(all('img, svg[role="img"]', card[0]!), name).toHaveLength(1);
    }
    expectActions(document, the('#closing', document), [home.closing.action]);
  });
});

describe('the frame of every page', () => {
  const document = built(routes.home);
  const topBar = labels.topBar as Record<string, string>;
  const footerWords = labels.footer as Record<string, string>;

  it("the top bar's navigation links to the main pages", () => {
    const [nav] = named('nav', topBar.navigation!, document, document);
    expect(nav).toBeDefined();
    expect(attribute(named('a[href]', topBar.about!, nav!, document)[0], 'href')).toBe(routes.about);
    expect(attribute(named('a[href]', topBar.careers!, nav!, document)[0], 'href')).toBe(routes.careers);
    expect(attribute(named('a[href]', topBar.contact!, the('body > header', document), document)[0], 'href')).toBe(
      routes.contact,
    );
  });

  it("the footer lists resources, technologies, products, the identity file's contact strip and year, legal links", () => {
    const footer = the('body > footer', document);
    const headings = texts(all('h1, h2, h3, h4, h5, h6', footer));
    for (const heading of [footerWords.resources, footerWords.technologies, footerWords.products])
      expect(headings).toContain(heading);
    const links = (name: string) => all('a[href]', named('nav', name, footer, document)[0] ?? footer);
    expect(texts(links(`${footerWords.navigation}: ${footerWords.technologies}`))).toEqual(
      technologies.map((t) => t.title),
    );
    expect(texts(links(`${footerWords.navigation}: ${footerWords.products}`))).toEqual(categories.map((c) => c.title));
    const headquarters = identity.offices.find((office) => office.id === 'headquarters')!;
    expect(shownText(the('address', footer))).toContain(headquarters.city);
    const mail = all('a[href^="mailto:"]', footer);
    expect(texts(mail)).toEqual([identity.emails.general]);
    expect(attribute(mail[0], 'href')).toBe(`mailto:${identity.emails.general}`);
    expect(all('a[href^="tel:"]', footer).map((a) => attribute(a, 'href'))).toEqual([`tel:${identity.phones[0]!.tel}`]);
    expect(attribute(named('a[href]', footerWords.privacyPolicy!, footer, document)[0], 'href')).toBe(
      routes.privacyPolicy,
    );
    expect(attribute(named('a[href]', footerWords.termsOfService!, footer, document)[0], 'href')).toBe(
      routes.termsOfService,
    );
    expect(shownText(footer)).toContain(`© ${identity.footerYear} ${identity.name}`);
  });
});

describe('not-found pages', () => {
  /** The server's answer at `path`, and its page. */
  const answer = async (path: string) => {
    const response = await fetch(new URL(path, site));
    return { status: response.status, document: parseHtml(await response.text()) };
  };

  it('an unknown path answers 404 with the not-found page, which is not indexed', async () => {
    const { status, document } = await answer('/missing');
    expect(status).toBe(404);
    expect(texts(all('h1', document))).toEqual([oneLine(ui.notFound.heading)]);
    expect(attribute(named('a[href]', ui.notFound.home, document, document)[0], 'href')).toBe(routes.home);
    expect(all('meta[name="robots"]', document).map((meta) => attribute(meta, 'content'))).toEqual(['noindex']);
  });

  it("a missing item's 404 names its category and links to it, for every category", async () => {
    for (const category of categories) {
      const { status, document } = await answer(`${categoryPath(category.slug)}/no-such-product`);
      expect(status, category.slug).toBe(404);
      const main = the('main', document);
      expect(texts(all('h1', main))).toEqual([oneLine(ui.notFound.heading)]);
      expect(texts(all('[data-not-found-lead]', main))).toEqual([
        ui.fill(ui.notFound.missingItem.lead, { category: category.title }),
      ]);
      const name = ui.fill(ui.notFound.missingItem.categoryLink, { category: category.title });
      expect(attribute(named('a[href]', name, main, document)[0], 'href'), name).toBe(categoryPath(category.slug));
    }
  });

  it('a missing category gets every category', async () => {
    const { status, document } = await answer(`${routes.products}/no-such-category/or-item`);
    expect(status).toBe(404);
    const main = the('main', document);
    expect(texts(all('h1', main))).toEqual([oneLine(ui.notFound.heading)]);
    expect(texts(all('[data-not-found-lead]', main))).toEqual([ui.notFound.missingCategory.lead]);
    const [list] = named('nav', ui.notFound.missingCategory.categoriesHeading, main, document);
    expect(list).toBeDefined();
    const links = all('a[href]', list!).filter((link) => !isHidden(link));
    expect(links.map(shownText)).toEqual(categories.map((c) => c.title));
    expect(links.map((link) => attribute(link, 'href'))).toEqual(categories.map((c) => categoryPath(c.slug)));
  });
});
