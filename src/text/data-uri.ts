/**
 * A `data:` address of an SVG drawing, to carry a small picture inside the page instead of
 * fetching it (the favicon, src/components/chrome/PageHead.astro). Plain text, not base64, which
 * would be a third larger and compress worse: runs of white space become one space, and only
 * the characters that would end or break the address are percent-encoded (`%`, `#`, quotes,
 * angle brackets, the space, which a URL may not hold raw (the Nu HTML Checker refuses it), and
 * anything outside printable ASCII).
 */
export function svgDataUri(svg: string): string {
  const text = svg.trim().replace(/\s+/g, ' ');
  // encodeURIComponent leaves the apostrophe as it is, so ASCII is encoded here by its code.
  const encode = (character: string) =>
    character < '\x7f'
      ? `%${character.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`
      : encodeURIComponent(character);
  return `data:image/svg+xml,${text.replace(/[ %#"'<>]|[^\x21-\x7e]/gu, encode)}`;
}
