import AxeBuilder from '@axe-core/playwright';
import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { actionHref, actionName, type Action, type Data } from '../support/site';

export * from '../support/site';
export { siteStore } from '../../playwright.config';

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
/** The narrowest phone the site is laid out for. */
export const narrowest = { width: 320, height: 640 };

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

/** The browser's data saver on, as Save-Data and `navigator.connection.saveData` report it (lite mode follows it). */
export async function saveData(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setDataSaverOverride', { dataSaverEnabled: true });
}

/**
 * axe on a page, for the rules of WCAG 2.2 AA. In axe's legacy mode it runs in the page itself:
 * the default opens a blank page after every run to put the results of each frame together, which
 * only cross-origin frames need (the site's pages have none; axe's `frame-tested` rule names any
 * frame it could not enter). The same rules and results, for about half the CPU time of a run
 * (0.4-0.8 CPU-seconds instead of 0.9-2.0 on the two-core machine).
 */
export const wcagAudit = (page: Page) =>
  new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).setLegacyMode(true);
