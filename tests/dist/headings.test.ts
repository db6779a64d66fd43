/**
 * Every built page has one h1 and headings that never skip a level, as a screen reader lists
 * them: the headings of the page, leaving out those of the frame that no one sees until asked for
 * (a closed popover or dialog, a hidden element, a template).
 */
import { describe, expect, it } from 'vitest';
import { builtFiles, routeOf } from '../support/site';
import { all, closest, readPage, unseenUntilAsked } from '../support/html';

describe('headings', () => {
  it.each(builtFiles().map((file) => [routeOf(file), file]))('%s has one h1 and headings in order', (_, file) => {
    const headings = all('h1, h2, h3, h4, h5, h6', readPage(file)).filter((h) => closest(h, (e) => e.name === 'main') || !unseenUntilAsked(h));
    const levels = headings.map((h) => Number(h.name[1]));
    expect(levels.filter((level) => level === 1)).toHaveLength(1);
    const skips = levels.flatMap((level, i) => (i > 0 && level > levels[i - 1]! + 1 ? [`h${levels[i - 1]} -> h${level}`] : []));
    expect(skips).toEqual([]);
  });
});
