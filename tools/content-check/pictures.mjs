// @ts-check
/**
 * `npm run pictures -- <file>...`: makes a photo from a phone or a camera a picture the site can
 * use, in place: the long side at most `maxSide` (2,400 px), the file about `targetBytes`
 * (500 KB) or less, and no metadata (EXIF with its GPS position, XMP, IPTC, comments), the
 * orientation the photo was taken in applied to its pixels. JPEG, PNG, WebP, HEIC and AVIF are
 * read; a JPEG or WebP stays one, a PNG that is still too large as a PNG becomes a WebP beside it,
 * and a HEIC (or AVIF) photo, which the site does not take, always does (the content file then
 * names the new file). sharp decodes all but HEIC: the sharp of this project reads HEIF files with
 * AV1 pictures only (AVIF), so a phone's HEIC (HEVC pictures) is decoded by libheif compiled to
 * WebAssembly, the decoder /admin loads for it too (src/cms/heic.mjs, docs/decisions/0085).
 *
 * The content check names this command when a picture is over its size limit
 * (src/schemas/content-limits.ts). Plain JavaScript, so scripts/pictures.mjs runs it directly.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { decodeHeic } from '../../src/cms/heic.mjs';

export { formatSize } from '../../src/text/sizes.mjs';

/** Longest side of a picture, in pixels: twice the widest place a picture is shown (1,200 px). */
export const maxSide = 2400;

/** About the largest file a picture should be, in bytes (1 KB = 1,000 bytes, as the limits count). */
export const targetBytes = 500_000;

/** Qualities tried in turn until the file is small enough (JPEG and WebP). */
const qualities = [82, 76, 70, 64, 58, 52, 46, 40];

/**
 * Why a file cannot be made a picture, or undefined when it can.
 * @param {string | undefined} format sharp's name of the file's format
 */
export function unreadableFormat(format) {
  if (format === 'jpeg' || format === 'png' || format === 'webp' || format === 'heif') return undefined;
  return `a ${format ?? 'file of unknown kind'} is not a photo this command reads: save it as JPEG, PNG, WebP or HEIC`;
}

/**
 * A HEIC photo's pixels, as sharp takes raw pixels.
 * @param {Buffer} input
 */
async function heicPixels(input) {
  const wasm = createRequire(import.meta.url).resolve('libheif-js/libheif-wasm/libheif.wasm');
  const { data, width, height } = await decodeHeic(input, async () => readFileSync(wasm));
  // libheif hands back RGBA; a phone's photo is opaque, and the alpha would only cost bytes.
  return sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), {
    raw: { width, height, channels: 4 },
  }).removeAlpha();
}

/**
 * The picture in `input` made web-sized, without metadata.
 * @param {Buffer} input the file's bytes
 * @returns {Promise<{ data: Buffer, format: 'jpeg' | 'png' | 'webp', width: number, height: number }>}
 */
export async function shrinkPicture(input) {
  let format, compression;
  try {
    ({ format, compression } = await sharp(input).metadata());
  } catch {
    format = undefined;
  }
  const unreadable = unreadableFormat(format);
  if (unreadable) throw new Error(unreadable);
  // HEIF with anything but AV1 pictures (AVIF) is a phone's HEIC, which this sharp cannot decode.
  const heic = format === 'heif' && compression !== 'av1';
  // Turned as it was taken (libheif turns a HEIC itself), then no longer than maxSide on either
  // side; never enlarged.
  const resized = async () => {
    const { data, info } = await (heic ? await heicPixels(input) : sharp(input))
      .autoOrient()
      .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data, raw: { width: info.width, height: info.height, channels: info.channels } };
  };
  const { data: pixels, raw } = await resized();
  const from = () => sharp(pixels, { raw });
  /** @param {'jpeg' | 'png' | 'webp'} kind @param {number} quality */
  const encode = (kind, quality) =>
    kind === 'jpeg'
      ? from().jpeg({ quality, mozjpeg: true }).toBuffer()
      : kind === 'webp'
        ? from().webp({ quality }).toBuffer()
        : from()
            .png({ compressionLevel: 9, palette: quality < 100 })
            .toBuffer();
  /** @param {'jpeg' | 'png' | 'webp'} kind */
  const smallest = async (kind) => {
    let data = await encode(kind, qualities[0] ?? 80);
    for (const quality of qualities.slice(1)) {
      if (data.length <= targetBytes) break;
      data = await encode(kind, quality);
    }
    return data;
  };
  /** @type {'jpeg' | 'png' | 'webp'} */
  let kind = format === 'png' ? 'png' : format === 'webp' || format === 'heif' ? 'webp' : 'jpeg';
  let data;
  if (kind === 'png') {
    data = await encode('png', 100);
    if (data.length > targetBytes) data = await encode('png', 90);
    if (data.length > targetBytes) {
      kind = 'webp';
      data = await smallest('webp');
    }
  } else data = await smallest(kind);
  return { data, format: kind, width: raw.width, height: raw.height };
}
