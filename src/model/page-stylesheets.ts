/**
 * The stylesheets a built page carries, in the order it has them: CSS inline in a `<style>`
 * element, or a linked file (`<link rel="stylesheet">`, the site's one stylesheet; see
 * astro.config.mjs). Read by the byte budgets (tests/dist/bytes.test.ts, bench/run.mjs, the
 * catalogue bench) and by the editor's preview stylesheet (src/cms/integration.ts), so each
 * counts or copies the same thing. Read with an HTML parser (src/text/html-elements.ts); Node
 * runs it as it is.
 */
import { htmlElements } from '../text/html-elements.ts';

export type PageStylesheet = { css: string } | { file: string };

/** `file` is the linked file's path under dist/, without the leading slash. */
export function pageStylesheets(html: string): PageStylesheet[] {
  return htmlElements(html, ['style', 'link']).flatMap(({ name, attributes, text }): PageStylesheet[] => {
    if (name === 'style') return [{ css: text }];
    const href = attributes.href ?? '';
    return attributes.rel === 'stylesheet' && href.startsWith('/') ? [{ file: href.slice(1) }] : [];
  });
}

/** The inline CSS of a page, and the paths of the files it links. */
export function splitStylesheets(html: string): { inline: string[]; linked: string[] } {
  const sheets = pageStylesheets(html);
  return {
    inline: sheets.flatMap((sheet) => ('css' in sheet ? [sheet.css] : [])),
    linked: sheets.flatMap((sheet) => ('file' in sheet ? [sheet.file] : [])),
  };
}
