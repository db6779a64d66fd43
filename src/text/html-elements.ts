/**
 * The elements of some names in a page's HTML, read with a real HTML parser (htmlparser2, already
 * installed with the site's mail parsing and link checking): what the build and the byte budgets
 * read of built pages (their stylesheets, src/model/page-stylesheets.ts; their inline scripts and
 * styles, src/security/headers.ts), so that no code reads HTML with regular expressions.
 *
 * Plain TypeScript whose imports Node resolves as they are, so the benches can run it.
 */
import { Parser } from 'htmlparser2';

export interface HtmlElement {
  name: string;
  /** Its attributes, names in lower case, values decoded. */
  attributes: Record<string, string>;
  /** Its text, as written: for <script> and <style>, their code. */
  text: string;
}

/** Every element named in `names` (lower case), in document order. */
export function htmlElements(html: string, names: readonly string[]): HtmlElement[] {
  const found: HtmlElement[] = [];
  const open: HtmlElement[] = [];
  const parser = new Parser({
    onopentag(name, attributes) {
      if (!names.includes(name)) return;
      const element = { name, attributes, text: '' };
      found.push(element);
      open.push(element);
    },
    ontext(text) {
      for (const element of open) element.text += text;
    },
    onclosetag(name) {
      if (names.includes(name)) open.splice(open.map((element) => element.name).lastIndexOf(name), 1);
    },
  });
  parser.end(html);
  return found;
}
