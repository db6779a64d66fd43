/**
 * The list of kept pages on the offline page. The page (src/components/offline/OfflinePage.astro)
 * is built like any other, with an empty list that says so; when the service worker answers with
 * it, it fills the list from its pages cache (`fillKeptList`), so the list needs no script in the
 * page. The list's markup and words stay in the page: it writes the list's content, the markup of
 * one entry (inside an inert `<template>`, with `{href}`, `{title}`, `{datetime}` and `{time}` in
 * place of the values) and the company suffix of titles each between a pair of markers
 * (`keptListMarkers`), comments that nothing else in a page writes. The worker has no HTML parser:
 * it cuts at the markers and replaces the placeholders, and reads nothing else of the page's
 * markup but its title element.
 *
 * Unit-tested (tests/unit/offline-kept-list.test.ts).
 */
import { escapeHtml } from '../text/text';

export interface KeptPage {
  /** The page's address on this site, e.g. "/products/pigments". */
  path: string;
  /** Its title, as text. */
  title: string;
  /** When its copy was saved, ms since 1970. */
  savedAt: number;
}

type Part = 'list' | 'item' | 'suffix';

/** The comments the offline page writes around each part the worker reads or replaces. */
export const keptListMarkers = (part: Part) => ({ start: `<!--kept-${part}-->`, end: `<!--/kept-${part}-->` });

/** Where the part between its markers is in `html`, or undefined. */
function partOf(html: string, part: Part): { from: number; to: number } | undefined {
  const { start, end } = keptListMarkers(part);
  const at = html.indexOf(start);
  const to = at < 0 ? -1 : html.indexOf(end, at + start.length);
  return to < 0 ? undefined : { from: at + start.length, to };
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'", apos: "'" };
/** Text as the page writes it (Astro escapes &, <, >, " and '), read back. */
const decodeEntities = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39|#x27|apos);/g, (_, name: string) => entities[name]!);

/** The " | company" suffix the offline page writes, to drop from kept pages' titles. */
export function titleSuffix(offlineHtml: string): string {
  const part = partOf(offlineHtml, 'suffix');
  return part ? decodeEntities(offlineHtml.slice(part.from, part.to)) : '';
}

/**
 * The text of a kept page's title, without the suffix: what the page's head writes between
 * `<title>` and `</title>` (src/components/chrome/PageHead.astro), the first element of every page.
 */
export function pageTitle(html: string, suffix = ''): string {
  const start = html.indexOf('<title>');
  const end = start < 0 ? -1 : html.indexOf('</title>', start);
  const text = end < 0 ? '' : decodeEntities(html.slice(start + '<title>'.length, end)).trim();
  return suffix && text.endsWith(suffix) ? text.slice(0, -suffix.length).trim() : text;
}

/**
 * The offline page with its list of kept pages filled in, newest first; `formatTime` writes a
 * saved time for the visitor (the worker uses the browser's locale). With no kept page, or a page
 * without the markers, the page is returned as it is.
 */
export function fillKeptList(
  offlineHtml: string,
  pages: readonly KeptPage[],
  formatTime: (ms: number) => string,
): string {
  const item = partOf(offlineHtml, 'item');
  const list = partOf(offlineHtml, 'list');
  if (!item || !list || pages.length === 0) return offlineHtml;
  const template = offlineHtml.slice(item.from, item.to);
  const value = (page: KeptPage, field: string) =>
    field === 'href'
      ? page.path
      : field === 'title'
        ? page.title
        : field === 'datetime'
          ? new Date(page.savedAt).toISOString()
          : formatTime(page.savedAt);
  const items = [...pages]
    .sort((a, b) => b.savedAt - a.savedAt)
    .map((page) =>
      template.replace(/\{(href|title|datetime|time)\}/g, (_, field: string) => escapeHtml(value(page, field))),
    )
    .join('');
  return offlineHtml.slice(0, list.from) + items + offlineHtml.slice(list.to);
}
