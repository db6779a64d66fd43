/**
 * Built pages read as documents, with an HTML parser (htmlparser2) and CSS selectors
 * (css-select), never with regular expressions over the markup.
 */
import { readFileSync } from 'node:fs';
import { selectAll, selectOne } from 'css-select';
import type { Document, Element } from 'domhandler';
import { getAttributeValue, textContent } from 'domutils';
import { parseDocument } from 'htmlparser2';

export type { Document, Element };

/** A built page's document; text and attribute values come decoded ("&amp;" is "&"). */
export const parseHtml = (html: string): Document => parseDocument(html, { decodeEntities: true });

export const readPage = (file: string): Document => parseHtml(readFileSync(file, 'utf8'));

export const all = (selector: string, root: Document | Element): Element[] => selectAll(selector, root) as Element[];

export const one = (selector: string, root: Document | Element): Element | null =>
  selectOne(selector, root) as Element | null;

export const attribute = (element: Element | null | undefined, name: string): string | undefined =>
  element ? getAttributeValue(element, name) : undefined;

/** The element's text as the parser reads it (a script's or a style's text exactly as written). */
export const text = (element: Element): string => textContent(element);

/** The nearest ancestor of `element` (itself included) that matches `test`. */
export function closest(element: Element, test: (element: Element) => boolean): Element | undefined {
  for (
    let node: Element | null = element;
    node;
    node = node.parent && node.parent.type === 'tag' ? (node.parent as Element) : null
  ) {
    if (test(node)) return node;
  }
  return undefined;
}
