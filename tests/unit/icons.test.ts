import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFrontmatter } from '../../src/text/frontmatter.mjs';
import {
  iconDrawing,
  iconExists,
  iconPackage,
  readIconSet,
  unknownIconMessage,
  withoutInheritedAttributes,
} from '../../src/model/icons';
import { icon } from '../../src/schemas/common';

/** Every value of a field named `icon` in the content's JSON files and Markdown front matter. */
function contentIconNames(): string[] {
  const names = new Set<string>();
  const collect = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (key === 'icon' && typeof inner === 'string') names.add(inner);
        else collect(inner);
      }
    }
  };
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.json')) collect(JSON.parse(readFileSync(path, 'utf8')));
      else if (entry.name.endsWith('.md')) collect(parseFrontmatter(readFileSync(path, 'utf8')));
    }
  };
  walk('src/content');
  return [...names].sort();
}

describe('Lucide icons from the data package', () => {
  it('draws every icon the content names', () => {
    const names = contentIconNames();
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) {
      const drawing = iconDrawing(name);
      expect(drawing.body, name).toMatch(/^<[a-z]/);
      expect([drawing.width, drawing.height], name).toEqual([24, 24]);
    }
  });

  it('tells an editor that a name is unknown, where to find the valid ones, and similar names', () => {
    expect(iconExists('flask-conical')).toBe(true);
    expect(iconExists('flask-conicall')).toBe(false);
    const message = unknownIconMessage('conical-flask');
    expect(message).toMatch(/^"conical-flask" is not a Lucide icon name; pick one from lucide\.dev\/icons/);
    expect(message).toContain('flask-conical');
    expect(() => iconDrawing('conical-flask')).toThrow(message);
    const result = icon.safeParse('conical-flask');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it("accepts Lucide's former names, which the set keeps as aliases, drawn as the icon they now name", () => {
    // "home" became "house" in Lucide; content written with the old name keeps working.
    expect(iconDrawing('home')).toBe(iconDrawing('house'));
  });

  it('reads aliases and leaves out the icons Lucide removed', () => {
    const set = readIconSet({
      prefix: 'lucide',
      width: 24,
      height: 24,
      icons: { house: { body: '<path d="M1 1"/>' }, gone: { body: '<path/>', hidden: true } },
      aliases: {
        home: { parent: 'house' },
        cottage: { parent: 'home' },
        old: { parent: 'gone' },
        turned: { parent: 'house', rotate: 1 },
      },
    });
    expect([...set.keys()].sort()).toEqual(['cottage', 'home', 'house']);
    expect(set.get('cottage')).toEqual({ name: 'house', body: '<path d="M1 1"/>', width: 24, height: 24 });
  });

  it('leaves out of a drawing the attributes its <svg> already sets, and a <g> left with nothing else', () => {
    const common = 'fill="none" stroke="currentColor" stroke-linecap="round" stroke-linejoin="round" stroke-width="2"';
    expect(
      withoutInheritedAttributes(`<g ${common}><path d="M1 1"/><circle cx="2" cy="2" r="1" fill="currentColor"/></g>`),
    ).toBe('<path d="M1 1"/><circle cx="2" cy="2" r="1" fill="currentColor"/>');
    expect(withoutInheritedAttributes(`<path ${common} d="M1 1"/>`)).toBe('<path d="M1 1"/>');
    // A group that still says something, or holds another group, stays.
    expect(withoutInheritedAttributes(`<g ${common} opacity=".5"><path d="M1 1"/></g>`)).toBe(
      '<g opacity=".5"><path d="M1 1"/></g>',
    );
    expect(withoutInheritedAttributes(`<g ${common}><g><path/></g></g>`)).toBe('<g><g><path/></g></g>');
    // Every drawing of the set renders the same shapes: no stroke or fill setting is lost.
    for (const name of ['flask-conical', 'shield-check', 'leaf'])
      expect(iconDrawing(name).body).not.toMatch(/stroke-width="2"|stroke="currentColor"/);
  });

  it('fails with a message naming the package when its format changes', () => {
    const changed = new RegExp(`^${iconPackage}/icons\\.json no longer has the format src/model/icons\\.ts reads`);
    expect(() => readIconSet({ prefix: 'lucide', icons: [] })).toThrow(changed);
    expect(() => readIconSet({ prefix: 'lucide', icons: { house: { svg: '<path/>' } } })).toThrow(changed);
    expect(() => readIconSet({ prefix: 'lucide', icons: {} })).toThrow(changed);
    expect(() => readIconSet({ icons: { house: { body: '<path/>' } } })).toThrow(changed);
  });
});
