/**
 * Renders the site's mark (src/assets/favicon.svg) into the PNG icons browsers and phones ask
 * for. Run it after changing the mark: `node scripts/make-icons.mjs` (the outputs are committed).
 */
import sharp from 'sharp';
import { readFile } from 'node:fs/promises';

const svg = await readFile(new URL('../src/assets/favicon.svg', import.meta.url));
const out = (name) => new URL(`../public/${name}`, import.meta.url).pathname;

for (const [name, size, padding] of [
  ['favicon-32.png', 32, 0],
  ['apple-touch-icon.png', 180, 20],
  ['icon-192.png', 192, 16],
  ['icon-512.png', 512, 48],
]) {
  const inner = size - 2 * padding;
  const mark = await sharp(svg, { density: 300 }).resize(inner, inner).png().toBuffer();
  await sharp({
    create: {
      width: size,
      height: size,
      channels: 4,
      background: padding ? '#ffffff' : { r: 0, g: 0, b: 0, alpha: 0 },
    },
  })
    .composite([{ input: mark, top: padding, left: padding }])
    .png({ compressionLevel: 9 })
    .toFile(out(name));
  console.log(name);
}
