/**
 * npm run bench -- --catalogue N: how build cost grows with the catalogue. Copies the project to
 * a temporary folder, adds 0, N/2 and N synthetic (valid) catalogue items spread over the seven
 * categories, builds each, and reports build time and output size. Goal: 1,000 extra items in
 * under 60 s on 2 cores, growing linearly.
 *
 * The synthetic items reuse the pictures already in the catalogue. A build only copies pictures
 * (Netlify Image CDN resizes and encodes them when first requested), so a new picture an editor
 * adds costs the copy of one file.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const kinds = {
  'aroma-finishes': (i) => `kind: aroma\nname: Synthetic Aroma ${i}\nvariantName: AF-S${i}\nscentFamily: Floral\naudience: Unisex\ndescription: Synthetic fragrance variant number ${i} for build benchmarks.`,
  'essential-oil-actives': (i) => `kind: essential-oil\nname: Synthetic Oil ${i}\nvariant: EOA-S${i}\nproperties: [Volatile, Aromatic]\nbenefits: [Freshness ${i}]`,
  'functional-actives': (i) => `kind: plant-slurry\nname: Synthetic Slurry ${i}\nvariant: PS-S${i}\ntype: Microencapsulated slurry\ndescription: Synthetic plant slurry ${i}.\napplicationMethods: [Pad]\nindustries: [Apparel]`,
  pigments: (i) => `kind: pigment-category\ntitle: Synthetic Pigment ${i}\ndescription: Synthetic pigment range ${i}.\nseries: [S-${i}]\nadvantages: [Bright]\nindustries: [Apparel]\nmethods: [Screen print]`,
  'printing-auxiliaries': (i) => `kind: printing-auxiliary\ntitle: Synthetic Auxiliary ${i}\ndescription: Synthetic auxiliary ${i}.\nvariants: [PA-S${i}]\napplicationMethods: [Screen print]\nindustry: [Apparel]`,
  'speciality-finishes': (i) => `kind: speciality-finish\ntitle: Synthetic Finish ${i}\ndescription: Synthetic finish ${i}.\nfinishes: [F-${i}]\nindustries: [Apparel]\napplications: [Garments]\nfeatures: [Durable]`,
  'speciality-prints': (i) => `kind: speciality-print\ntitle: Synthetic Print ${i}\nprintCategory: Dimensional\nvariants: [SP-S${i}]\ndescription: Synthetic print effect ${i}.\ninformation: Cure 150 °C for 3 minutes.\napplicationMethod: Screen print\nindustry: [Apparel]`,
};

function dirSize(dir) {
  return readdirSync(dir).reduce((n, name) => {
    const path = join(dir, name);
    const s = statSync(path);
    return n + (s.isDirectory() ? dirSize(path) : s.size);
  }, 0);
}

function buildWith(extra) {
  const root = mkdtempSync(join(tmpdir(), 'bench-catalogue-'));
  try {
    for (const entry of ['astro.config.mjs', 'tsconfig.json', 'package.json', 'netlify.toml', 'src', 'public', 'scripts']) {
      cpSync(entry, join(root, entry), { recursive: true });
    }
    symlinkSync(join(process.cwd(), 'node_modules'), join(root, 'node_modules'));
    const categories = Object.keys(kinds);
    for (let i = 1; i <= extra; i++) {
      const category = categories[i % categories.length];
      const folder = join(root, 'src/content/products', category);
      const picture = readdirSync(join(folder, 'images'))[i % readdirSync(join(folder, 'images')).length];
      writeFileSync(
        join(folder, `synthetic-${i}.md`),
        `---\n${kinds[category](i)}\ncategory: ${category}\norder: ${1000 + i}\nimage: ./images/${picture}\nimageAlt: Synthetic item ${i}\n---\n`,
      );
    }
    const started = performance.now();
    const result = spawnSync('astro', ['build', '--root', root], { encoding: 'utf8' });
    const seconds = (performance.now() - started) / 1000;
    if (result.status !== 0) throw new Error(`build with ${extra} extra items failed:\n${result.stdout}\n${result.stderr}`);
    return { extra, seconds, bytes: dirSize(join(root, 'dist')) };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

export async function benchCatalogue(n) {
  const points = [0, Math.round(n / 2), n].map((extra) => {
    const point = buildWith(extra);
    console.error(`built with ${extra} extra items in ${point.seconds.toFixed(1)} s`);
    return point;
  });
  const [base, half, full] = points;
  const perItem = (full.seconds - base.seconds) / n;
  const firstHalf = half.seconds - base.seconds;
  const secondHalf = full.seconds - half.seconds;
  const linear = Math.abs(secondHalf - firstHalf) <= Math.max(0.25 * Math.max(firstHalf, secondHalf), 2);
  const projected = base.seconds + perItem * 1000;
  console.log('| extra items | build s | output MB |\n|---|---|---|');
  for (const p of points) console.log(`| ${p.extra} | ${p.seconds.toFixed(1)} | ${(p.bytes / 1024 / 1024).toFixed(1)} |`);
  console.log(`\n${(perItem * 1000).toFixed(1)} ms per extra item; first half +${firstHalf.toFixed(1)} s, second half +${secondHalf.toFixed(1)} s: ${linear ? 'linear' : 'NOT linear'}.`);
  console.log(`Projected build with 1,000 extra items: ${projected.toFixed(1)} s (goal < 60 s).`);
  return projected < 60 && linear ? 0 : 1;
}
