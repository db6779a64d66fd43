import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { build, type Rollup } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { exifHasGps, pictureMetadata, publishedPicture, publishedPictures } from '../../tools/build/published-pictures';
import { productJsonLd } from '../../src/model/structured-data';

// A 600 x 400 JPEG turned by its EXIF orientation (6), with a camera's make and model, GPS
// coordinates and an XMP block, as a phone writes them (made by tests/fixtures/pictures/make-phone-photo.mjs).
const fixture = resolve('tests/fixtures/pictures/phone-photo-gps.jpg');
const phonePhoto = readFileSync(fixture);

describe('pictures the build publishes', () => {
  it('the fixture carries what a phone photo carries', async () => {
    expect(await pictureMetadata(phonePhoto)).toEqual({ exif: true, gps: true, xmp: true, iptc: false, other: true });
    expect(phonePhoto.includes('PhoneMaker')).toBe(true);
  });

  it('a photo with GPS EXIF comes out with no metadata, turned the way it was taken', async () => {
    const out = await publishedPicture(phonePhoto);
    expect(await pictureMetadata(out)).toEqual({ exif: false, gps: false, xmp: false, iptc: false, other: false });
    expect(out.includes('PhoneMaker')).toBe(false);
    const meta = await sharp(out).metadata();
    // Orientation 6 is a quarter turn: the pixels are turned and the file says nothing more.
    expect([meta.format, meta.width, meta.height, meta.orientation]).toEqual(['jpeg', 400, 600, undefined]);
  });

  it('a picture with nothing to remove is published byte for byte', async () => {
    const clean = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7' } })
      .webp()
      .toBuffer();
    expect(await pictureMetadata(clean)).toEqual({ exif: false, gps: false, xmp: false, iptc: false, other: false });
    expect((await publishedPicture(clean)).equals(clean)).toBe(true);
  });

  it('tells EXIF without GPS from EXIF with it', async () => {
    const camera = await sharp(await sharp(phonePhoto).toBuffer())
      .withExif({ IFD0: { Make: 'PhoneMaker' } })
      .toBuffer();
    const exif = (await sharp(camera).metadata()).exif;
    expect([Boolean(exif), exifHasGps(exif)]).toEqual([true, false]);
    expect(exifHasGps((await sharp(phonePhoto).metadata()).exif)).toBe(true);
  });
});

describe('the build pipeline (the Vite plugin)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'published-pictures-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("writes the photo without metadata, and the item's JSON-LD image names that file", async () => {
    // The asset is emitted as Astro emits a content picture: by the bundle, under a hashed name.
    const entry = join(dir, 'entry.js');
    writeFileSync(entry, `import photo from ${JSON.stringify(fixture)};\nexport default photo;\n`);
    const result = (await build({
      configFile: false,
      root: dir,
      logLevel: 'silent',
      plugins: [publishedPictures()],
      build: {
        write: false,
        assetsInlineLimit: 0,
        rollupOptions: { input: entry, preserveEntrySignatures: 'strict' },
      },
    })) as Rollup.RollupOutput;
    const chunk = result.output.find((file): file is Rollup.OutputChunk => file.type === 'chunk')!;
    const address = /["'`](\/assets\/[^"'`]+\.jpg)["'`]/.exec(chunk.code)?.[1];
    expect(address).toMatch(/^\/assets\/phone-photo-gps-.+\.jpg$/);

    const site = new URL('https://example.test');
    const jsonLd = productJsonLd(
      {
        name: 'Cedar Trail',
        description: 'A woody aroma finish.',
        url: new URL('/products/aroma-finishes/cedar-trail', site),
        category: 'Aroma finishes',
        image: new URL(address!, site).href,
        codes: ['AF-208'],
      },
      { id: `${site.href}#organization`, name: 'The company' },
    );
    const named = new URL(String(jsonLd.image)).pathname.slice(1);
    const published = result.output.find((file) => file.fileName === named);
    expect(published?.type).toBe('asset');
    const bytes = Buffer.from((published as Rollup.OutputAsset).source);
    expect(await pictureMetadata(bytes)).toEqual({ exif: false, gps: false, xmp: false, iptc: false, other: false });
    expect(bytes.includes('PhoneMaker')).toBe(false);
  });
});
