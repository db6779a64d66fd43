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
 *   browser cannot decode (src/cms/photo.ts); libheif then fetches /admin/libheif.wasm itself
 *   (src/cms/integration.ts serves both).
 *
 * Plain JavaScript, so the command runs it without a TypeScript loader. libheif applies the
 * turns and mirrors the file's container records, so the pixels are upright; the EXIF of the file
 * (its GPS position among it) is never read: only the pixels are handed back.
 */
import libheif from 'libheif-js/libheif-wasm/libheif.js';

/**
 * @typedef {{ wasmBinary?: Uint8Array, locateFile?: (name: string) => string }} DecoderOptions
 * Where libheif's WebAssembly module comes from: its bytes (Node), or its address (a browser).
 */

/** @type {Map<string, Promise<any>>} libheif started once per place it comes from. */
const started = new Map();

/** @param {DecoderOptions} options */
function decoder(options) {
  const key = options.wasmBinary ? 'bytes' : (options.locateFile?.('libheif.wasm') ?? '');
  let module = started.get(key);
  if (!module) {
    // The module is usable once its runtime is initialised, which is asynchronous in a browser
    // (the WebAssembly is compiled while it downloads) and may be synchronous in Node.
    module = new Promise((resolve, reject) => {
      /** @type {any} */
      let heif;
      const ready = new Promise((initialised) => {
        try {
          heif = libheif({ ...options, onRuntimeInitialized: initialised, onAbort: reject });
        } catch (error) {
          reject(error);
        }
      });
      ready.then(() => resolve(heif));
    });
    started.set(key, module);
    module.catch(() => started.delete(key));
  }
  return module;
}

/**
 * The first (main) picture of a HEIC photo as RGBA pixels, upright. Throws when libheif finds no
 * picture in the bytes (not a HEIF file) or cannot decode it.
 * @param {Uint8Array} bytes the file's bytes
 * @param {DecoderOptions} options
 * @returns {Promise<{ width: number, height: number, data: Uint8ClampedArray }>}
 */
export async function decodeHeic(bytes, options) {
  const heif = await decoder(options);
  const files = new heif.HeifDecoder();
  /** @type {any[]} */
  const images = files.decode(bytes);
  try {
    const image = images[0];
    if (!image) throw new Error('the HEIC file holds no picture');
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
