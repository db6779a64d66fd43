/**
 * renderArtwork(): turns a subject description into an original abstract illustration.
 *
 *   import { renderArtwork } from './render.mjs';
 *   const webp = await renderArtwork({ subject: 'microencapsulation', colour: 'violet', seed: 'og/home' });
 *
 * The picture is an SVG drawn from seeded randomness and rasterised by sharp (librsvg), so
 * the same inputs always give the same pixels and nothing is fetched from the network.
 */
import sharp from 'sharp';
import { Scene } from './svg.mjs';
import { createRng } from './random.mjs';
import { ramp, companionOf, RAMPS } from './palette.mjs';
import { chooseRecipe } from './motifs/index.mjs';
import { background, finish } from './motifs/background.mjs';

/**
 * What to draw: free-text subject, colour name (or hex), seed and size in pixels.
 * @typedef {object} ArtworkOptions
 * @property {string} [subject] keywords pick the motif ("water repellent", "foil print"…)
 * @property {string} [colour] teal, indigo, emerald, amber, rose, violet, sky (or any hex colour)
 * @property {string | number} [seed] varies the composition; defaults to subject + colour
 * @property {number} [width] default 1200
 * @property {number} [height] default 800
 */

/**
 * Lower-cased words, with separators unified, so recipes can match "anti-static" or "Anti Static".
 * @param {unknown} subject
 */
export const normaliseSubject = (subject) => ` ${String(subject ?? '').toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim()} `;

/**
 * Build the SVG markup only (handy for tests or for embedding).
 * @param {ArtworkOptions} [options]
 * @returns {{ svg: string, recipe: string }} the markup and the name of the motif drawn
 */
export function artworkSvg({ subject = '', colour = 'teal', seed, width = 1200, height = 800 } = {}) {
  const text = normaliseSubject(subject);
  const recipe = chooseRecipe(text);
  const colourKey = String(colour ?? 'teal').trim().toLowerCase();
  const rng = createRng(seed ?? `${text}|${colourKey}`);
  const pal = ramp(colourKey);
  const accentName = Array.isArray(recipe.accent) ? rng.pick(recipe.accent) : recipe.accent;
  const s = new Scene({
    width: Math.round(width),
    height: Math.round(height),
    rng,
    pal,
    comp: companionOf(RAMPS[colourKey] ? colourKey : 'slate'),
    acc: accentName ? RAMPS[accentName] : pal,
    tone: recipe.tone ?? 'light',
    subject: text,
  });
  // Focus slightly off centre, chosen by seed: cards crop to the middle, so stay within it.
  s.fx = s.w * (0.5 + rng.pick([-0.08, 0, 0.08]) + rng.jitter(0, 0.02));
  s.fy = s.h * (0.5 + rng.jitter(0, 0.03));
  // Each layer gets its own stream so tweaking one motif does not reshuffle the backdrop.
  const backdropRng = rng.fork('backdrop');
  const motifRng = rng.fork('motif');
  s.rng = backdropRng;
  const back = background(s, { texture: recipe.texture });
  s.rng = motifRng;
  const body = recipe.draw(s);
  s.rng = rng;
  return { svg: s.toString(back + body + finish(s)), recipe: recipe.name };
}

/**
 * Rasterise an SVG string; `format` is webp (default), png, jpeg or avif.
 * @param {string} svg
 * @param {{ format?: string, quality?: number }} [options]
 * @returns {Promise<Buffer>}
 */
export function rasterise(svg, { format = 'webp', quality = 80 } = {}) {
  // The backdrop is opaque, so the alpha channel would only cost bytes and encoding time.
  const image = sharp(Buffer.from(svg), { density: 72 }).removeAlpha();
  switch (format) {
    case 'png':
      return image.png({ compressionLevel: 9 }).toBuffer();
    case 'jpg':
    case 'jpeg':
      return image.jpeg({ quality, mozjpeg: true }).toBuffer();
    case 'avif':
      return image.avif({ quality: Math.round(quality * 0.7) }).toBuffer();
    case 'webp':
      // Effort 2 halves encoding time against the default 4 for a few percent more bytes.
      return image.webp({ quality, effort: 2 }).toBuffer();
    default:
      throw new Error(`unsupported image format "${format}" (use webp, png, jpeg or avif)`);
  }
}

/**
 * Render an illustration to an image buffer.
 * @param {ArtworkOptions & { format?: 'webp' | 'png' | 'jpeg' | 'avif', quality?: number }} [options] format default webp, quality default 80
 * @returns {Promise<Buffer>}
 */
export async function renderArtwork({ subject = '', colour = 'teal', seed, width = 1200, height = 800, format = 'webp', quality = 80 } = {}) {
  const { svg } = artworkSvg({ subject, colour, seed, width, height });
  return rasterise(svg, { format, quality });
}
