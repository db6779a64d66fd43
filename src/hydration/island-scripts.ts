/**
 * Astro writes the small inline scripts that wake islands (each directive, and the definition of
 * the `<astro-island>` element) just before the first island of a page; on this site that is in
 * the top bar. Chromium lets the page paint when its parser reaches an inline script, so the
 * first paint showed the top bar alone and the page's main content came a frame later. Moved to
 * the end of `<body>`, in the same order, the scripts run after the whole page is parsed: the
 * first paint has the content, and the islands wake as before (the element definition upgrades
 * the islands already in the page). Their hashes in the Content Security Policy are unchanged.
 */

/** An inline script of Astro's island runtime: a directive announcing itself, or the element. */
export const islandRuntimeScript = /<script>(?:(?!<\/script>)[\s\S])*?(?:window\.dispatchEvent\(new Event\("astro:[a-z]+"\)\)|customElements\.define\("astro-island")(?:(?!<\/script>)[\s\S])*<\/script>/g;

export function moveIslandScriptsToEnd(html: string): string {
  const scripts = html.match(islandRuntimeScript);
  const end = html.lastIndexOf('</body>');
  if (!scripts || end === -1) return html;
  const rest = html.slice(0, end).replace(islandRuntimeScript, '');
  return `${rest}${scripts.join('')}${html.slice(end)}`;
}
