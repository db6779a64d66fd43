/** The content guide lists every allowed value, so it cannot fall behind the schemas. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  applicationMethods,
  audiences,
  documentTypes,
  industries,
  productKinds,
  scentFamilies,
  substrates,
} from '../../src/schemas/product';
import { accentColours } from '../../src/schemas/common';
import { documentLimits, formatSize, pictureLimits } from '../../src/schemas/content-limits';

const guide = readFileSync('CONTENT.md', 'utf8');
const section = (heading: string) => guide.split(`**${heading}`)[1]?.split('\n')[0] ?? '';

describe('CONTENT.md', () => {
  it.each([
    ['colour', accentColours],
    ['scentFamily', scentFamilies],
    ['audience', audiences],
    ['applicationMethods', applicationMethods],
    ['industries', industries],
    ['substrates', substrates],
    ['document type', documentTypes],
  ] as const)('lists every allowed %s', (heading, values) => {
    expect(section(heading).startsWith(`**: ${values.join(', ')}`)).toBe(true);
  });

  it('describes every kind of catalogue item', () => {
    for (const kind of productKinds) expect(guide).toContain(`| \`${kind}\` |`);
  });
});

describe('CONTENT.md states the limits of src/schemas/content-limits.ts', () => {
  it('the smallest picture width and the largest picture and document', () => {
    const row = (name: string) => guide.split('\n').find((line) => line.startsWith(`| ${name} |`)) ?? '';
    expect(row('size')).toBe(
      `| size | at least ${pictureLimits.minWidth.toLocaleString('en')} px wide; at most ${formatSize(pictureLimits.maxBytes)} | at most ${formatSize(documentLimits.maxBytes)} |`,
    );
  });
});
