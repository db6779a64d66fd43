/**
 * The links an editor writes inside texts: Markdown links (`[words](/products/pigments)`),
 * reference definitions (`[id]: /contact`) and HTML anchors in a Markdown body or in a field,
 * and the `href` fields of buttons. The content check holds each link to the site's own
 * addresses (src/model/routes.ts: `siteAddresses`).
 */

/** Each link target a text holds, as written. */
export function linksIn(text: string): string[] {
  const inline = [...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+["'(][^)]*)?\)/g)].map((m) => m[1]!);
  const definitions = [...text.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((m) => m[1]!);
  const anchors = [...text.matchAll(/<a\s[^>]*href\s*=\s*["']([^"']+)["']/gi)].map((m) => m[1]!);
  return [...inline, ...definitions, ...anchors];
}
