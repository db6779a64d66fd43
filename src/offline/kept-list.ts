/**
 * The list of kept pages on the offline page. The page (src/components/offline/OfflinePage.astro)
 * is built like any other, with an empty list that says so; when the service worker answers with
 * it, it fills the list from its pages cache (`fillKeptList`), so the list needs no script in the
 * page. The list's markup and words stay in the page: the worker copies the page's own
 * `<template data-kept-item>` for each entry, replacing `{href}`, `{title}`, `{datetime}` and `{time}`.
 *
 * Plain string work (a worker has no DOM parser), unit-tested (tests/unit/offline-kept-list.test.ts).
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

/** The text of a page's `<title>`, without the " | company" every title ends with. */
export function pageTitle(html: string, suffix = ''): string {
  const raw = html.match(/<title>([^<]*)<\/title>/)?.[1] ?? '';
  const text = decodeEntities(raw).trim();
  return suffix && text.endsWith(suffix) ? text.slice(0, -suffix.length).trim() : text;
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'", apos: "'" };
const decodeEntities = (text: string) => text.replace(/&(amp|lt|gt|quot|#39|#x27|apos);/g, (_, name: string) => entities[name]!);

const listPattern = /(<ul\b[^>]*\bdata-kept-pages\b[^>]*>)([\s\S]*?)(<\/ul>)/;
const templatePattern = /<template\b[^>]*\bdata-kept-item\b[^>]*>([\s\S]*?)<\/template>/;
const suffixPattern = /<ul\b[^>]*\bdata-title-suffix="([^"]*)"/;

/** The " | company" suffix the page's list names, to drop from kept pages' titles. */
export const titleSuffix = (offlineHtml: string) => decodeEntities(offlineHtml.match(suffixPattern)?.[1] ?? '');

/**
 * The offline page with its list of kept pages filled in, newest first; `formatTime` writes a
 * saved time for the visitor (the worker uses the browser's locale). With no kept page, or a page
 * without the list, the page is returned as it is.
 */
export function fillKeptList(offlineHtml: string, pages: readonly KeptPage[], formatTime: (ms: number) => string): string {
  const template = offlineHtml.match(templatePattern)?.[1];
  if (!template || pages.length === 0 || !listPattern.test(offlineHtml)) return offlineHtml;
  const items = [...pages]
    .sort((a, b) => b.savedAt - a.savedAt)
    .map((page) =>
      template.replace(/\{(href|title|datetime|time)\}/g, (_, field: string) =>
        escapeHtml(
          field === 'href' ? page.path : field === 'title' ? page.title : field === 'datetime' ? new Date(page.savedAt).toISOString() : formatTime(page.savedAt),
        ),
      ),
    )
    .join('');
  return offlineHtml.replace(listPattern, (_, open: string, _empty: string, close: string) => `${open}${items}${close}`);
}
