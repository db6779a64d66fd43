/**
 * Photos made web-sized in /admin (src/cms/photo.ts): which files are photos, the sizes they are
 * drawn at, the names they are stored under, and the largest photo taken in. The drawing and the
 * encoding are the browser's (tests/e2e/admin.spec.ts commits a phone photo through /admin).
 */
import { describe, expect, it } from 'vitest';
import { drawSizes, isPhoto, photoLimits, photoProblem, webName } from '../../src/cms/photo';
import { fileNamePattern, pictureLimits } from '../../src/schemas/content-limits';

describe('photos chosen in /admin', () => {
  it('are what phones and cameras save; drawings (SVG) and documents are kept as they are', () => {
    expect(isPhoto({ name: 'a.jpg', type: 'image/jpeg' })).toBe(true);
    expect(isPhoto({ name: 'a.png', type: 'image/png' })).toBe(true);
    expect(isPhoto({ name: 'a.webp', type: 'image/webp' })).toBe(true);
    expect(isPhoto({ name: 'IMG_0001.HEIC', type: '' })).toBe(true);
    expect(isPhoto({ name: 'logo.svg', type: 'image/svg+xml' })).toBe(false);
    expect(isPhoto({ name: 'tds.pdf', type: 'application/pdf' })).toBe(false);
  });

  it('are stored under a name the file-name rule accepts, as WebP', () => {
    const [pattern] = fileNamePattern(pictureLimits);
    for (const name of ['IMG_2041 (1).HEIC', 'Ölfarbe Foto.JPG', 'neroli-morning.jpg', '.jpg']) {
      expect(webName(name)).toMatch(new RegExp(pattern));
      expect(webName(name)).toMatch(/\.webp$/);
    }
    expect(webName('neroli-morning.jpg')).toBe('neroli-morning.webp');
    expect(webName('IMG_2041 (1).HEIC')).toBe('img-2041-1.webp');
  });

  it('are drawn at most the long side, never larger than taken, smaller steps never under the narrowest picture', () => {
    const [first, ...smaller] = drawSizes(4032, 3024);
    expect(first).toEqual({ width: photoLimits.longSide, height: Math.round((3024 * photoLimits.longSide) / 4032) });
    expect(smaller.length).toBeGreaterThan(0);
    for (const size of smaller) expect(size.width).toBeGreaterThanOrEqual(pictureLimits.minWidth);
    const widths = [first!, ...smaller].map((s) => s.width);
    expect(widths).toEqual([...widths].sort((a, b) => b - a));
    // Upright (portrait): the height is the long side.
    expect(Math.max(...Object.values(drawSizes(3024, 4032)[0]!))).toBe(photoLimits.longSide);
    // A photo within the limit keeps its size; one narrower than a picture may be is never enlarged.
    expect(drawSizes(1600, 1200)[0]).toEqual({ width: 1600, height: 1200 });
    expect(drawSizes(800, 533)).toEqual([{ width: 800, height: 533 }]);
  });

  it('up to the largest photo are taken in; a larger one is refused with the limit and what to do', () => {
    expect(photoProblem({ name: 'a.jpg', size: photoLimits.maxBytes })).toBeUndefined();
    const problem = photoProblem({ name: 'a.jpg', size: photoLimits.maxBytes + 1_000_000 });
    expect(problem).toContain(`at most ${photoLimits.maxBytes / 1_000_000} MB`);
    expect(problem).toContain('choose it again');
  });
});
