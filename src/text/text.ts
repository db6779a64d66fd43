/**
 * Small text helpers every part of the site shares: cutting a text at a word and escaping text
 * for HTML. Free of imports, so the pages, the search, the contact function and the
 * scripts can all use them.
 */

/**
 * `text` if it has at most `max` characters; otherwise cut at the last space before that length,
 * without trailing punctuation, and ended with "…", so the result has at most `max` characters.
 * A text without a space in its second half is cut within its word at half the length, so a long
 * code or address cannot leave almost nothing.
 */
export function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const end = Math.max(cut.lastIndexOf(' '), Math.floor(max / 2));
  return `${cut.slice(0, end).replace(/[\s,;:.-]+$/, '')}…`;
}

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe to place in HTML, as element content or as a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => entities[c]!);
}
