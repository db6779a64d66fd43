/**
 * Photos made web-sized in /admin (src/cms/photo.ts): which files are photos, the sizes they are
 * drawn at, the names they are stored under, and the largest photo taken in; the HEIC decoder and
 * how /admin loads it. The drawing and the encoding are the browser's (tests/e2e/admin.spec.ts
 * commits a phone photo through /admin, and a HEIC photo through the decoder).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { decodeHeic } from '../../src/cms/heic.mjs';
import { editorFiles, editorScripts, heicBundle, scriptBundle } from '../../src/cms/integration';
import { drawSizes, heicFiles, isHeic, isPhoto, photoLimits, photoProblem, webName } from '../../src/cms/photo';
import { cmsBackend } from '../../src/cms/backend';
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

describe('HEIC photos in /admin', () => {
  it('are known by their type or, where the browser gives none, their name', () => {
    expect(isHeic({ name: 'IMG_0001.HEIC', type: '' })).toBe(true);
    expect(isHeic({ name: 'photo', type: 'image/heic' })).toBe(true);
    expect(isHeic({ name: 'photo.heif', type: 'image/heif' })).toBe(true);
    expect(isHeic({ name: 'photo.jpg', type: 'image/jpeg' })).toBe(false);
    expect(isPhoto({ name: 'photo', type: 'image/heic' })).toBe(true);
  });

  it('are decoded by libheif: pixels only, upright; a file that is not one is refused', async () => {
    const wasm = createRequire(import.meta.url).resolve('libheif-js/libheif-wasm/libheif.wasm');
    const heic = readFileSync('tests/fixtures/pictures/phone-photo-gps.heic');
    const { width, height, data } = await decodeHeic(heic, async () => readFileSync(wasm));
    expect([width, height, data.length]).toEqual([1200, 900, 1200 * 900 * 4]);
    // The fixture's gradient: dark on the left, red on the right, opaque.
    const row = 440 * 1200 * 4;
    expect(data[row]).toBeLessThan(40);
    expect(data[row + 1199 * 4]).toBeGreaterThan(215);
    expect(data[row + 3]).toBe(255);
    await expect(
      decodeHeic(new TextEncoder().encode('not a photo at all'), async () => readFileSync(wasm)),
    ).rejects.toThrow('the file is not a HEIC photo inside, whatever its name says');
  }, 60_000);

  it('are decoded by a file /admin loads only then: none of the decoder is in what /admin loads first', async () => {
    const [decoder, ...first] = await Promise.all([heicBundle(), ...[...editorScripts.keys()].map(scriptBundle)]);
    expect(decoder).toContain('HeifDecoder');
    for (const script of first) expect(script).not.toContain('HeifDecoder');
    expect(first.join('\n')).toContain(JSON.stringify(heicFiles.script));
    // The WebAssembly module is one of /admin's files, fetched by the decoder.
    const files = await editorFiles(cmsBackend({}));
    expect(files.get(heicFiles.wasm.slice('/admin/'.length))).toMatch(/libheif\.wasm$/);
    expect(heicFiles.script.slice('/admin/'.length)).not.toBe(heicFiles.wasm.slice('/admin/'.length));
  }, 60_000);
});
