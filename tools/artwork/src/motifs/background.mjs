/**
 * Backdrop shared by every picture: a diagonal two-tone gradient, a few large soft light
 * pools and a faint "lab paper" texture (dots, hexagons, lines or orbits). The texture is
 * chosen per subject family so a category keeps one look while the seed moves everything else.
 */
import { el, g, n } from '../svg.mjs';
import { mix, sampleStops } from '../palette.mjs';
import { glowDataUri } from '../raster.mjs';
/** @typedef {import('../svg.mjs').Scene} Scene */
/** @typedef {import('../palette.mjs').Stop} Stop */
/** The backdrop's "lab paper" pattern. @typedef {'dots' | 'lines' | 'grid' | 'hex'} Texture */

/**
 * @param {Scene} s
 * @param {{ texture?: Texture }} [options]
 */
export function background(s, { texture = 'dots' } = {}) {
  const { w, h, pal, comp, rng } = s;
  const deep = s.tone === 'deep';
  const flip = rng.chance(0.5);
  /** @type {Stop[]} */
  const stops =
    deep
      ? [
          // Deep grounds lean towards navy so night scenes read as night in every colour.
          [0, mix(pal[950], '#0b1226', 0.6)],
          [0.55, mix(pal[900], '#0b1226', 0.7)],
          [1, mix(pal[800], comp[900], 0.5)],
        ]
      : [
          [0, mix(pal[50], '#ffffff', 0.2)],
          [0.5, mix(pal[100], comp[100], 0.3)],
          [1, mix(pal[200], comp[300], 0.4)],
        ];
  // Diagonal gradient across the canvas, rendered as a stretched PNG (see smoothRect).
  const parts = [s.smoothRect({}, (x, y) => sampleStops(stops, ((flip ? x : 1 - x) + y) / 2))];

  // Light pools sit near the corners so they never compete with the central motif.
  /** @type {[colour: string, opacity: number][]} */
  const pools = deep
    ? [
        [pal[600], 0.45],
        [comp[600], 0.35],
        [pal[400], 0.2],
      ]
    : [
        ['#ffffff', 0.75],
        [pal[200], 0.55],
        [comp[200], 0.5],
      ];
  pools.forEach(([colour, op], i) => {
    const x = (i === 0 ? (flip ? 0.15 : 0.85) : rng.range(0, 1)) * w;
    const y = (i === 0 ? 0.1 : rng.range(0.3, 1)) * h;
    parts.push(s.glow(x, y, h * rng.range(0.4, 0.6), colour, op));
  });

  parts.push(textureLayer(s, texture));
  return parts.join('');
}

/**
 * @param {Scene} s
 * @param {Texture} texture
 */
function textureLayer(s, texture) {
  const { w, h, pal, rng, u } = s;
  const deep = s.tone === 'deep';
  const ink = deep ? pal[300] : pal[500];
  const size = 26 * u;
  const line = { stroke: ink, 'stroke-width': 1 * u, fill: 'none' };
  /** @type {Record<Texture, [tileWidth: number, tileHeight: number, draw: (tw: number, th: number) => string]>} */
  const tiles = {
    dots: [size, size, (tw, th) => el('circle', { cx: tw / 2, cy: th / 2, r: 1.5 * u, fill: ink })],
    lines: [size * 0.5, size * 0.5, (tw, th) => el('path', { d: `M0 ${th}L${tw} 0`, ...line })],
    grid: [size, size, (tw, th) => el('path', { d: `M${tw} 0V${th}H0`, ...line, 'stroke-width': 0.8 * u })],
    // Honeycomb: one hexagon and the halves of its neighbours; the tile is rounded to whole
    // pixels, so the hexagons are scaled to fit it exactly (a sub-pixel squash).
    hex: [size * 0.75 * Math.sqrt(3), size * 2.25, (tw, th) => {
      /**
       * @param {number} cx
       * @param {number} cy
       */
      const hx = (cx, cy) =>
        Array.from({ length: 6 }, (_, i) => {
          const a = (Math.PI / 3) * i + Math.PI / 6;
          return `${n(cx + (Math.cos(a) * tw) / Math.sqrt(3))},${n(cy + (Math.sin(a) * th) / 3)}`;
        }).join(' ');
      return [hx(tw / 2, th / 3), hx(0, (th * 5) / 6), hx(tw, (th * 5) / 6)].map((points) => el('polygon', { points, ...line })).join('');
    }],
  };
  const draw = tiles[texture];
  const parts = [];
  if (draw) {
    const fill = s.pattern(`texture-${texture}-${ink}`, draw[0], draw[1], draw[2]);
    // The texture fades out from one corner so it reads as detail, not as wallpaper. Only
    // that corner's quarter-ellipse is drawn: masks cost per pixel of the masked area.
    const right = rng.chance(0.5);
    const bottom = rng.chance(0.5);
    const r = h * 0.8;
    const cx = right ? w * 0.92 : w * 0.08;
    const cy = bottom ? h * 0.88 : h * 0.12;
    const x = Math.round(Math.max(0, cx - r));
    const y = Math.round(Math.max(0, cy - r));
    const box = { x, y, width: Math.round(Math.min(w, cx + r)) - x, height: Math.round(Math.min(h, cy + r)) - y };
    const maskId = s.id('m');
    const fade = el('image', { x: cx - r, y: cy - r, width: 2 * r, height: 2 * r, preserveAspectRatio: 'none', href: glowDataUri('#ffffff', 1, 'linear') });
    s.defs.push(el('mask', { id: maskId, maskUnits: 'userSpaceOnUse', ...box }, fade));
    parts.push(g({ mask: `url(#${maskId})` }, el('rect', { ...box, fill, 'fill-opacity': deep ? 0.22 : 0.28 })));
  }
  if (rng.chance(0.35)) {
    // Thin orbit rings: a quiet nod to the diagrams of a technical data sheet.
    const cx = rng.range(0.3, 0.7) * w;
    const cy = rng.range(0.35, 0.65) * h;
    for (let k = 0; k < 2; k++) {
      parts.push(el('circle', { cx, cy, r: h * (0.42 + k * 0.16), fill: 'none', stroke: deep ? pal[300] : '#ffffff', 'stroke-width': 1.2 * u, 'stroke-opacity': deep ? 0.16 : 0.55 }));
    }
  }
  return parts.join('');
}

/**
 * Final light: a soft key light along the top and a gentle darkening at the bottom edge.
 * @param {Scene} s
 */
export function finish(s) {
  const { h, pal } = s;
  const deep = s.tone === 'deep';
  const [r, g, b] = sampleStops([[0, pal[900]]], 0);
  // Stretched PNG bands (see smoothRect): gradients over the full canvas cost per pixel.
  return [
    s.smoothRect({ height: h * 0.35, cols: 1, rows: 16 }, (_, v) => [255, 255, 255, (deep ? 0.04 : 0.12) * (1 - v)]),
    s.smoothRect({ y: h * 0.78, height: h * 0.22, cols: 1, rows: 16 }, (_, v) => [r, g, b, (deep ? 0.3 : 0.1) * v]),
  ].join('');
}
