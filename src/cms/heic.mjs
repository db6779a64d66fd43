// @ts-check
/**
 * HEIC photos (an iPhone's default format: HEVC pictures in a HEIF file) decoded to pixels with
 * libheif compiled to WebAssembly (`libheif-js`), for what cannot decode them itself: the sharp of
 * `npm run pictures` (it reads HEIF with AV1 pictures only, AVIF) and every browser but Safari
 * (docs/decisions/0085). One decoder for both, so Git and /admin read a photo alike:
 *
 * - `npm run pictures` (tools/content-check/pictures.mjs) gives libheif the WebAssembly module's
 *   bytes, read from node_modules;
 * - /admin loads this file, bundled as /admin/heic.js, only when a HEIC photo is chosen that the
 *   browser cannot decode (src/cms/photo.ts), and gives it /admin/libheif.wasm, fetched then
 *   (src/cms/integration.ts serves both).
 *
 * Plain JavaScript, so the command runs it without a TypeScript loader. libheif applies the
 * turns and mirrors the file's container records, so the pixels are upright; the EXIF of the file
 * (its GPS position among it) is never read: only the pixels are handed back.
 */
import libheif from 'libheif-js/libheif-wasm/libheif.js';

/** @type {Promise<any> | undefined} libheif, started once, the first time a photo is decoded. */
let started;

/**
 * libheif, ready. This build of it compiles its WebAssembly module synchronously from bytes it is
 * given (it cannot fetch them itself in a browser), so `wasm` brings them: read from node_modules
 * in Node, fetched from /admin in a browser. It is called once.
 * @param {() => Promise<Uint8Array>} wasm
 */
function decoder(wasm) {
  started ??= wasm().then(
    (wasmBinary) =>
      new Promise((resolve, reject) => {
        /** @type {any} */
        let heif;
        // Usable once its runtime is initialised, which may happen before the call returns.
        const ready = new Promise((initialised) => {
          heif = libheif({ wasmBinary, onRuntimeInitialized: initialised, onAbort: reject });
        });
        ready.then(() => resolve(heif), reject);
      }),
  );
  started.catch(() => (started = undefined));
  return started;
}

/**
 * The picture of a HEIC photo (its first top-level one: a phone's photo has one) as RGBA pixels, upright. Throws when the bytes are not a
 * HEIF file or libheif finds no picture in them or cannot decode it.
 * @param {Uint8Array} bytes the file's bytes
 * @param {() => Promise<Uint8Array>} wasm brings libheif's WebAssembly module (libheif-js/libheif-wasm/libheif.wasm)
 * @returns {Promise<{ width: number, height: number, data: Uint8ClampedArray }>}
 */
export async function decodeHeic(bytes, wasm) {
  // Every HEIF file starts with its file-type box; anything else is refused here, before libheif
  // (which would only log that it cannot parse it).
  if (String.fromCharCode(...bytes.subarray(4, 8)) !== 'ftyp')
    throw new Error('the file is not a HEIC photo inside, whatever its name says');
  const heif = await decoder(wasm);
  const files = new heif.HeifDecoder();
  /** @type {any[]} */
  const images = files.decode(bytes);
  try {
    const image = images[0];
    if (!image) throw new Error('libheif found no picture in the file');
    const width = image.get_width();
    const height = image.get_height();
    /** @type {{ data: Uint8ClampedArray, width: number, height: number }} */
    const pixels = { data: new Uint8ClampedArray(width * height * 4), width, height };
    await new Promise((resolve, reject) =>
      image.display(pixels, (/** @type {unknown} */ shown) =>
        shown ? resolve(shown) : reject(new Error('the HEIC picture could not be decoded')),
      ),
    );
    return pixels;
  } finally {
    for (const image of images) image.free();
    files.decoder.delete();
  }
}
