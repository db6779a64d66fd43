import { expect, type Locator, type Page } from '@playwright/test';
import { contactHref } from '../../src/contact/contact-link';
import { readContent, type Data } from '../support/site';

export * from '../support/site';

/** The browser's reports of Content Security Policy violations on the page, as they come. */
export function watchViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

/**
 * The page's console errors and uncaught exceptions, as they come (a script the policy blocks, a
 * failed hydration, a script error would show here).
 */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Collects the URLs of every script the page requests. */
export function recordScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  return scripts;
}

/**
 * What the home page's statistic badge (src/components/home/StatisticBadge.astro) shows `ms` into
 * its rotation: its CSS animations are paused and moved to that moment (Web Animations API), then
 * the statistics standing inside the badge's window are read, as a reader sees them ("12+ Years of
 * Innovation"), with the position of the highlighted dot (-1 when it is on none).
 */
export function statisticShownAt(badge: Locator, ms: number): Promise<{ shown: string[]; dot: number }> {
  return badge.evaluate((element, at) => {
    for (const animation of element.getAnimations({ subtree: true })) {
      animation.pause();
      animation.currentTime = at;
    }
    const frame = element.querySelector('[data-statistic-window]')!.getBoundingClientRect();
    const shown = [...element.querySelectorAll<HTMLElement>('[data-statistic]')]
      .filter((statistic) => {
        const box = statistic.getBoundingClientRect();
        return box.top >= frame.top - 0.5 && box.bottom <= frame.bottom + 0.5;
      })
      .map((statistic) => statistic.innerText.replace(/\s+/g, ' ').trim());
    const current = element.querySelector('[data-statistic-current]')?.getBoundingClientRect().left;
    const dot = [...element.querySelectorAll('[data-statistic-dot]')].findIndex(
      (d) => current !== undefined && Math.abs(d.getBoundingClientRect().left - current) < 1,
    );
    return { shown, dot };
  }, ms);
}

/** The badge's animations that are running (none when it stands still). */
export const runningStatisticAnimations = (badge: Locator) =>
  badge.evaluate(
    (element) =>
      element.getAnimations({ subtree: true }).filter((animation) => animation.playState === 'running').length,
  );

/**
 * Whether a toggle is expanded, as assistive technology hears it: read from Chromium's
 * accessibility tree, read at once. A menu toggle names its panel with `popovertarget` and the
 * browser derives the state from the panel; it carries no `aria-expanded` attribute to read.
 */
export async function isExpanded(toggle: Locator): Promise<boolean | undefined> {
  const page = toggle.page();
  const cdp = await page.context().newCDPSession(page);
  try {
    await toggle.evaluate((element) => element.setAttribute('data-expanded-probe', ''));
    const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: '[data-expanded-probe]' });
    const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { nodeId, fetchRelatives: false });
    const expanded = nodes[0]?.properties?.find((property) => property.name === 'expanded');
    return expanded?.value.value as boolean | undefined;
  } finally {
    await toggle.evaluate((element) => element.removeAttribute('data-expanded-probe'));
    await cdp.detach();
  }
}

/** Waits until a toggle says it is expanded (or collapsed), as Playwright's assertions wait. */
export const expectExpanded = (toggle: Locator, expanded: boolean) =>
  expect.poll(() => isExpanded(toggle)).toBe(expanded);

export const wide = { width: 1280, height: 900 };
export const narrow = { width: 390, height: 844 };

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

/** Each of the content's buttons is a link in `scope`, named and leading as the content says. */
export async function expectActions(scope: Locator, actions: readonly Action[], about?: string) {
  for (const action of actions) {
    await expect(
      scope.getByRole('link', { name: actionName(action), exact: true }).first(),
      action.label,
    ).toHaveAttribute('href', actionHref(action, about));
  }
}

/**
 * The typed sections of a technology or category page (`sections` of its file), each under its
 * id with its heading, and with every card, figure, tag and button the file gives it.
 */
export async function expectSections(page: Page, sections: readonly Data[], about: string) {
  for (const section of sections) {
    const shown = page.locator(`main section#${section.id}`);
    await expect(shown, `section #${section.id}`).toHaveCount(1);
    if (section.heading) await expect(shown.getByRole('heading', { level: 2 }).first()).toHaveText(section.heading);
    if (section.type === 'cards') {
      const titles = shown.getByRole('heading', { level: 3 });
      await expect(titles).toHaveText(section.items.map((item: Data) => item.title));
      for (const item of section.items)
        if (item.value)
          await expect(
            shown
              .locator('li')
              .filter({ has: page.getByRole('heading', { name: item.title, exact: true }) })
              .first(),
          ).toContainText(item.value);
    } else if (section.type === 'metrics') {
      const figures = shown.locator('dl > div');
      await expect(figures).toHaveCount(section.items.length);
      for (const [i, item] of section.items.entries()) {
        await expect(figures.nth(i).locator('dt')).toHaveText(item.label);
        await expect(figures.nth(i).locator('dd').first()).toHaveText(item.value);
      }
    } else if (section.type === 'tags') {
      await expect(shown.locator('li')).toHaveText(section.items);
    } else if (section.type === 'cta') {
      await expectActions(shown, section.actions, about);
    }
  }
}

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
  /** The names of /search's groups of filters, by the key Pagefind stores them under. */
  searchLoading: searchPage.results.loading as string,
  searchFilterGroups: searchPage.results.filters as Record<'category' | 'industry' | 'method', string>,
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
  notFound: {
    heading: notFoundPage.heading as string,
    home: notFoundPage.homeLabel as string,
    /** The page for a missing item of a category; {category} is filled in with its title. */
    missingItem: notFoundPage.missingItem as { heading: string; intro: string; categoryLink: string },
    missingCategory: notFoundPage.missingCategory as { heading: string; intro: string; categoriesHeading: string },
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
  /** The names of the sub-navigation bars and their small-screen toggle. */
  subnav: {
    technologies: frameLabels.subNav.technologies.label as string,
    categories: frameLabels.subNav.categories.label as string,
    toggle: frameLabels.subNav.toggle as string,
    productsTitle: frameLabels.subNav.categories.title as string,
  },
};
