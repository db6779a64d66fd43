/**
 * Photos made web-sized on their way into /admin (docs/decisions/0065). A photo straight from a
 * phone (4032 x 3024 px, 4 MB or more, with the place it was taken in its EXIF) is decoded in the
 * editor's browser, drawn at most `photoLimits.longSide` px on its long side, and encoded again as
 * WebP until it is about `photoLimits.targetBytes` or less. Drawing it on a canvas keeps only the
 * pixels: EXIF (GPS, camera, time), XMP, IPTC and colour-profile notes are all left behind, so
 * nothing but the picture is ever committed.
 *
 * src/cms/admin.ts calls `webSized` on the files chosen in the media library, before Decap reads
 * them; bundled with the preview into /admin/preview.js (src/cms/integration.ts). The sizes are
 * pure functions, unit-tested; the decoding and encoding are the browser's.
 */
import { pictureLimits } from '../schemas/content-limits';

export const photoLimits = {
  /** The largest photo the editor takes in, in bytes (1 MB = 1,000,000 bytes, as Decap counts). */
  maxBytes: 20_000_000,
  /** The long side of a stored picture, at most, in pixels: twice the widest layout's 1,200 px. */
  longSide: 2400,
  /** What a stored picture aims at, in bytes: smaller steps are tried until it fits. */
  targetBytes: 500_000,
  /** WebP qualities tried in turn at each size. */
  qualities: [0.82, 0.72, 0.62, 0.52, 0.42] as readonly number[],
  /** Each smaller size tried is this share of the one before. */
  shrink: 0.85,
} as const;

/** Kinds of picture the editor makes web-sized: what a phone or a camera saves. SVG is a drawing, kept as it is. */
const photoTypes = /^image\/(jpeg|png|webp|heic|heif)$/i;
const photoExtensions = /\.(jpe?g|png|webp|heic|heif)$/i;

/** Whether `file` is a HEIC photo (an iPhone's default format), by its type or its name. */
export const isHeic = (file: { name: string; type: string }) =>
  /^image\/hei[cf](-sequence)?$/i.test(file.type) || /\.hei[cf]$/i.test(file.name);

/** Whether `file` is a photo to make web-sized (by its type, or by its name when the browser gives no type, as for HEIC). */
export const isPhoto = (file: { name: string; type: string }) =>
  photoTypes.test(file.type) || (!file.type && photoExtensions.test(file.name)) || isHeic(file);

/** "IMG_2041 (1).HEIC" -> "img-2041-1.webp": the name a web-sized photo is stored under. */
export function webName(name: string, extension = 'webp'): string {
  const base = name.replace(/\.[^.]*$/, '');
  const slug = base
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${slug || 'photo'}.${extension}`;
}

/**
 * The sizes to draw a `width` x `height` photo at, largest first: the photo itself, or its long
 * side brought down to `photoLimits.longSide`; then each `shrink` smaller, never narrower than the
 * site's narrowest picture (`pictureLimits.minWidth`; a narrower photo is kept at its own size, and
 * the form says it is too narrow). Never larger than the photo.
 */
export function drawSizes(width: number, height: number): { width: number; height: number }[] {
  const first = Math.min(1, photoLimits.longSide / Math.max(width, height));
  const sizes = [{ width: Math.round(width * first), height: Math.round(height * first) }];
  for (
    let scale = first * photoLimits.shrink;
    Math.round(width * scale) >= pictureLimits.minWidth;
    scale *= photoLimits.shrink
  )
    sizes.push({ width: Math.round(width * scale), height: Math.round(height * scale) });
  return sizes;
}

/** Why a photo is not taken in, in words that say what to do; undefined when it is. */
export function photoProblem(file: { name: string; size: number }): string | undefined {
  if (file.size <= photoLimits.maxBytes) return undefined;
  const mb = (bytes: number) => `${Number((bytes / 1_000_000).toFixed(1))} MB`;
  return `"${file.name}" is ${mb(file.size)}; a photo may be at most ${mb(photoLimits.maxBytes)}. Export it smaller from the phone or the photo app (for example as "Large" or "High" rather than "Actual size") and choose it again.`;
}

/**
 * Where /admin serves the HEIC decoder for browsers that cannot decode HEIC themselves (all but
 * Safari): src/cms/heic.mjs bundled, and libheif's WebAssembly module, which it fetches
 * (src/cms/integration.ts writes both). Loaded only when such a photo is chosen.
 */
export const heicFiles = { script: '/admin/heic.js', wasm: '/admin/libheif.wasm' } as const;

/** Said to the editor in place of a HEIC photo that neither the browser nor the decoder can read. */
export const heicWords = (name: string) =>
  `"${name}" could not be read as a HEIC photo. On the phone or computer, share or export it as JPEG (iPhone: "Save as JPEG" when sharing, or Settings > Camera > Formats > Most Compatible), then choose it again.`;

/**
 * A HEIC photo decoded by libheif (docs/decisions/0085), for a browser that cannot decode it: the
 * decoder (about 1.5 MB, 0.5 MB compressed) is fetched now, the first time it is needed, and
 * never with /admin itself. Its pixels come upright and without the file's EXIF.
 */
async function heicBitmap(file: File): Promise<ImageBitmap> {
  try {
    const { decodeHeic } = (await import(/* @vite-ignore */ heicFiles.script)) as typeof import('./heic.mjs');
    const wasm = async () => {
      const response = await fetch(heicFiles.wasm);
      if (!response.ok) throw new Error(`${heicFiles.wasm}: ${response.status}`);
      return new Uint8Array(await response.arrayBuffer());
    };
    const { data, width, height } = await decodeHeic(new Uint8Array(await file.arrayBuffer()), wasm);
    return await createImageBitmap(new ImageData(data as Uint8ClampedArray<ArrayBuffer>, width, height));
  } catch (error) {
    throw new Error(heicWords(file.name), { cause: error });
  }
}

/** Encodes the canvas as `type` at `quality` (0-1); a browser that cannot write the type gives PNG. */
const encode = (canvas: HTMLCanvasElement, quality: number, type: string) =>
  new Promise<Blob>((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('the picture could not be encoded'))),
      type,
      quality,
    ),
  );

/**
 * The web-sized copy of a photo: a WebP file (JPEG where the browser cannot write WebP) named by `webName`, at most `photoLimits.longSide`
 * px on its long side and, where it can be, `photoLimits.targetBytes` or less, with no metadata
 * (only the canvas's pixels are encoded). The photo is turned the way its EXIF says first, as
 * phones save upright photos on their side. A HEIC photo the browser cannot decode is decoded by
 * libheif, loaded for it (`heicBitmap`); one that neither can read throws `heicWords`. Another file
 * the browser cannot decode is returned as it is (the form and the build judge it).
 */
export async function webSized(file: File, doc: Document = document): Promise<File> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    // A HEIC photo where the browser cannot decode HEIC (Chromium, Firefox): libheif decodes it,
    // and it goes on as any photo does.
    if (!isHeic(file)) return file;
    bitmap = await heicBitmap(file);
  }
  try {
    const canvas = doc.createElement('canvas');
    // WebP; JPEG in a browser that cannot write WebP (Safari before 18 gives PNG instead).
    let type = 'image/webp';
    const stored = (blob: Blob) =>
      new File([blob], webName(file.name, blob.type === 'image/jpeg' ? 'jpg' : 'webp'), { type: blob.type });
    let smallest: Blob | undefined;
    for (const size of drawSizes(bitmap.width, bitmap.height)) {
      canvas.width = size.width;
      canvas.height = size.height;
      const context = canvas.getContext('2d')!;
      context.imageSmoothingQuality = 'high';
      context.drawImage(bitmap, 0, 0, size.width, size.height);
      for (const quality of photoLimits.qualities) {
        let blob = await encode(canvas, quality, type);
        if (blob.type !== type) blob = await encode(canvas, quality, (type = 'image/jpeg'));
        if (!smallest || blob.size < smallest.size) smallest = blob;
        if (blob.size <= photoLimits.targetBytes) return stored(blob);
      }
    }
    return stored(smallest!);
  } finally {
    bitmap.close();
  }
}
