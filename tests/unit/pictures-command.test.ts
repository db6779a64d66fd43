/**
 * `npm run pictures -- <file>`: a phone photo made a picture the site can use (tools/content-check/pictures.mjs).
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { maxSide, shrinkPicture, targetBytes, unreadableFormat } from '../../tools/content-check/pictures.mjs';
import { pictureMetadata } from '../../tools/build/published-pictures';
import { fileProblems, formatSize, pictureLimits } from '../../src/schemas/content-limits';

/** A photo-like picture: noise over a gradient, which compresses as poorly as a photo does. */
async function photo(width: number, height: number) {
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 7;
  for (let i = 0; i < pixels.length; i += 1) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    pixels[i] = ((i / 3) % width) * (200 / width) + (seed % 56);
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

describe('shrinkPicture', () => {
  it('makes a 4032 x 3024 phone JPEG with GPS at most 2,400 px and about 500 KB, with no metadata', async () => {
    const input = await (
      await photo(4032, 3024)
    )
      .jpeg({ quality: 95 })
      .withExif({ IFD0: { Make: 'PhoneMaker' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '13/1 45/1 30/1' } })
      .toBuffer();
    expect(input.length).toBeGreaterThan(4_000_000);
    expect((await pictureMetadata(input)).gps).toBe(true);
    const { data, format, width, height } = await shrinkPicture(input);
    expect([format, width, height]).toEqual(['jpeg', maxSide, 1800]);
    expect(data.length).toBeLessThanOrEqual(targetBytes);
    expect(await pictureMetadata(data)).toEqual({ exif: false, gps: false, xmp: false, iptc: false, other: false });
    // The content check then takes it: within the size limit, and wide enough.
    expect(fileProblems('./images/photo.jpg', pictureLimits, { bytes: data.length, width })).toEqual([]);
  }, 60_000);

  it('turns a photo taken upright the way it was taken, and never enlarges a small one', async () => {
    const turned = readFileSync('tests/fixtures/pictures/phone-photo-gps.jpg');
    const { width, height, data } = await shrinkPicture(turned);
    expect([width, height]).toEqual([400, 600]);
    expect((await sharp(data).metadata()).orientation).toBeUndefined();
  });

  it('keeps a PNG a PNG when it fits, and makes it a WebP when only that fits', async () => {
    const flat = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#0b6e69' } })
      .png()
      .toBuffer();
    expect((await shrinkPicture(flat)).format).toBe('png');
    const busy = await (await photo(2000, 1500)).png().toBuffer();
    expect(busy.length).toBeGreaterThan(targetBytes);
    const out = await shrinkPicture(busy);
    expect(out.format).toBe('webp');
    expect(out.data.length).toBeLessThanOrEqual(targetBytes);
  }, 60_000);

  it("makes an iPhone's HEIC photo with GPS a WebP of the same size, with no metadata", async () => {
    // A 1200 x 900 HEIC (HEVC) with camera and GPS EXIF (tests/fixtures/pictures/README.md).
    const heic = readFileSync('tests/fixtures/pictures/phone-photo-gps.heic');
    const inside = await sharp(heic).metadata();
    expect([inside.format, inside.compression]).toEqual(['heif', 'hevc']);
    expect((await pictureMetadata(heic)).gps).toBe(true);
    // This sharp cannot decode it itself: the reason the command brings libheif.
    await expect(sharp(heic).raw().toBuffer()).rejects.toThrow();
    const { data, format, width, height } = await shrinkPicture(heic);
    expect([format, width, height]).toEqual(['webp', 1200, 900]);
    const out = await sharp(data).metadata();
    expect([out.format, out.width, out.height, out.hasAlpha]).toEqual(['webp', 1200, 900, false]);
    expect(await pictureMetadata(data)).toEqual({ exif: false, gps: false, xmp: false, iptc: false, other: false });
    // The pixels are the photo's: the fixture's left edge is dark, its right edge red.
    const { data: pixels } = await sharp(data)
      .extract({ left: 0, top: 440, width: 1200, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(pixels[0]).toBeLessThan(40);
    expect(pixels[1199 * 3]).toBeGreaterThan(215);
  }, 60_000);

  it('writes the WebP of a HEIC photo beside it, and says to name it and delete the HEIC', () => {
    const folder = mkdtempSync(join(tmpdir(), 'pictures-'));
    try {
      const heic = join(folder, 'cedar-path.heic');
      copyFileSync('tests/fixtures/pictures/phone-photo-gps.heic', heic);
      const out = execFileSync(process.execPath, ['scripts/pictures.mjs', heic], { encoding: 'utf8' });
      expect(out).toMatch(
        /^.*cedar-path\.webp: 1200 x 900 px, \d+ KB -> \d+ KB, no metadata \(a new file: name "cedar-path\.webp" in the content file in place of "cedar-path\.heic", then delete "cedar-path\.heic": Git would keep it, location included\)\n$/,
      );
      expect(readdirSync(folder).sort()).toEqual(['cedar-path.heic', 'cedar-path.webp']);
    } finally {
      rmSync(folder, { recursive: true });
    }
  }, 60_000);

  it('says what to do with a file that is not a photo', async () => {
    expect(unreadableFormat('heif')).toBeUndefined();
    expect(unreadableFormat('gif')).toBe('a gif is not a photo this command reads: save it as JPEG, PNG, WebP or HEIC');
    await expect(shrinkPicture(Buffer.from('not a picture'))).rejects.toThrow(
      'a file of unknown kind is not a photo this command reads: save it as JPEG, PNG, WebP or HEIC',
    );
  });

  it('is the command the content check names for a picture over the size limit', () => {
    expect(
      fileProblems('./images/photo.jpg', pictureLimits, { bytes: 4_200_000 }, 'src/content/x/images/photo.jpg'),
    ).toEqual([
      `picture "./images/photo.jpg" is 4.2 MB; a picture may be at most ${formatSize(pictureLimits.maxBytes)}: make it smaller with \`npm run pictures -- src/content/x/images/photo.jpg\` (at most 2,400 px, about 500 KB, no location data)`,
    ]);
    const script = JSON.parse(readFileSync('package.json', 'utf8')).scripts.pictures as string;
    expect(script).toBe('node scripts/pictures.mjs');
  });
});
