/**
 * Saving through /admin changes only the lines that changed (src/cms/formats.ts): every
 * content file read and saved unchanged is the same text, and a one-value edit is a one-line diff.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import * as YAML from 'yaml';
import { describe, expect, it } from 'vitest';
import { frontmatterFormat, jsonFormat, jsonListFormat, sourceKey } from '../../src/cms/formats';

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) =>
    statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : [join(dir, name)],
  );
const markdown = walk('src/content').filter((f) => f.endsWith('.md'));
const json = walk('src/content').filter((f) => f.endsWith('.json'));
const frontmatter = frontmatterFormat(YAML);

/** The lines of `after` that are not those of `before`, as [line number, before, after]. */
function changedLines(before: string, after: string) {
  const a = before.split('\n');
  const b = after.split('\n');
  expect(b.length).toBe(a.length);
  return a.flatMap((line, i) => (line === b[i] ? [] : [[i, line, b[i]]]));
}

describe('saving through /admin keeps each file as it is written', () => {
  it.each(markdown)('%s reads and saves as the same text', (file) => {
    const text = readFileSync(file, 'utf8');
    const data = frontmatter.fromFile(text);
    expect(data[sourceKey]).toBe(text);
    expect(frontmatter.toFile(structuredClone(data))).toBe(text);
  });

  it.each(json)('%s reads and saves as the same text', (file) => {
    const text = readFileSync(file, 'utf8');
    const format = Array.isArray(JSON.parse(text)) ? jsonListFormat('items') : jsonFormat;
    expect(format.toFile(structuredClone(format.fromFile(text)))).toBe(text);
  });

  it('a one-sentence edit of a long text changes one line, unfolded', () => {
    // The longest text of the pages: Decap folded such texts at 80 characters.
    const file = markdown.find((f) => f.includes('/pages/about.md')) ?? markdown[0]!;
    const text = readFileSync(file, 'utf8');
    const data = frontmatter.fromFile(text);
    let longest: string[] = [];
    const visit = (value: unknown, path: string[]) => {
      if (
        typeof value === 'string' &&
        path[0] !== sourceKey &&
        path[0] !== 'body' &&
        value.length > (longest.length ? (at(data, longest) as string).length : 0)
      )
        longest = path;
      else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) visit(v, [...path, k]);
    };
    const at = (value: unknown, path: string[]) =>
      path.reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], value);
    visit(data, []);
    const edited = structuredClone(data);
    const parent = at(edited, longest.slice(0, -1)) as Record<string, string>;
    const key = longest.at(-1)!;
    parent[key] =
      `${parent[key]} One more sentence, long enough that a writer folding at eighty characters would have folded this line again.`;
    const saved = frontmatter.toFile(edited);
    expect(changedLines(text, saved)).toHaveLength(1);
    expect(YAML.parse(saved.split('---\n')[1]!)).toEqual((({ body: _b, [sourceKey]: _s, ...rest }) => rest)(edited));
  });

  it('a changed phone number changes its line of identity.json only', () => {
    const file = 'src/content/company/identity.json';
    const text = readFileSync(file, 'utf8');
    const data = jsonFormat.fromFile(text);
    const edited = structuredClone(data);
    (edited.phones as { display: string }[])[0]!.display = '+66 2 999 9999';
    const saved = jsonFormat.toFile(edited);
    const changed = changedLines(text, saved);
    expect(changed).toHaveLength(1);
    expect(changed[0]![2]).toContain('+66 2 999 9999');
    expect(JSON.parse(saved)).toEqual((({ [sourceKey]: _s, ...rest }) => rest)(edited));
  });

  it("an edited e-mail changes its line of identity.json only, though the form holds the keys in its fields' order", () => {
    const file = 'src/content/company/identity.json';
    const text = readFileSync(file, 'utf8');
    const data = jsonFormat.fromFile(text);
    // The form gives the keys back in another order (its fields'): here, every object's reversed.
    const reversed = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(reversed)
        : value && typeof value === 'object'
          ? Object.fromEntries(
              Object.entries(value)
                .reverse()
                .map(([k, v]) => [k, reversed(v)]),
            )
          : value;
    const edited = reversed(structuredClone(data)) as typeof data;
    const [kind, address] = Object.entries(edited.emails as Record<string, string>)[0]!;
    (edited.emails as Record<string, string>)[kind] = `new-${address}`;
    const saved = jsonFormat.toFile(edited);
    const changed = changedLines(text, saved);
    expect(changed).toHaveLength(1);
    expect(changed[0]![2]).toContain(`new-${address}`);
    expect(JSON.parse(saved)).toEqual((({ [sourceKey]: _s, ...rest }) => rest)(edited));
  });

  it("a new file, with no text to keep, is written whole, its keys in the form's order", () => {
    const saved = frontmatter.toFile({ name: 'Jasmine Night', kind: 'aroma', body: '' }, ['kind', 'name']);
    expect(saved).toBe('---\nkind: aroma\nname: Jasmine Night\n---\n');
    expect(jsonFormat.toFile({ a: 1 })).toBe('{\n  "a": 1\n}\n');
  });

  it('added, removed and reordered list entries and fields are written in the layout around them', () => {
    const text = '{\n  "tags": ["a", "b"],\n  "rows": [\n    { "x": 1, "y": 2 }\n  ]\n}\n';
    const data = jsonFormat.fromFile(text);
    const saved = jsonFormat.toFile({ ...data, tags: ['a', 'b', 'c'], rows: [{ x: 1, y: 3 }, { x: 4 }] });
    expect(saved).toBe('{\n  "tags": ["a", "b", "c"],\n  "rows": [\n    { "x": 1, "y": 3 },\n    { "x": 4 }\n  ]\n}\n');
    const md = '---\ntitle: A\nlist:\n  - one\n  - two\n---\nBody\n';
    const fm = frontmatter.fromFile(md);
    expect(frontmatter.toFile({ ...fm, list: ['one'], extra: 'x' })).toBe(
      '---\ntitle: A\nlist:\n  - one\nextra: x\n---\nBody\n',
    );
  });
});
