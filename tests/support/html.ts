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

/** Text in one line: white space collapsed, ends trimmed (as Playwright's toHaveText compares). */
export const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** The element's text as a reader gets it, in one line. */
export const shownText = (element: Element): string => oneLine(textContent(element));

/**
 * Whether the markup keeps the element from everyone: it or an ancestor is `hidden`, a
 * `<template>`, or `aria-hidden="true"`. What a stylesheet hides is for the browser tests to see.
 */
export const isHidden = (element: Element): boolean =>
  closest(
    element,
    (node) => node.name === 'template' || 'hidden' in node.attribs || node.attribs['aria-hidden'] === 'true',
  ) !== undefined;

/**
 * Whether the element waits, unseen, until a visitor asks for it: it or an ancestor is a closed
 * popover or dialog, `hidden`, or a `<template>` (the frame's menus, before they are opened).
 */
export const unseenUntilAsked = (element: Element): boolean =>
  closest(
    element,
    (node) =>
      node.name === 'template' ||
      'hidden' in node.attribs ||
      'popover' in node.attribs ||
      (node.name === 'dialog' && !('open' in node.attribs)),
  ) !== undefined;

/**
 * The element's accessible name as the markup gives it: the text of the elements `aria-labelledby`
 * names, its `aria-label`, an image's `alt`, or its own text.
 */
export function accessibleName(element: Element, document: Document): string {
  const labelledBy = element.attribs['aria-labelledby'];
  if (labelledBy)
    return labelledBy
      .split(/\s+/)
      .map((id) => one(`[id="${id}"]`, document))
      .map((label) => (label ? shownText(label) : ''))
      .join(' ')
      .trim();
  if (element.attribs['aria-label'] !== undefined) return oneLine(element.attribs['aria-label']);
  if (element.name === 'img') return (element.attribs.alt ?? '').trim();
  return shownText(element);
}

/** The elements matching `selector` under `root` that are not hidden and are named exactly `name`. */
export const named = (selector: string, name: string, root: Document | Element, document: Document): Element[] =>
  all(selector, root).filter((element) => !isHidden(element) && accessibleName(element, document) === name);

/** The one section (a region) named `name`, or undefined. */
export const region = (document: Document, name: string): Element | undefined =>
  named('section[aria-labelledby], section[aria-label]', name, document, document)[0];
