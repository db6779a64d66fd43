/**
 * One page of each template, and each variant of a template (tests/support/site.ts,
 * `templatePages`), run in the browser at two widths: axe finds no accessibility violation, and
 * the browser reports no Content Security Policy violation while the page loads, hydrates and is
 * scrolled through, and nothing scrolls sideways down to 320 px. What every built page carries is
 * checked without a browser in tests/dist (headings, the hashes of its policy, bytes).
 */
import { expect, test } from '@playwright/test';
import { narrow, narrowest, templatePages, watchViolations, wcagAudit, wide } from './support';

for (const path of templatePages()) {
  test(`${path}: no accessibility violation (WCAG 2.2 AA) at ${wide.width} and ${narrow.width} px, nothing wider than the screen down to ${narrowest.width} px, and no Content Security Policy violation`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const violations = watchViolations(page);
    for (const viewport of [wide, narrow]) {
      await page.setViewportSize(viewport);
      await page.goto(path, { waitUntil: 'load' });
      // Sections are laid out only near the viewport (content-visibility: auto), and their cards'
      // entrance animations start, transparent, when a section comes into view, and pause when it
      // leaves. Lay every section out at once (through the CSS object model, which the policy
      // allows), then check the page as it settles, as a reader sees each section once its
      // entrance is over. (The statistic badge turns for ever: it is read wherever it stands.)
      await page.evaluate(() => {
        for (const element of document.querySelectorAll<HTMLElement>('.render-when-near'))
          element.style.setProperty('content-visibility', 'visible', 'important');
      });
      await page.evaluate(() =>
        Promise.all(
          document
            .getAnimations()
            .filter((a) => a.effect?.getTiming().iterations !== Infinity)
            .map((a) => a.finished),
        ),
      );
      const results = await wcagAudit(page).analyze();
      // Zero violations of any impact, not only serious ones.
      expect(
        results.violations.map(
          (v) => `${viewport.width} px: ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
        ),
      ).toEqual([]);
      // Nothing scrolls sideways, at this width or at the narrowest phone's (a resize lays out again).
      for (const width of viewport === narrow ? [narrow.width, narrowest.width] : [viewport.width]) {
        await page.setViewportSize({ ...viewport, width });
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width} px wide`).toBeLessThanOrEqual(
          width,
        );
      }
      await page.setViewportSize(viewport);
      // Then what loads on the way down: pictures, islands that hydrate when visible.
      await page.mouse.wheel(0, 20_000);
      await page.waitForLoadState('networkidle');
    }
    expect(violations).toEqual([]);
  });
}
