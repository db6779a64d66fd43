/**
 * What the content pages of the build must show, read from their HTML: a content button is a link
 * named and leading as its file says; a typed section (`sections` of a technology or category
 * file) holds every card, figure, tag and button the file gives it. The same expectations the
 * browser tests once made on the rendered page, made on the built document.
 */
import { expect } from 'vitest';
import { all, attribute, named, one, oneLine, shownText, type Document, type Element } from '../support/html';
import { actionHref, actionName, type Action, type Data } from '../support/site';

/** Each of the content's buttons is a link in `scope`, named and leading as the content says. */
export function expectActions(document: Document, scope: Element, actions: readonly Action[], about?: string) {
  for (const action of actions) {
    const [link] = named('a[href]', actionName(action), scope, document);
    expect(link, action.label).toBeDefined();
    expect(attribute(link, 'href'), action.label).toBe(actionHref(action, about));
  }
}

/** The one element `selector` finds under `root`, failing the test when there is none. */
export function the(selector: string, root: Document | Element): Element {
  const element = one(selector, root);
  expect(element, selector).not.toBeNull();
  return element!;
}

/**
 * The typed sections of a technology or category page (`sections` of its file), each under its
 * id with its heading, and with every card, figure, tag and button the file gives it.
 */
export function expectSections(document: Document, sections: readonly Data[], about: string) {
  for (const section of sections) {
    const shown = all(`main section#${section.id}`, document);
    expect(shown, `section #${section.id}`).toHaveLength(1);
    const root = shown[0]!;
    if (section.heading) expect(shownText(the('h2', root)), `#${section.id}`).toBe(oneLine(section.heading));
    if (section.type === 'cards') {
      expect(all('h3', root).map(shownText), `#${section.id}`).toEqual(
        section.items.map((item: Data) => oneLine(item.title)),
      );
      for (const item of section.items)
        if (item.value) {
          const card = all('li', root).find((li) => all('h3', li).some((h3) => shownText(h3) === oneLine(item.title)));
          expect(card && shownText(card), `#${section.id}: ${item.title}`).toContain(oneLine(item.value));
        }
    } else if (section.type === 'metrics') {
      const figures = all('dl > div', root);
      expect(figures, `#${section.id}`).toHaveLength(section.items.length);
      for (const [i, item] of section.items.entries()) {
        expect(shownText(the('dt', figures[i]!))).toBe(oneLine(item.label));
        expect(shownText(the('dd', figures[i]!))).toBe(oneLine(item.value));
      }
    } else if (section.type === 'tags') {
      expect(all('li', root).map(shownText), `#${section.id}`).toEqual(section.items.map(oneLine));
    } else if (section.type === 'cta') {
      expectActions(document, root, section.actions, about);
    }
  }
}
