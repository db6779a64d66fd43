/** A mailto: link with a preset subject, encoded so spaces and punctuation survive every mail client. */
export function mailtoHref(address: string, subject?: string): string {
  return subject ? `mailto:${address}?subject=${encodeURIComponent(subject)}` : `mailto:${address}`;
}
