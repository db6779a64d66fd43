/**
 * The stylesheets a built page carries, in the order it has them: CSS inline in a `<style>`
 * element, or a linked file (`<link rel="stylesheet">`, the site's one stylesheet; see
 * astro.config.mjs). Read by the byte budgets (tests/e2e/bytes.spec.ts, bench/run.mjs, the
 * catalogue bench) and by the editor's preview stylesheet (src/cms/integration.ts), so each
 * counts or copies the same thing. Plain TypeScript without imports: Node runs it as it is.
 */
export type PageStylesheet = { css: string } | { file: string };

/** `file` is the linked file's path under dist/, without the leading slash. */
export function pageStylesheets(html: string): PageStylesheet[] {
  return [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>|<link[^>]+rel="stylesheet"[^>]+href="\/([^"]+)"/g)].map((match) =>
    match[1] !== undefined ? { css: match[1] } : { file: match[2]! },
  );
}

/** The inline CSS of a page, and the paths of the files it links. */
export function splitStylesheets(html: string): { inline: string[]; linked: string[] } {
  const sheets = pageStylesheets(html);
  return {
    inline: sheets.flatMap((sheet) => ('css' in sheet ? [sheet.css] : [])),
    linked: sheets.flatMap((sheet) => ('file' in sheet ? [sheet.file] : [])),
  };
}
