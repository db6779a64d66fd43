/**
 * What makes an SVG unsafe to publish, found in its text. Opened at its own address, an SVG is a
 * document of the site's origin: a script in it, an event handler (`onload=`), a `javascript:`
 * address or anything it loads from elsewhere would run or be fetched there. The content check,
 * the build and /admin's form and preview refuse such a file with the reason (through
 * `fileProblems`, src/schemas/content-limits.ts); every SVG is also served with a policy under
 * which no script runs (`svgPolicy`, src/security/headers.ts).
 *
 * The reading is deliberately strict and simple (no parser, so it runs in /admin's bundle too): a
 * certification logo exported from a drawing program has none of these, and one that does is sent
 * back to be exported again, not cleaned.
 */

/** Character references decoded, so `&#106;avascript:` reads as what a browser would read. */
function decoded(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, decimal: string) => String.fromCodePoint(Number(decimal)))
    .replace(/&colon;/gi, ':')
    .replace(/&tab;|&newline;/gi, '');
}

/** An address an SVG may name: a fragment of itself, or a picture written into it (`data:image/...`, not SVG). */
const ownAddress = (value: string) => {
  const address = value.trim().replace(/^['"]|['"]$/g, '');
  return address === '' || address.startsWith('#') || /^data:image\/(png|jpe?g|webp|gif|avif);/i.test(address);
};

/**
 * Every reason the SVG `text` may not be published, in words an editor can act on; empty when it
 * is safe. Each reason names what was found: "a <script> element", "an event handler (onload=)".
 */
export function svgProblems(text: string): string[] {
  const svg = decoded(text);
  const found: string[] = [];
  const script = /<\s*(?:[a-z]+:)?script\b/i.exec(svg);
  if (script) found.push('a <script> element');
  const handler = /<[^>]*?\s(on[a-z]+)\s*=/i.exec(svg);
  if (handler) found.push(`an event handler (${handler[1]!.toLowerCase()}=)`);
  const javascript = /j\s*a\s*v\s*a\s*s\s*c\s*r\s*i\s*p\s*t\s*:/i;
  if (javascript.test(svg)) found.push('a "javascript:" address');
  if (/<\s*(?:[a-z]+:)?(?:foreignObject|iframe|embed|object)\b/i.test(svg))
    found.push('an element that embeds a page (foreignObject, iframe, embed or object)');
  const external = new Set<string>();
  for (const match of svg.matchAll(/\s(?:xlink:)?(?:href|src)\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi))
    if (!ownAddress(match[1]!) && !javascript.test(match[1]!)) external.add(match[1]!.replace(/^['"]|['"]$/g, ''));
  for (const match of svg.matchAll(/url\(\s*("[^"]*"|'[^']*'|[^)]*)\)/gi))
    if (!ownAddress(match[1]!)) external.add(match[1]!.replace(/^['"]|['"]$/g, ''));
  for (const match of svg.matchAll(/@import\s+(?:url\()?\s*["']?([^"')\s;]+)/gi)) external.add(match[1]!);
  for (const match of svg.matchAll(/<!ENTITY[^>]*?(?:SYSTEM|PUBLIC)\s+["']([^"']+)["']/gi)) external.add(match[1]!);
  if (external.size > 0)
    found.push(
      `an external reference (${[...external]
        .slice(0, 2)
        .map((address) => `"${address.length > 40 ? `${address.slice(0, 40)}...` : address}"`)
        .join(', ')})`,
    );
  return found;
}

/** The message of an unsafe SVG, as the check and /admin write it. */
export function svgProblem(path: string, text: string): string | undefined {
  const found = svgProblems(text);
  if (found.length === 0) return undefined;
  return (
    `SVG "${path}" holds ${found.join(', ')}: an SVG may carry no script and load nothing from elsewhere; ` +
    'export it again as plain shapes (or as a PNG or WebP picture)'
  );
}
