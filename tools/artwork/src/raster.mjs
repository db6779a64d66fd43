/**
 * Tiny PNG encoder for smooth backdrops. librsvg fills gradients pixel by pixel (about 20 ms
 * for a full 1200 × 800 canvas), while a small PNG of the same colours stretched by cairo costs
 * almost nothing and looks identical: a smooth gradient has no detail to lose in the upscale.
 */
import zlib from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** @param {Buffer} buf */
function crc32(buf) {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/**
 * @param {string} type four ASCII letters
 * @param {Buffer} data
 */
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * RGBA PNG; `pixel(x, y)` returns [r, g, b, a] with channels 0–255 and a 0–1.
 * @param {number} width
 * @param {number} height
 * @param {(x: number, y: number) => number[]} pixel
 */
export function png(width, height, pixel) {
  const stride = width * 4 + 1;
  const raw = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++) {
    raw[y * stride] = 0; // filter type: none
    for (let x = 0; x < width; x++) {
      const [r, g, b, a] = pixel(x, y);
      const o = y * stride + 1 + x * 4;
      raw[o] = Math.round(r);
      raw[o + 1] = Math.round(g);
      raw[o + 2] = Math.round(b);
      raw[o + 3] = Math.round(255 * Math.max(0, Math.min(1, a)));
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type: RGBA
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', zlib.deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/** @param {Buffer} buffer */
export const toDataUri = (buffer) => `data:image/png;base64,${buffer.toString('base64')}`;

/** @param {string} hex `#rrggbb` */
export const rgbOf = (hex) => {
  const h = hex.replace('#', '');
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16));
};

/** @type {Map<string, string>} */
const glows = new Map();

/**
 * A 64 px glow in `hex` peaking at `opacity`: bright core, long soft shoulder (0.45 at 45 %
 * of the radius), smoothed with a cosine at the rim so no edge ever shows.
 * @param {string} hex
 * @param {number} opacity
 * @param {'soft' | 'linear'} [falloff]
 * @returns {string}
 */
export function glowDataUri(hex, opacity, falloff = 'soft') {
  const key = `${hex}|${opacity.toFixed(3)}|${falloff}`;
  let uri = glows.get(key);
  if (uri === undefined) {
    const rgb = rgbOf(hex);
    const size = 64;
    const buffer = png(size, size, (x, y) => {
      const d = Math.hypot(x + 0.5 - size / 2, y + 0.5 - size / 2) / (size / 2);
      if (d >= 1) return [...rgb, 0];
      const a = falloff === 'linear' ? 1 - d : d < 0.45 ? 1 - (d / 0.45) * 0.55 : 0.45 * (1 - (d - 0.45) / 0.55);
      return [...rgb, opacity * a * (0.5 + 0.5 * Math.cos(Math.PI * d ** 4))];
    });
    uri = toDataUri(buffer);
    glows.set(key, uri);
  }
  return uri;
}
