/**
 * A Markdown body as the site renders it, for /admin's preview: the processor of
 * astro.config.mjs (src/text/markdown.ts, sanitised), made once per server.
 */
import { markdownProcessor } from '../../text/markdown';

let renderer: ReturnType<typeof markdownProcessor.createRenderer> | undefined;

export async function markdownHtml(markdown: string): Promise<string> {
  if (!markdown.trim()) return '';
  renderer ??= markdownProcessor.createRenderer({ syntaxHighlight: false });
  return (await (await renderer).render(markdown)).code;
}
