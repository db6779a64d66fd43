import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { svgDataUri } from '../../src/text/data-uri';

const prefix = 'data:image/svg+xml,';

describe('svgDataUri', () => {
  it('keeps the drawing: decoding the address gives the SVG back, white space collapsed', () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4">\n  <path fill="#14a39a" d="M0 0h4v4z"/>\n</svg>\n';
    const uri = svgDataUri(svg);
    expect(uri.startsWith(prefix)).toBe(true);
    expect(decodeURIComponent(uri.slice(prefix.length))).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"> <path fill="#14a39a" d="M0 0h4v4z"/> </svg>',
    );
  });

  it('encodes what would end the address or its attribute: # starts a fragment, % an escape, quotes end an attribute', () => {
    const uri = svgDataUri(`<svg><text fill="#000">50% 'a' é</text></svg>`);
    const body = uri.slice(prefix.length);
    // A space too: a URL may not hold one raw (the Nu HTML Checker refuses it).
    for (const character of ['#', '"', "'", '<', '>', 'é', '\n', ' ']) expect(body, character).not.toContain(character);
    expect(body).not.toMatch(/%(?![0-9A-F]{2})/);
    expect(decodeURIComponent(body)).toBe(`<svg><text fill="#000">50% 'a' é</text></svg>`);
  });

  it("is a valid address for the site's own mark", () => {
    const svg = readFileSync(new URL('../../src/assets/favicon.svg', import.meta.url), 'utf8');
    const uri = svgDataUri(svg);
    expect(() => new URL(uri)).not.toThrow();
    expect(new URL(uri).hash).toBe('');
    expect(decodeURIComponent(uri.slice(prefix.length))).toBe(svg.trim().replace(/\s+/g, ' '));
  });
});
