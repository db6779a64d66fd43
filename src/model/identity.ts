/**
 * Company identity, parsed once from src/content/company/identity.json. A mistake in that file
 * stops the build with the file and the field named.
 */
import raw from '../content/company/identity.json';
import { identitySchema, type Identity, type Office } from '../schemas/identity';
import { parseOrExplain } from '../schemas/content-errors';

export const identity: Identity = parseOrExplain(identitySchema, raw, 'src/content/company/identity.json');

export function office(id: Office['id']): Office {
  const found = identity.offices.find((o) => o.id === id);
  if (!found) throw new Error(`src/content/company/identity.json: offices: no office with id "${id}"`);
  return found;
}

/** One-line postal address, e.g. for the footer. */
export function formatAddress(o: Office): string {
  return [...o.streetAddress, [o.city, o.postalCode].join(' '), o.region, o.country].filter(Boolean).join(', ');
}

/** A phone number as shown, with non-breaking spaces so it never wraps across lines. */
export function phoneDisplay(display: string): string {
  return display.replaceAll(' ', '\u00a0');
}
