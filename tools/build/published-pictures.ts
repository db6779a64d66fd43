/**
 * Nothing private leaves the build: every raster picture the build publishes (the files Astro
 * copies to /_astro/ for the pictures content names, which the image CDN resizes and the
 * structured data and sharing tags name) is re-encoded without its metadata: EXIF (GPS, camera,
 * maker notes, date), XMP and IPTC. A phone photo's orientation is applied to the pixels first,
 * so it still stands the way it was taken once its EXIF is gone; Astro already reads a turned
 * photo's width and height the turned way, so the page's sizes stay right.
 *
 * A picture that carries none of it (no EXIF, XMP, IPTC, comment or Photoshop block, no
 * orientation to apply) is published as it is: re-encoding all 75 launch pictures took 13 s of
 * every build and made them 17% larger, for nothing to remove.
 *
 * `publishedPictures` is the Vite plugin that does it as the build writes its files (the asset
 * keeps the name Astro gave it); `withoutMetadata` is the re-encoding; `pictureMetadata` says what
 * a file carries, which the check of dist/ and the tests read.
 * docs/decisions/0061-pictures-published-without-metadata.md.
 */
import sharp from 'sharp';
import type { Plugin } from 'vite';

/** File names of the raster pictures the build re-encodes; SVG is text, checked by the content check. */
export const rasterPicture = /\.(jpe?g|png|webp|avif|gif|tiff?)$/i;

/** What metadata a picture carries, read by sharp (libvips). */
export interface PictureMetadata {
  exif: boolean;
  /** GPS data in the EXIF: the IFD0 entry 0x8825 (GPSInfo) and the tags it points to. */
  gps: boolean;
  xmp: boolean;
  iptc: boolean;
  /** Anything else that is not pixels: a comment or text chunk, a Photoshop block, an orientation to apply. */
  other: boolean;
}

/** Reads the unsigned integers of a TIFF structure (EXIF is one), in its byte order. */
function tiffReader(tiff: Buffer) {
  const little = tiff.toString('latin1', 0, 2) === 'II';
  return {
    u16: (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at)),
    u32: (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at)),
  };
}

/**
 * Whether an EXIF block (as sharp gives it: "Exif\0\0" then a TIFF structure) holds GPS data: its
 * first directory has a GPSInfo entry pointing at a directory with at least one tag.
 */
export function exifHasGps(exif: Buffer | undefined): boolean {
  if (!exif || exif.length < 14) return false;
  const tiff = exif.toString('latin1', 0, 4) === 'Exif' ? exif.subarray(6) : exif;
  try {
    const { u16, u32 } = tiffReader(tiff);
    const ifd0 = u32(4);
    const entries = u16(ifd0);
    for (let i = 0; i < entries; i += 1) {
      const entry = ifd0 + 2 + i * 12;
      if (u16(entry) === 0x8825) {
        const gpsDirectory = u32(entry + 8);
        return gpsDirectory + 2 <= tiff.length && u16(gpsDirectory) > 0;
      }
    }
    return false;
  } catch {
    // A directory pointing past the end: a damaged block; whatever it holds is published, so say so.
    return true;
  }
}

/** What metadata the picture in `data` carries. */
export async function pictureMetadata(data: Buffer): Promise<PictureMetadata> {
  const meta = await sharp(data).metadata();
  return {
    exif: Boolean(meta.exif),
    gps: exifHasGps(meta.exif),
    xmp: Boolean(meta.xmp),
    iptc: Boolean(meta.iptc),
    other: Boolean(meta.comments?.length || meta.tifftagPhotoshop || (meta.orientation ?? 1) !== 1),
  };
}

/** Whether a picture carries anything but its pixels (and its colour profile). */
export const carriesMetadata = (meta: PictureMetadata) => meta.exif || meta.xmp || meta.iptc || meta.other;

/** The picture as the build publishes it: without metadata, re-encoded only when it carries some. */
export async function publishedPicture(data: Buffer): Promise<Buffer> {
  return carriesMetadata(await pictureMetadata(data)) ? withoutMetadata(data) : data;
}

/**
 * The picture re-encoded in its own format with no metadata: orientation applied to the pixels,
 * colours converted to sRGB (sharp's default once the profile is dropped). Quality stays high:
 * this file is the original the image CDN resizes, and what the structured data names.
 */
export async function withoutMetadata(data: Buffer): Promise<Buffer> {
  const image = sharp(data, { animated: true }).autoOrient();
  const { format } = await sharp(data).metadata();
  switch (format) {
    case 'jpeg':
      return image.jpeg({ quality: 90, mozjpeg: true }).toBuffer();
    case 'png':
      return image.png({ compressionLevel: 9 }).toBuffer();
    case 'webp':
      return image.webp({ quality: 90 }).toBuffer();
    // sharp names an AVIF file's format "heif".
    case 'heif':
      return image.avif({ quality: 70 }).toBuffer();
    case 'gif':
      return image.gif().toBuffer();
    case 'tiff':
      return image.tiff().toBuffer();
    default:
      throw new Error(`cannot re-encode a ${format ?? 'unknown'} picture without its metadata`);
  }
}

/**
 * The Vite plugin: in every build (each of Astro's environments writes the assets it emitted),
 * each raster picture among the files written that carries metadata is replaced by its copy
 * without it.
 */
export function publishedPictures(): Plugin {
  return {
    name: 'published-pictures-without-metadata',
    apply: 'build',
    async generateBundle(_options, bundle) {
      await Promise.all(
        Object.values(bundle).map(async (file) => {
          if (file.type !== 'asset' || !rasterPicture.test(file.fileName) || typeof file.source === 'string') return;
          file.source = await publishedPicture(Buffer.from(file.source));
        }),
      );
    },
  };
}
