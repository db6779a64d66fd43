import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { builtPages, narrow, wide } from './support';

test.use({ bypassCSP: true });

for (const path of builtPages()) {
  for (const viewport of [wide, narrow]) {
    test(`no accessibility violations (WCAG 2.2 AA) on ${path} at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto(path);
      // Sections are laid out only near the viewport (content-visibility: auto), and their cards'
      // entrance animations start, transparent, when a section comes into view, and pause when it
      // leaves. Lay every section out at once (the test's own style, hence bypassCSP), then check
      // the page as it settles, as a reader sees each section once its entrance is over.
      await page.addStyleTag({ content: '.render-when-near { content-visibility: visible !important; }' });
      // (The statistic badge turns for ever: it is read wherever it stands.)
      await page.evaluate(() => Promise.all(document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity).map((a) => a.finished)));
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
      // Zero violations of any impact, not only serious ones.
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  }
}

for (const path of builtPages()) {
  test(`${path} has one h1 and headings in order`, async ({ page }) => {
    await page.goto(path);
    const levels = await page.locator('h1, h2, h3, h4, h5, h6').evaluateAll((hs) =>
      hs.filter((h) => (h as HTMLElement).offsetParent !== null || h.closest('main')).map((h) => Number(h.tagName[1])),
    );
    expect(levels.filter((l) => l === 1)).toHaveLength(1);
    const skips = levels.flatMap((level, i) => (i > 0 && level > levels[i - 1]! + 1 ? [`h${levels[i - 1]} -> h${level}`] : []));
    expect(skips).toEqual([]);
  });
}
