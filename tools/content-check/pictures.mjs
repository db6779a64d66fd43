// @ts-check
/**
 * `npm run pictures -- <file>...`: makes a photo from a phone or a camera a picture the site can
 * use, in place: the long side at most `maxSide` (2,400 px), the file about `targetBytes`
 * (500 KB) or less, and no metadata (EXIF with its GPS position, XMP, IPTC, comments), the
 * orientation the photo was taken in applied to its pixels. JPEG, PNG and WebP are read; a JPEG
 * or WebP stays one, a PNG that is still too large as a PNG becomes a WebP beside it (the content
 * file then names the new file). HEIC cannot be read: the sharp of this project reads HEIF files
 * with AV1 pictures only (AVIF), not the HEVC pictures of a phone's HEIC.
 *
 * The content check names this command when a picture is over its size limit
 * (src/schemas/content-limits.ts). Plain JavaScript, so scripts/pictures.mjs runs it directly.
 */
import sharp from 'sharp';

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
  if (format === 'jpeg' || format === 'png' || format === 'webp') return undefined;
  if (format === 'heif')
    return 'HEIC photos cannot be read here (this sharp reads AVIF only, not the HEVC pictures of a phone): on the phone, export or share the photo as JPEG (on an iPhone: Settings > Camera > Formats > Most Compatible), then run this again';
  return `a ${format ?? 'file of unknown kind'} is not a photo this command reads: save it as JPEG, PNG or WebP`;
}

/**
 * The picture in `input` made web-sized, without metadata.
 * @param {Buffer} input the file's bytes
 * @returns {Promise<{ data: Buffer, format: 'jpeg' | 'png' | 'webp', width: number, height: number }>}
 */
export async function shrinkPicture(input) {
  let format;
  try {
    format = (await sharp(input).metadata()).format;
  } catch {
    format = undefined;
  }
  const unreadable = unreadableFormat(format);
  if (unreadable) throw new Error(unreadable);
  // Turned as it was taken, then no longer than maxSide on either side; never enlarged.
  const resized = async () => {
    const { data, info } = await sharp(input)
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
  let kind = format === 'png' ? 'png' : format === 'webp' ? 'webp' : 'jpeg';
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
