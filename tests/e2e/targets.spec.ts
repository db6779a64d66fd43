/**
 * Targets big enough for a finger (WCAG 2.2, 2.5.8 Target Size (Minimum)): on one page of each
 * template, at the narrowest phone's width and a common phone's, every visible link, button and
 * field is at least 24 by 24 CSS pixels, or is spaced so that a 24 px circle centred on it
 * touches no other target nor the circle of another small one (the spacing exception), or is a
 * link inside a sentence (the inline exception). axe's rule (tests/e2e/templates.spec.ts) checks
 * this too, but reads targets by their box model alone; here each is measured as laid out.
 */
import { expect, test, type Page } from '@playwright/test';
import { narrow, narrowest, templatePages } from './support';

/** How many targets the page shows, and those under 24 px without either exception, described. */
function smallTargets(page: Page): Promise<{ measured: number; small: string[] }> {
  return page.evaluate(() => {
    const min = 24;
    const selector = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"]';
    const shown = (element: Element) => {
      const box = element.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) return false;
      const style = getComputedStyle(element);
      // Clipped until focused (the skip link): it is measured where it shows, over the page.
      if (style.clipPath !== 'none' || style.getPropertyValue('clip').startsWith('rect')) return false;
      return style.visibility !== 'hidden' && !element.closest('[aria-hidden="true"], [inert], [hidden]');
    };
    // In a sentence: text of its own beside it, in the same run of inline content.
    const inSentence = (element: Element): boolean => {
      let node: Element | null = element;
      while (node) {
        for (const sibling of node.parentNode?.childNodes ?? [])
          if (sibling !== node && sibling.nodeType === Node.TEXT_NODE && sibling.textContent!.trim()) return true;
        if (getComputedStyle(node).display !== 'inline') return false;
        node = node.parentElement;
      }
      return false;
    };
    const targets = [...document.querySelectorAll(selector)].filter(shown).map((element) => {
      const box = element.getBoundingClientRect();
      return {
        element,
        box,
        centre: { x: box.left + box.width / 2, y: box.top + box.height / 2 },
        small: box.width < min - 0.5 || box.height < min - 0.5,
      };
    });
    // From a point to a box (0 inside it).
    const distance = (p: { x: number; y: number }, b: DOMRect) =>
      Math.hypot(Math.max(b.left - p.x, 0, p.x - b.right), Math.max(b.top - p.y, 0, p.y - b.bottom));
    const spaced = (target: (typeof targets)[number]) =>
      targets.every(
        (other) =>
          other === target ||
          other.element.contains(target.element) ||
          target.element.contains(other.element) ||
          (distance(target.centre, other.box) >= min / 2 &&
            (!other.small || Math.hypot(target.centre.x - other.centre.x, target.centre.y - other.centre.y) >= min)),
      );
    const small = targets
      .filter((target) => target.small && !inSentence(target.element) && !spaced(target))
      .map(({ element, box }) => {
        const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').replace(/\s+/g, ' ').trim();
        const where = element.getAttribute('href') ?? element.getAttribute('name') ?? element.id;
        return `${element.tagName.toLowerCase()} "${name.slice(0, 40)}" ${where}: ${Math.round(box.width)} x ${Math.round(box.height)} px at ${Math.round(box.left)}, ${Math.round(box.top + scrollY)}`;
      });
    return { measured: targets.length, small };
  });
}

test(`every link, button and field is at least 24 px or spaced as if it were, at ${narrowest.width} and ${narrow.width} px, on one page of each template`, async ({
  page,
}) => {
  test.setTimeout(120_000);
  const found: string[] = [];
  for (const path of templatePages()) {
    for (const viewport of [narrowest, narrow]) {
      await page.setViewportSize(viewport);
      await page.goto(path, { waitUntil: 'load' });
      // Every section laid out, as on a page read to its end (content-visibility: auto).
      await page.evaluate(() => {
        for (const element of document.querySelectorAll<HTMLElement>('.render-when-near'))
          element.style.setProperty('content-visibility', 'visible', 'important');
      });
      const { measured, small } = await smallTargets(page);
      expect(measured, `${path} at ${viewport.width} px has targets`).toBeGreaterThan(0);
      found.push(...small.map((target) => `${path} at ${viewport.width} px: ${target}`));
    }
  }
  expect(found).toEqual([]);
});
