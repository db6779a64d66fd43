/**
 * Nothing private or unsafe leaves the build: no picture in dist/ carries GPS data or any other
 * metadata (EXIF, XMP, IPTC), every picture the structured data and the sharing tags name is such
 * a file of the build (src/build/published-pictures.ts), and every SVG is served, by `npm start`'s
 * server as by Netlify, with the policy under which no script in it runs (src/security/headers.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, inject, it as test } from 'vitest';
import { carriesMetadata, pictureMetadata, rasterPicture } from '../../tools/build/published-pictures';
import { svgPolicy } from '../../src/security/headers';
import { builtFiles, dist } from '../support/site';
import { all, attribute, readPage, text } from '../support/html';

/** Every file under dist/, the editor's and the function's folders included. */
const everyFile = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? everyFile(join(dir, entry.name)) : [join(dir, entry.name)],
  );

/** What metadata each picture carries, by its path under dist/, for those that carry some. */
async function picturesWithMetadata(files: readonly string[]) {
  const found: Record<string, string[]> = {};
  for (const file of files) {
    const meta = await pictureMetadata(readFileSync(file));
    if (carriesMetadata(meta))
      found[relative(dist, file)] = Object.entries(meta).flatMap(([kind, has]) => (has ? [kind] : []));
  }
  return found;
}

test('no published picture carries GPS data or other metadata', async () => {
  const pictures = everyFile(dist).filter((file) => rasterPicture.test(file));
  expect(pictures.filter((file) => file.includes(`${join(dist, '_astro')}/`)).length).toBeGreaterThan(10);
  expect(await picturesWithMetadata(pictures)).toEqual({});
});

test('the structured data and the sharing tags name only pictures of the build without metadata', async () => {
  const named = new Set<string>();
  const images = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(images);
    else if (value && typeof value === 'object')
      for (const [key, inner] of Object.entries(value)) {
        if (key === 'image' || key === 'logo') [inner].flat().forEach((v) => typeof v === 'string' && named.add(v));
        else images(inner);
      }
  };
  for (const file of builtFiles()) {
    const page = readPage(file);
    for (const script of all('script[type="application/ld+json"]', page)) images(JSON.parse(text(script)));
    for (const meta of all('meta[property="og:image"], meta[name="twitter:image"]', page))
      named.add(attribute(meta, 'content') ?? '');
  }
  const paths = [...named].map((address) => new URL(address, 'https://site.invalid').pathname);
  // Item pages name their own pictures (under /_astro/), every page a sharing picture.
  expect(paths.some((path) => path.startsWith('/_astro/'))).toBe(true);
  expect(paths.some((path) => path.startsWith('/og/'))).toBe(true);
  const files = paths.filter((path) => rasterPicture.test(path)).map((path) => join(dist, decodeURIComponent(path)));
  expect(files.length).toBe(paths.filter((path) => !path.endsWith('.svg')).length);
  expect(await picturesWithMetadata(files)).toEqual({});
});

test('every SVG is served with the policy under which no script runs', async () => {
  const site = inject('site');
  const svgs = everyFile(dist)
    .filter((file) => /\.svg$/i.test(file))
    .map((file) => `/${relative(dist, file).split('\\').join('/')}`);
  // The certification badges, at least.
  expect(svgs.filter((path) => path.startsWith('/_astro/')).length).toBeGreaterThan(0);
  const sent: Record<string, string | null> = {};
  for (const path of svgs) {
    const answer = await fetch(new URL(path, site));
    await answer.arrayBuffer();
    expect(answer.status, path).toBe(200);
    sent[path] = answer.headers.get('content-security-policy');
  }
  expect(sent).toEqual(Object.fromEntries(svgs.map((path) => [path, svgPolicy])));
});
