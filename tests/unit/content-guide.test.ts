/** The content guide lists every allowed value, so it cannot fall behind the schemas. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { applicationMethods, audiences, industries, productKinds, scentFamilies } from '../../src/lib/schemas/product';
import { accentColours } from '../../src/lib/schemas/common';

const guide = readFileSync('CONTENT.md', 'utf8');
const section = (heading: string) => guide.split(`**${heading}`)[1]?.split('\n')[0] ?? '';

describe('CONTENT.md', () => {
  it.each([
    ['colour', accentColours],
    ['scentFamily', scentFamilies],
    ['audience', audiences],
    ['applicationMethods', applicationMethods],
    ['industries', industries],
  ] as const)('lists every allowed %s', (heading, values) => {
    expect(section(heading).startsWith(`**: ${values.join(', ')}`)).toBe(true);
  });

  it('describes every kind of catalogue item', () => {
    for (const kind of productKinds) expect(guide).toContain(`| \`${kind}\` |`);
  });
});
