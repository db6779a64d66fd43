/**
 * Buttons and links from content must stay on this site. Browsers read "//host" and "/\host" as
 * links to another website, so the schema refuses them, saying why in plain words.
 */
import { describe, expect, it } from 'vitest';
import { action, internalHref } from '../../src/schemas/common';

const messages = (href: unknown) => {
  const result = internalHref.safeParse(href);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

const otherSite =
  'link must start with a single "/": "//" or "/\\" leads to another website; write a path on this site, e.g. "/contact"';
const notAPath = 'link must be a path on this site starting with "/", e.g. "/contact"';

describe('internalHref', () => {
  it('accepts paths on this site, with anchors and queries', () => {
    for (const href of [
      '/',
      '/contact',
      '/products/aroma-finishes',
      '/technologies#key-features',
      '/contact?topic=samples&about=x',
      '/a//b',
    ]) {
      expect(messages(href), href).toEqual([]);
    }
  });

  it('refuses protocol-relative and backslash links, which lead to another website, with that one reason', () => {
    for (const href of ['//evil.example.net', '//evil', '///evil', '/\\evil.example.net', '/\\/evil', '//']) {
      expect(messages(href), href).toEqual([otherSite]);
    }
  });

  it('refuses other addresses with the general reason', () => {
    for (const href of [
      'https://evil.example.net',
      'javascript:alert(1)',
      'contact',
      '',
      '/Contact',
      '/products\\evil',
      ' /contact',
    ]) {
      expect(messages(href), href).toEqual([notAPath]);
    }
  });

  it('keeps a content button from pointing at another website', () => {
    const result = action.safeParse({ label: 'Learn More', href: '//evil.example.net' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['href', otherSite]]);
  });
});
