/**
 * src/content.config.ts writes out Astro's collections; src/model/content-collections.ts lists
 * every kind of content. The two agree: a collection for each folder and JSON list, none for a
 * single document, each loading its own entry's files.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contentSources, isCollection, type ContentSource } from '../../src/model/content-collections';

const config = readFileSync('src/content.config.ts', 'utf8');
const written = [...config.matchAll(/^ {2}(\w+): defineCollection\(/gm)].map((m) => m[1]);
const sources = Object.entries(contentSources as Record<string, ContentSource>);

describe('the content collections', () => {
  it('are written out for every folder and JSON list of the content, and for nothing else', () => {
    const expected = sources.filter(([, source]) => isCollection(source)).map(([name]) => name);
    expect(expected.length).toBeGreaterThan(0);
    expect([...written].sort()).toEqual([...expected].sort());
  });

  it('each load their own entry’s files with their own entry’s schema', () => {
    for (const name of written) {
      const start = config.search(new RegExp(`^ {2}${name}: defineCollection\\(`, 'm'));
      const block = config.slice(start, config.indexOf('}),', start));
      const source = (contentSources as Record<string, ContentSource>)[name!]!;
      expect(block, name).toMatch(new RegExp(`(folder\\(${name}\\)|file\\(\`\\./\\$\\{${name}\\.file\\}\`\\))`));
      expect(block, name).toContain(`${name}.schema(`);
      expect('folder' in source || 'file' in source).toBe(true);
    }
  });
});
