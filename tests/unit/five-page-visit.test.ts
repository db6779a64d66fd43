/**
 * The five-page visit both slow-link measurements take (bench/five-page-visit.mjs), read
 * from the content: checked against a catalogue of its own, so no editor's change moves it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fivePageVisit } from '../../bench/five-page-visit.mjs';

let project: string | undefined;
afterEach(() => project && rmSync(project, { recursive: true, force: true }));

/** A project whose catalogue is `items`: category folder, then file name and front matter. */
function projectWith(items: Record<string, Record<string, string>>) {
  project = mkdtempSync(join(tmpdir(), 'five-page-visit-'));
  for (const [category, files] of Object.entries(items)) {
    mkdirSync(join(project, 'src/content/products', category), { recursive: true });
    for (const [file, frontmatter] of Object.entries(files))
      writeFileSync(join(project, 'src/content/products', category, file), `---\n${frontmatter}\n---\n\nText.\n`);
  }
  return project;
}

describe('fivePageVisit', () => {
  it('takes the first category with an item picture, and its first item with one by order', () => {
    const root = projectWith({
      'a-no-pictures': { 'one.md': 'name: One\norder: 1' },
      'b-pictures': {
        'late.md': 'name: Late\norder: 5\nimage: ./late.jpg',
        'plain.md': 'name: Plain\norder: 1',
        'early.md': 'name: Early\norder: 2\nimage: ./early.jpg',
      },
      'c-pictures': { 'first.md': 'name: First\norder: 1\nimage: ./first.jpg' },
    });
    expect(fivePageVisit(root)).toEqual([
      '/',
      '/products',
      '/products/b-pictures',
      '/products/b-pictures/early',
      '/contact',
    ]);
  });

  it('breaks a tie of order by the item name in its file', () => {
    const root = projectWith({
      pictures: { 'zeta.md': 'order: 1\nimage: ./z.jpg', 'alpha.md': 'order: 1\nimage: ./a.jpg' },
    });
    expect(fivePageVisit(root)[3]).toBe('/products/pictures/alpha');
  });
});
