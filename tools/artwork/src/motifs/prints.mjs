/**
 * Speciality print effects: raised (puff, high-density, silicone, rubber), metallic (foil,
 * ribbons, glitter, pearl), light effects (glow, reflective, photo- and thermochromic) and
 * surface effects (discharge, suede, crackle, devoré, gel, scented).
 */
import { el, g, n, smoothPath, polar, blobPoints } from '../svg.mjs';
import { mix, RAMPS, METALS } from '../palette.mjs';
import { capsule, highlight, shadow, sparkle, dropletPath, fabric } from './elements.mjs';
import { packCircles, scentTrail } from './science.mjs';
import { fabricFloor, fabricSwatch } from './ground.mjs';
/** @typedef {import('../svg.mjs').Scene} Scene */
/** @typedef {import('../palette.mjs').Stop} Stop */
/** @typedef {import('../palette.mjs').Ramp} Ramp */
/** @typedef {import('../svg.mjs').Point} Point */
/** @typedef {import('../random.mjs').Rng} Rng */

const { amber, orange, yellow, lime, green, emerald, cyan, sky, blue, violet, purple, fuchsia, pink, rose, red, stone, slate } = RAMPS;

/**
 * @param {string} d path data
 * @param {string} colour
 * @param {number} width
 * @param {import('../svg.mjs').Attrs} [extra]
 */
const stroke = (d, colour, width, extra = {}) => el('path', { d, fill: 'none', stroke: colour, 'stroke-width': width, 'stroke-linecap': 'round', 'stroke-linejoin': 'round', ...extra });
/** @param {Point[]} pts */
const poly = (pts) => pts.map(([x, y]) => `${n(x)},${n(y)}`).join(' ');

/**
 * Rounded graphic shapes a print design might use (never letters: pictures carry no text).
 * @param {Rng} rng
 * @param {number} x
 * @param {number} y
 * @param {number} r
 * @param {string} kind
 */
function printShape(rng, x, y, r, kind) {
  switch (kind) {
    case 'flower': {
      // Rose-curve outline: rounded petals with narrow notches between them.
      const lobes = rng.int(5, 6);
      const rot = rng.range(0, Math.PI);
      const pts = Array.from({ length: lobes * 8 }, (_, i) => {
        const a = (i / (lobes * 8)) * Math.PI * 2;
        return polar(x, y, r * (0.42 + 0.58 * Math.abs(Math.cos((lobes * a) / 2)) ** 0.7), a + rot);
      });
      return smoothPath(pts);
    }
    case 'ring':
      return `M${n(x - r)} ${n(y)}a${n(r)} ${n(r)} 0 1 0 ${n(r * 2)} 0a${n(r)} ${n(r)} 0 1 0 ${n(-r * 2)} 0ZM${n(x - r * 0.5)} ${n(y)}a${n(r * 0.5)} ${n(r * 0.5)} 0 1 1 ${n(r)} 0a${n(r * 0.5)} ${n(r * 0.5)} 0 1 1 ${n(-r)} 0Z`;
    case 'pill': {
      const a = rng.range(0, Math.PI);
      const [x1, y1] = polar(x, y, r * 0.8, a);
      const [x2, y2] = polar(x, y, -r * 0.8, a);
      const pts = [];
      for (let i = 0; i <= 8; i++) pts.push(polar(x1, y1, r * 0.45, a - Math.PI / 2 + (i / 8) * Math.PI));
      for (let i = 0; i <= 8; i++) pts.push(polar(x2, y2, r * 0.45, a + Math.PI / 2 + (i / 8) * Math.PI));
      return smoothPath(pts);
    }
    case 'drop':
      return dropletPath(x, y + r * 0.4, r * 0.7);
    default:
      return smoothPath(blobPoints(rng, x, y, r, { count: 7, wobble: 0.16 }));
  }
}

/**
 * Raised prints on a knit: puff (soft), gloss (silicone), matt (rubber).
 * @param {Scene} s
 * @param {string} style
 */
export function raisedPrint(s, style) {
  const { rng, u, w, h } = s;
  const parts = [];
  const floor = fabricFloor(s, { top: 0.3, kind: 'knit', pitch: 46, curve: 0.03, a: style === 'matt' ? stone : s.pal });
  parts.push(floor.markup);
  const ramps = style === 'matt' ? [s.acc, rose, sky, amber, emerald] : style === 'gloss' ? [s.acc, cyan, fuchsia] : [s.pal, s.acc, slate];
  const spots = packCircles(rng, { cx: s.fx, cy: h * 0.64, rx: w * 0.38, ry: h * 0.24, count: rng.int(6, 8), rMin: 44 * u, rMax: 104 * u, gap: 20 * u, power: 1.2 });
  spots.sort((a, b) => a[1] - b[1]);
  spots.forEach(([x, y, r], i) => {
    const kind = rng.pick(style === 'gloss' ? ['pill', 'drop', 'blob', 'pill'] : ['flower', 'ring', 'pill', 'blob', 'drop']);
    const d = printShape(rng, x, y, r, kind);
    const ramp = ramps[i % ramps.length];
    const lift = (style === 'matt' ? 8 : 14) * u;
    parts.push(el('path', { d, fill: s.pal[950], opacity: 0.18, transform: `translate(${n(lift * 0.6)} ${n(lift * 1.3)})`, 'fill-rule': 'evenodd' }));
    if (style === 'puff') {
      // Puff ink: pale, soft, lit from the top-left like a cushion.
      parts.push(el('path', { d, fill: s.radial([[0, '#ffffff'], [0.55, mix(ramp[100], '#ffffff', 0.3)], [1, ramp[300]]], { fx: 0.35, fy: 0.3, r: 0.65 }), 'fill-rule': 'evenodd' }));
      parts.push(el('path', { d, fill: 'none', stroke: ramp[400], 'stroke-width': 2 * u, 'stroke-opacity': 0.5 }));
    } else if (style === 'gloss') {
      parts.push(el('path', { d, fill: s.radial([[0, mix(ramp[200], '#ffffff', 0.3)], [0.6, ramp[400]], [1, ramp[700]]], { fx: 0.4, fy: 0.35, r: 0.7 }), 'fill-rule': 'evenodd' }));
      parts.push(highlight(s, x - r * 0.3, y - r * 0.35, r * 0.35, r * 0.12, -30, 0.95));
      parts.push(highlight(s, x + r * 0.3, y + r * 0.3, r * 0.15, r * 0.06, -30, 0.6));
    } else {
      // Matt rubber: flat bold colour, only a soft inner edge shade, no specular light.
      parts.push(el('path', { d, fill: ramp[500], 'fill-rule': 'evenodd' }));
      parts.push(el('path', { d, fill: s.radial([[0, '#ffffff', 0.12], [0.7, '#ffffff', 0], [1, '#000000', 0.14]], { r: 0.6 }), 'fill-rule': 'evenodd' }));
    }
  });
  return parts.join('');
}

/**
 * High-density print: crisp isometric blocks rising from a fabric plane.
 * @param {Scene} s
 */
export function densityBlocks(s) {
  const { rng, u, h } = s;
  const floor = fabricFloor(s, { top: 0.4, kind: 'plain', pitch: 42, angle: 45, squash: 0.5, curve: 0.02 });
  const parts = [floor.markup];
  const a = 62 * u;
  const b = a * 0.5;
  const cells = [];
  const cols = 5;
  for (let i = 0; i < cols; i++) {
    for (let j = 0; j < cols; j++) {
      if (rng.chance(0.38)) continue;
      const x = s.fx + (i - j) * a;
      const y = h * 0.6 + (i + j) * b - cols * b * 0.5;
      const dist = Math.hypot(i - 2, j - 2);
      cells.push([x, y, (rng.range(60, 190) - dist * 30) * u, i + j]);
    }
  }
  cells.sort((p, q) => p[3] - q[3]);
  const ramps = [s.pal, s.acc, s.comp];
  for (const [x, y, hgt0, k] of cells) {
    const hgt = Math.max(18 * u, hgt0);
    const ramp = ramps[k % ramps.length];
    const top = [[x, y - b - hgt], [x + a, y - hgt], [x, y + b - hgt], [x - a, y - hgt]];
    const left = [[x - a, y], [x, y + b], [x, y + b - hgt], [x - a, y - hgt]];
    const right = [[x, y + b], [x + a, y], [x + a, y - hgt], [x, y + b - hgt]];
    parts.push(el('polygon', { points: poly(left), fill: s.linear([[0, ramp[400]], [1, ramp[500]]]) }));
    parts.push(el('polygon', { points: poly(right), fill: s.linear([[0, ramp[600]], [1, ramp[700]]]) }));
    parts.push(el('polygon', { points: poly(top), fill: s.linear([[0, mix(ramp[100], '#ffffff', 0.5)], [1, ramp[200]]]), stroke: '#ffffff', 'stroke-width': 1.5 * u, 'stroke-opacity': 0.8, 'stroke-linejoin': 'round' }));
  }
  return parts.join('');
}

/**
 * Metal gradient across a shape, with the hard light bands that read as "mirror".
 * @param {Scene} s
 * @param {string} metal
 * @param {number} [angle]
 * @param {boolean} [mirror]
 */
function metalFill(s, metal, angle = 0, mirror = true) {
  const [light, mid, dark, sheen, deep] = METALS[metal];
  /** @type {Stop[]} */
  const stops = mirror
    ? [[0, mid], [0.3, light], [0.42, sheen], [0.5, dark], [0.62, mid], [0.8, light], [1, deep]]
    : [[0, dark], [0.25, mid], [0.45, light], [0.6, mid], [0.85, sheen], [1, dark]];
  const c = Math.cos((angle * Math.PI) / 180) / 2;
  const sn = Math.sin((angle * Math.PI) / 180) / 2;
  return s.linear(stops, { x1: 0.5 - c, y1: 0.5 - sn, x2: 0.5 + c, y2: 0.5 + sn });
}

/**
 * Foil print: angular mirror-bright shards in gold, silver and rose gold.
 * @param {Scene} s
 */
export function foil(s) {
  const { rng, u, w, h } = s;
  const parts = [];
  const metals = ['gold', 'silver', 'gold', 'rose', 'silver', 'gold'];
  const count = 9;
  for (let k = 0; k < count; k++) {
    const a = (k / count) * Math.PI * 2 + rng.jitter(0, 0.25);
    const [cx, cy] = polar(s.fx, s.fy, (k === 0 ? 0 : rng.range(0.12, 0.33)) * h * 1.1, a);
    const r = (k === 0 ? 170 : rng.range(60, 130)) * u;
    const sides = rng.int(3, 5);
    const pts = Array.from({ length: sides }, (_, i) => polar(cx, cy, r * rng.range(0.7, 1.1), a + (i / sides) * Math.PI * 2 + rng.jitter(0, 0.3)));
    const metal = metals[k % metals.length];
    parts.push(el('polygon', { points: poly(pts), fill: '#000000', opacity: 0.25, transform: `translate(${n(10 * u)} ${n(18 * u)})` }));
    parts.push(el('polygon', { points: poly(pts), fill: metalFill(s, metal, rng.range(0, 180)), stroke: METALS[metal][0], 'stroke-width': 1.5 * u, 'stroke-linejoin': 'round' }));
    parts.push(sparkle(s, pts[0][0], pts[0][1], rng.range(10, 22) * u));
  }
  for (let k = 0; k < 12; k++) parts.push(sparkle(s, rng.range(0.05, 0.95) * w, rng.range(0.05, 0.95) * h, rng.range(4, 12) * u, '#fff7d6', 0.8));
  return parts.join('');
}

/**
 * Metallic print: twisting ribbons in brushed gold, silver and copper, shaded per segment.
 * @param {Scene} s
 */
export function metallicRibbons(s) {
  const { rng, u, w, h } = s;
  const parts = [];
  ['silver', 'gold', 'copper'].forEach((metal, k) => {
    const [light, mid, dark, sheen] = METALS[metal];
    const y0 = h * (0.28 + k * 0.22) + rng.jitter(0, 20 * u);
    const amp = rng.range(60, 110) * u;
    const phase = rng.range(0, Math.PI * 2);
    const twist = rng.range(1, 1.6);
    const width = rng.range(110, 150) * u;
    const N = 90;
    /** @param {number} t */
    const centre = (t) => [(-0.1 + 1.2 * t) * w, y0 + Math.sin(t * Math.PI * 2 * 0.8 + phase) * amp - t * 60 * u];
    for (let i = 0; i < N; i++) {
      const t0 = i / N;
      const t1 = (i + 1) / N;
      const quad = [];
      for (const [t, dir] of [[t0, 1], [t1, 1], [t1, -1], [t0, -1]]) {
        const [x, y] = centre(t);
        const [x2, y2] = centre(t + 0.001);
        const len = Math.hypot(x2 - x, y2 - y);
        const nx = -(y2 - y) / len;
        const ny = (x2 - x) / len;
        const half = (width / 2) * Math.cos(t * Math.PI * twist + phase);
        quad.push([x + nx * half * dir, y + ny * half * dir]);
      }
      // Lighting follows the twist: faces turned to the viewer catch the light.
      const lit = Math.abs(Math.cos(((t0 + t1) / 2) * Math.PI * twist + phase));
      const colour = lit > 0.9 ? mix(light, sheen, (lit - 0.9) * 10) : lit > 0.55 ? mix(mid, light, (lit - 0.55) / 0.35) : mix(dark, mid, lit / 0.55);
      parts.push(el('polygon', { points: poly(quad), fill: colour, stroke: colour, 'stroke-width': 0.8 * u }));
    }
    // Brushed finish: fine streaks along the ribbon.
    for (let j = -2; j <= 2; j++) {
      const pts = Array.from({ length: 20 }, (_, i) => {
        const t = i / 19;
        const [x, y] = centre(t);
        return [x, y + (j * width * 0.12) * Math.cos(t * Math.PI * twist + phase)];
      });
      parts.push(stroke(smoothPath(pts, false), '#ffffff', 1 * u, { opacity: 0.25 }));
    }
  });
  for (let k = 0; k < 10; k++) parts.push(sparkle(s, rng.range(0.05, 0.95) * w, rng.range(0.05, 0.95) * h, rng.range(5, 14) * u));
  return parts.join('');
}

/**
 * Glitter: faceted flakes in gold, silver and pink, thick along a sweeping band.
 * @param {Scene} s
 */
export function glitter(s) {
  const { rng, u, w, h } = s;
  const parts = [];
  const colours = [METALS.gold, METALS.silver, METALS.rose, [pink[100], pink[300], pink[600], pink[200], pink[800]]];
  const phase = rng.range(0, Math.PI * 2);
  /** @param {number} t */
  const band = (t) => [(-0.05 + 1.1 * t) * w, s.fy + Math.sin(t * Math.PI * 1.6 + phase) * h * 0.18];
  parts.push(stroke(smoothPath(Array.from({ length: 9 }, (_, i) => band(i / 8)), false), '#ffffff', h * 0.3, { opacity: 0.25 }));
  for (let k = 0; k < 700; k++) {
    const t = rng.next();
    const [bx, by] = band(t);
    const spread = (rng.next() + rng.next() + rng.next() - 1.5) * h * (k % 5 ? 0.18 : 0.6);
    const x = bx + rng.jitter(0, 30 * u);
    const y = by + spread;
    if (y < -10 || y > h + 10) continue;
    const r = rng.range(4, 13) * u * (1 - Math.min(0.6, Math.abs(spread) / h));
    const c = rng.pick(colours);
    const facet = rng.pick([0, 1, 1, 2, 3]);
    const pts = Array.from({ length: 6 }, (_, i) => polar(x, y, r, (i / 6) * Math.PI * 2 + rng.range(0, 1)));
    parts.push(el('polygon', { points: poly(pts), fill: c[facet], opacity: rng.range(0.75, 1) }));
    if (rng.chance(0.05)) parts.push(sparkle(s, x, y, r * rng.range(2.5, 4)));
  }
  return parts.join('');
}

/**
 * Pearl print: iridescent layers shifting from white to lilac and pale gold, with pearls.
 * @param {Scene} s
 */
export function pearl(s) {
  const { rng, u, w, h } = s;
  const parts = [];
  const irid = [['#ffffff', violet[200], amber[200]], [violet[200], '#ffffff', pink[200]], [amber[200], violet[300], '#ffffff'], [sky[200], violet[200], amber[100]]];
  for (let k = 0; k < 5; k++) {
    const y0 = h * (0.3 + k * 0.14);
    const phase = rng.range(0, Math.PI * 2);
    const pts = Array.from({ length: 8 }, (_, i) => [(-0.1 + (1.2 * i) / 7) * w, y0 + Math.sin(i * 0.85 + phase) * 50 * u]);
    const crest = smoothPath(pts, false);
    const [c0, c1, c2] = irid[k % irid.length];
    parts.push(el('path', { d: `${crest}L${n(w * 1.1)} ${n(h + 5)}L${n(-w * 0.1)} ${n(h + 5)}Z`, fill: s.linear([[0, c0], [0.4, c1], [0.8, c2], [1, c0]], { x1: 0, y1: 0, x2: 1, y2: 0.4 }), opacity: 0.92 }));
    parts.push(stroke(crest, '#ffffff', 3 * u, { opacity: 0.9 }));
    parts.push(stroke(crest, violet[300], 1.2 * u, { opacity: 0.6, transform: `translate(0 ${n(6 * u)})` }));
  }
  const pearls = packCircles(rng, { cx: s.fx, cy: h * 0.45, rx: w * 0.36, ry: h * 0.26, count: 8, rMin: 22 * u, rMax: 96 * u, gap: 14 * u, power: 1.6 });
  for (const [x, y, r] of pearls) {
    parts.push(shadow(s, x + r * 0.15, y + r * 0.95, r * 0.9, r * 0.2, 0.22));
    parts.push(el('circle', { cx: x, cy: y, r, fill: s.radial([[0, '#ffffff'], [0.5, mix(violet[50], '#ffffff', 0.3)], [0.8, pink[100]], [1, violet[300]]], { fx: 0.38, fy: 0.32 }) }));
    parts.push(el('circle', { cx: x, cy: y, r, fill: s.linear([[0, amber[100], 0], [0.5, amber[200], 0.35], [1, sky[200], 0.4]], { x1: 0, y1: 0, x2: 1, y2: 1 }) }));
    parts.push(highlight(s, x - r * 0.35, y - r * 0.4, r * 0.3, r * 0.15, -35, 0.95));
  }
  return parts.join('');
}

/**
 * Glow-in-the-dark: luminous stars, dots and a crescent on a night ground.
 * @param {Scene} s
 */
export function glow(s) {
  const { rng, u, w, h } = s;
  const parts = [];
  const ink = [lime, green, emerald];
  /**
   * @param {number} x
   * @param {number} y
   * @param {number} r
   * @param {number} [points]
   * @param {number} [rot]
   */
  const star = (x, y, r, points = 5, rot = -Math.PI / 2) => poly(Array.from({ length: points * 2 }, (_, i) => polar(x, y, i % 2 ? r * 0.45 : r, rot + (i / (points * 2)) * Math.PI * 2)));
  const spots = packCircles(rng, { cx: s.fx, cy: s.fy, rx: w * 0.44, ry: h * 0.4, count: 14, rMin: 14 * u, rMax: 80 * u, gap: 24 * u, power: 1.8 });
  spots.forEach(([x, y, r], i) => {
    const ramp = ink[i % ink.length];
    parts.push(s.glow(x, y, r * 2.4, ramp[400], 0.45));
    if (i === 0) {
      // The crescent: a disc with a darker disc bitten out of it, using evenodd.
      // Crescent: a disc with an offset disc masked out of it (the mask covers only this area).
      const box = { x: Math.floor(x - r - 2), y: Math.floor(y - r - 2), width: Math.ceil(2 * r + 4), height: Math.ceil(2 * r + 4) };
      const mask = s.mask(el('rect', { ...box, fill: '#ffffff' }) + el('circle', { cx: x + r * 0.42, cy: y - r * 0.28, r: r * 0.86, fill: '#000000' }), box);
      parts.push(g({ mask }, el('circle', { cx: x, cy: y, r, fill: s.radial([[0, lime[100]], [1, lime[400]]]) })));
    } else {
      parts.push(el('polygon', { points: star(x, y, r, i % 3 ? 5 : 4, rng.range(0, 1)), fill: s.radial([[0, '#ffffff'], [0.4, ramp[200]], [1, ramp[400]]]), 'stroke-linejoin': 'round', stroke: ramp[300], 'stroke-width': 2 * u }));
    }
  });
  for (let k = 0; k < 60; k++) {
    const x = rng.range(0, w);
    const y = rng.range(0, h);
    parts.push(el('circle', { cx: x, cy: y, r: rng.range(1, 3.2) * u, fill: lime[200], opacity: rng.range(0.3, 0.9) }));
  }
  return parts.join('');
}

/**
 * Reflective print: silver micro-bead stripes returning headlight beams at night.
 * @param {Scene} s
 */
export function reflective(s) {
  const { rng, u, w, h } = s;
  const parts = [];
  const angle = rng.range(-22, -12);
  const cx = s.fx;
  const cy = s.fy + h * 0.05;
  const src = [rng.pick([-0.05, 1.05]) * w, h * rng.range(0.05, 0.2)];
  // Incoming beam (wide, faint) and retro-reflected beam (narrow, bright) share one axis.
  for (const [spread, op] of [[0.16, 0.12], [0.07, 0.22], [0.025, 0.5]]) {
    const dx = cx - src[0];
    const dy = cy - src[1];
    const len = Math.hypot(dx, dy);
    const nx = (-dy / len) * len * spread;
    const ny = (dx / len) * len * spread;
    parts.push(el('polygon', { points: poly([src, [cx + nx, cy + ny], [cx - nx, cy - ny]]), fill: s.linear([[0, '#ffffff', op * 0.3], [1, '#ffffff', op]], { user: true, x1: src[0], y1: src[1], x2: cx, y2: cy }) }));
  }
  const band = g({ transform: `translate(${n(cx)} ${n(cy)}) rotate(${n(angle)})` }, [
    el('rect', { x: -w, y: -110 * u, width: w * 2, height: 220 * u, fill: mix(s.pal[900], '#0b1226', 0.5), opacity: 0.9 }),
    ...[-60, 60].map((oy) => el('rect', { x: -w, y: oy * u - 34 * u, width: w * 2, height: 68 * u, fill: s.linear([[0, '#e2e8f0'], [0.45, '#ffffff'], [0.55, '#cbd5e1'], [1, '#94a3b8']]) })),
    ...[-60, 60].map((oy) => el('rect', { x: -w, y: oy * u - 34 * u, width: w * 2, height: 68 * u, fill: microBeads(s), opacity: 0.55 })),
  ]);
  parts.push(band);
  parts.push(s.glow(cx, cy, 220 * u, '#ffffff', 0.55));
  parts.push(sparkle(s, cx, cy, 60 * u));
  for (let k = 0; k < 8; k++) parts.push(sparkle(s, cx + rng.jitter(0, w * 0.4), cy + rng.jitter(0, 80 * u), rng.range(6, 14) * u));
  return parts.join('');
}

/** @param {Scene} s */
function microBeads(s) {
  return s.pattern('beads', 8 * s.u, 8 * s.u, (tw, th) => el('circle', { cx: tw / 2, cy: th / 2, r: 2.2 * s.u, fill: '#94a3b8' }));
}

/**
 * Discharge print: a bleached floral pattern glowing out of a dark knit.
 * @param {Scene} s
 */
export function discharge(s) {
  const { rng, u, w, h } = s;
  /**
   * @param {Ramp} r
   * @returns {Ramp}
   */
  const dark = (r) => ({ ...r, 50: r[600], 100: r[700], 200: r[800], 300: r[800], 400: r[900], 500: r[900] });
  const parts = [fabric(s, { kind: 'knit', pitch: 30, angle: 0, a: dark(s.pal), b: dark(s.comp), base: s.pal[950], light: 0.4 })];
  parts.push(el('rect', { width: w, height: h, fill: mix(s.pal[950], '#0b1226', 0.5), opacity: 0.55 }));
  const motifs = packCircles(rng, { cx: s.fx, cy: s.fy, rx: w * 0.42, ry: h * 0.38, count: 6, rMin: 50 * u, rMax: 150 * u, gap: 30 * u, power: 1.3 });
  for (const [x, y, r] of motifs) {
    parts.push(s.glow(x, y, r * 1.25, s.pal[100], 0.35));
    const petals = rng.int(6, 9);
    for (let k = 0; k < petals; k++) {
      const a = (k / petals) * 360;
      parts.push(el('ellipse', { cx: r * 0.48, cy: 0, rx: r * 0.5, ry: r * 0.2, fill: s.radial([[0, mix(s.pal[50], '#ffffff', 0.5), 0.95], [0.7, s.pal[100], 0.75], [1, s.pal[300], 0.2]]), transform: `translate(${n(x)} ${n(y)}) rotate(${n(a)})` }));
    }
    parts.push(el('circle', { cx: x, cy: y, r: r * 0.18, fill: s.radial([[0, '#ffffff'], [1, s.pal[200], 0.6]]) }));
  }
  return parts.join('');
}

/**
 * Suede print: a velvety swatch of fine fibres with a brushed "finger trail" of lighter nap.
 * @param {Scene} s
 */
export function suede(s) {
  const { rng, u, w, h } = s;
  const parts = [];
  const warm = [amber, orange, stone];
  const base = rng.pick(warm);
  const sw = w * 0.72;
  const sh = h * 0.7;
  const rot = rng.jitter(0, 6);
  const place = `translate(${n(s.fx)} ${n(s.fy)}) rotate(${n(rot)})`;
  const rect = { x: -sw / 2, y: -sh / 2, width: sw, height: sh, rx: 34 * u };
  const clip = s.clip(el('rect', { ...rect, transform: place }));
  parts.push(el('rect', { ...rect, transform: `${place} translate(${n(14 * u)} ${n(26 * u)})`, fill: s.pal[950], opacity: 0.16 }));
  const inner = [el('rect', { ...rect, fill: s.linear([[0, base[400]], [0.5, base[500]], [1, base[700]]], { x1: 0, y1: 0, x2: 1, y2: 1 }) })];
  // Finger trail: a wide soft stroke where the nap is brushed the other way.
  const trail = Array.from({ length: 6 }, (_, i) => [-sw * 0.6 + (sw * 1.2 * i) / 5, Math.sin(i * 1.1 + rng.range(0, 3)) * sh * 0.25]);
  inner.push(stroke(smoothPath(trail, false), base[300], sh * 0.22, { opacity: 0.55 }));
  inner.push(stroke(smoothPath(trail, false), base[200], sh * 0.08, { opacity: 0.45 }));
  // Fine fibres: short strokes following a gentle flow field.
  const fibres = [];
  for (let k = 0; k < 900; k++) {
    const x = rng.range(-sw / 2, sw / 2);
    const y = rng.range(-sh / 2, sh / 2);
    const a = Math.sin(x / (90 * u)) * 0.6 + Math.cos(y / (120 * u)) * 0.4 + 0.8;
    const len = rng.range(7, 14) * u;
    fibres.push(`M${n(x)} ${n(y)}l${n(Math.cos(a) * len)} ${n(Math.sin(a) * len)}`);
  }
  inner.push(stroke(fibres.slice(0, 450).join(''), base[200], 1.2 * u, { opacity: 0.35 }));
  inner.push(stroke(fibres.slice(450).join(''), base[800], 1.2 * u, { opacity: 0.25 }));
  inner.push(el('rect', { ...rect, fill: s.radial([[0, '#ffffff', 0.18], [1, '#000000', 0.12]], { fx: 0.3, fy: 0.25, r: 0.8 }) }));
  parts.push(g({ 'clip-path': clip }, g({ transform: place }, inner)));
  parts.push(el('rect', { ...rect, transform: place, fill: 'none', stroke: base[200], 'stroke-width': 2 * u, 'stroke-opacity': 0.6, 'stroke-dasharray': `${n(10 * u)} ${n(8 * u)}` }));
  return parts.join('');
}

/**
 * Convex polygon clipped by the half-plane closer to p than to q (one Voronoi step).
 * @param {Point[]} polygon
 * @param {Point} p
 * @param {Point} q
 * @returns {Point[]}
 */
function clipHalfPlane(polygon, p, q) {
  const mx = (p[0] + q[0]) / 2;
  const my = (p[1] + q[1]) / 2;
  const nx = q[0] - p[0];
  const ny = q[1] - p[1];
  /** @param {Point} pt */
  const side = (pt) => (pt[0] - mx) * nx + (pt[1] - my) * ny;
  /** @type {Point[]} */
  const out = [];
  for (let i = 0; i < polygon.length; i++) {
    const a = polygon[i];
    const b = polygon[(i + 1) % polygon.length];
    const sa = side(a);
    const sb = side(b);
    if (sa <= 0) out.push(a);
    if (sa * sb < 0) {
      const t = sa / (sa - sb);
      out.push([a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t]);
    }
  }
  return out;
}

/**
 * Crackle print: Voronoi plates like dried earth, inset to open the cracks.
 * @param {Scene} s
 */
export function crackle(s) {
  const { rng, u, w, h } = s;
  const parts = [el('rect', { width: w, height: h, fill: mix(amber[900], stone[800], 0.5), opacity: 0.9 })];
  const step = 110 * u;
  const cols = Math.ceil(w / step) + 2;
  const rows = Math.ceil(h / step) + 2;
  const pts = [];
  for (let j = -1; j < rows; j++) for (let i = -1; i < cols; i++) pts.push([(i + rng.range(0.15, 0.85)) * step, (j + rng.range(0.15, 0.85)) * step, i, j]);
  const ochres = [amber[200], amber[300], mix(amber[200], stone[200], 0.5), mix(orange[200], amber[300], 0.5), mix(yellow[200], stone[100], 0.5)];
  for (const p of pts) {
    if (p[0] < -step || p[0] > w + step || p[1] < -step || p[1] > h + step) continue;
    let cell = [[p[0] - step * 2, p[1] - step * 2], [p[0] + step * 2, p[1] - step * 2], [p[0] + step * 2, p[1] + step * 2], [p[0] - step * 2, p[1] + step * 2]];
    for (const q of pts) if (q !== p && Math.abs(q[2] - p[2]) <= 2 && Math.abs(q[3] - p[3]) <= 2) cell = clipHalfPlane(cell, p, q);
    const cx = cell.reduce((a, c) => a + c[0], 0) / cell.length;
    const cy = cell.reduce((a, c) => a + c[1], 0) / cell.length;
    const inset = cell.map(([x, y]) => [cx + (x - cx) * 0.9, cy + (y - cy) * 0.9]);
    const fill = rng.pick(ochres);
    parts.push(el('polygon', { points: poly(inset), fill, stroke: mix(fill, '#ffffff', 0.4), 'stroke-width': 1.5 * u, 'stroke-linejoin': 'round' }));
  }
  parts.push(el('rect', { width: w, height: h, fill: s.radial([[0, '#ffffff', 0.3], [0.6, '#ffffff', 0], [1, amber[900], 0.35]], { cx: s.fx / w, cy: s.fy / h, r: 0.75 }) }));
  return parts.join('');
}

/**
 * Burn-out (devoré): dense weave with a sheer floral pattern cut into it.
 * @param {Scene} s
 */
export function devore(s) {
  const { rng, u, w, h } = s;
  const parts = [];
  const flowers = packCircles(rng, { cx: s.fx, cy: s.fy, rx: w * 0.4, ry: h * 0.36, count: 7, rMin: 50 * u, rMax: 130 * u, gap: 26 * u, power: 1.3 });
  const cut = flowers.map(([x, y, r]) => el('path', { d: printShape(rng, x, y, r, 'flower'), fill: '#000000' })).join('');
  const mask = s.mask(el('rect', { width: w, height: h, fill: '#ffffff' }) + cut);
  // The sheer ground shows through the cut-outs: pale, with a fine mesh.
  const mesh = s.pattern('sheer-mesh', 9 * u, 9 * u, (tw, th) => el('path', { d: `M0 0L${tw} ${th}M${tw} 0L0 ${th}`, stroke: s.pal[300], 'stroke-width': 0.8 * u }));
  parts.push(el('rect', { width: w, height: h, fill: mesh, opacity: 0.7 }));
  const weave = fabric(s, { kind: 'twill', pitch: 34, angle: 0, a: s.pal, b: s.comp });
  parts.push(g({ mask }, [weave, el('rect', { width: w, height: h, fill: s.linear([[0, '#ffffff', 0.1], [1, s.pal[900], 0.25]]) })]));
  for (const [x, y, r] of flowers) parts.push(el('path', { d: printShape(rng, x, y, r, 'flower'), fill: 'none', stroke: s.pal[200], 'stroke-width': 2.5 * u, 'stroke-opacity': 0.9 }));
  return parts.join('');
}

/**
 * Gel print: clear glossy "liquid glass" shapes resting on fabric.
 * @param {Scene} s
 */
export function gel(s) {
  const { rng, u, w, h } = s;
  const floor = fabricFloor(s, { top: 0.35, curve: 0.03, kind: 'plain', pitch: 44 });
  const parts = [floor.markup];
  const spots = packCircles(rng, { cx: s.fx, cy: h * 0.64, rx: w * 0.38, ry: h * 0.22, count: 9, rMin: 30 * u, rMax: 130 * u, gap: 16 * u, power: 1.4 });
  for (const [x, y, r] of spots.sort((a, b) => a[1] - b[1])) {
    const d = smoothPath(blobPoints(rng, x, y, r, { count: 8, wobble: 0.14, sy: 0.72 }));
    parts.push(el('path', { d, fill: s.pal[900], opacity: 0.16, transform: `translate(${n(r * 0.12)} ${n(r * 0.22)})` }));
    parts.push(el('path', { d, fill: s.radial([[0, '#ffffff', 0.15], [0.65, cyan[100], 0.35], [0.9, cyan[400], 0.75], [1, cyan[700], 0.9]], { fx: 0.45, fy: 0.4 }) }));
    parts.push(el('path', { d, fill: 'none', stroke: '#ffffff', 'stroke-width': 2 * u, 'stroke-opacity': 0.85 }));
    parts.push(el('ellipse', { cx: x + r * 0.2, cy: y + r * 0.35, rx: r * 0.45, ry: r * 0.12, fill: s.radial([[0, '#ffffff', 0.8], [1, '#ffffff', 0]]) }));
    parts.push(highlight(s, x - r * 0.35, y - r * 0.3, r * 0.35, r * 0.11, -20, 0.95));
  }
  return parts.join('');
}

/**
 * Photochromic: motifs bloom from pale to vivid violet with distance to a bright sun.
 * @param {Scene} s
 */
export function photochromic(s) {
  const { rng, u, w, h } = s;
  const sun = [rng.pick([0.12, 0.88]) * w, h * 0.14];
  const parts = [s.glow(sun[0], sun[1], h * 0.8, amber[100], 0.95), s.glow(sun[0], sun[1], h * 0.3, '#ffffff', 1)];
  for (let k = 0; k < 14; k++) {
    const a = (k / 14) * Math.PI * 2;
    const p1 = polar(sun[0], sun[1], 90 * u, a);
    const p2 = polar(sun[0], sun[1], 150 * u, a);
    parts.push(stroke(`M${n(p1[0])} ${n(p1[1])}L${n(p2[0])} ${n(p2[1])}`, amber[300], 6 * u, { opacity: 0.8 }));
  }
  parts.push(el('circle', { cx: sun[0], cy: sun[1], r: 70 * u, fill: s.radial([[0, '#ffffff'], [0.6, yellow[200]], [1, amber[300]]]) }));
  const step = 96 * u;
  for (let j = 0; j * step < h + step; j++) {
    for (let i = 0; i * step < w + step; i++) {
      const x = i * step + (j % 2 ? step / 2 : 0);
      const y = j * step + step * 0.3;
      const d = Math.hypot(x - sun[0], y - sun[1]);
      if (d < 190 * u) continue;
      const t = Math.max(0, Math.min(1, 1 - (d - 190 * u) / (w * 0.75)));
      const r = (18 + 16 * t) * u;
      const fill = mix(violet[100], purple[600], t ** 0.8);
      for (let k = 0; k < 5; k++) parts.push(el('ellipse', { cx: r * 0.55, cy: 0, rx: r * 0.55, ry: r * 0.28, fill, opacity: 0.5 + 0.5 * t, transform: `translate(${n(x)} ${n(y)}) rotate(${k * 72 + i * 9})` }));
      parts.push(el('circle', { cx: x, cy: y, r: r * 0.18, fill: mix('#ffffff', amber[300], t) }));
    }
  }
  return parts.join('');
}

/**
 * Thermochromic: a handprint rendered like a thermal image, cool blue rim to warm pink core.
 * @param {Scene} s
 */
export function thermochromic(s) {
  const { rng, u, w, h } = s;
  const parts = [];
  const levels = [blue[700], blue[500], sky[400], violet[400], fuchsia[400], pink[400], rose[300], rose[200]];
  const x0 = s.fx;
  const y0 = s.fy + h * 0.14;
  const rot = rng.jitter(0, 14);
  parts.push(el('rect', { width: w, height: h, fill: s.linear([[0, blue[200], 0.45], [0.5, violet[100], 0.1], [1, pink[200], 0.45]], { x1: 0, y1: 0, x2: 1, y2: 0 }) }));
  // Hand silhouette built from a palm and five rounded fingers; each thermal level shrinks it.
  const fingers = [[-58, -62, 23, 150, -12], [-16, -72, 24, 172, -3], [28, -68, 23, 160, 6], [68, -48, 20, 122, 15], [-92, 18, 24, 118, -58]];
  levels.forEach((colour, k) => {
    const grow = (levels.length - 1 - k) * 7 * u;
    const shapes = [el('ellipse', { cx: 0, cy: 10 * u, rx: 98 * u + grow, ry: 108 * u + grow, fill: colour })];
    for (const [fx, fy, fw, fl, fa] of fingers) {
      shapes.push(el('rect', { x: -fw * u - grow, y: -fl * u - grow, width: fw * 2 * u + grow * 2, height: fl * u + grow * 2, rx: fw * u + grow, fill: colour, transform: `translate(${n(fx * u)} ${n(fy * u)}) rotate(${fa})` }));
    }
    parts.push(g({ transform: `translate(${n(x0)} ${n(y0)}) rotate(${n(rot)})`, opacity: k === 0 ? 0.6 : undefined }, shapes));
  });
  // Cool halo and temperature dots around it.
  for (let k = 0; k < 30; k++) {
    const [x, y] = polar(x0, y0 - 40 * u, rng.range(260, 420) * u, rng.range(0, Math.PI * 2));
    parts.push(el('circle', { cx: x, cy: y, r: rng.range(3, 8) * u, fill: k % 2 ? blue[300] : pink[300], opacity: 0.7 }));
  }
  return parts.join('');
}

/**
 * Scented print: a printed strawberry releasing scent swirls from tiny capsules.
 * @param {Scene} s
 */
export function scented(s) {
  const { rng, u, w, h } = s;
  const floor = fabricFloor(s, { top: 0.68, curve: 0.03, kind: 'knit', pitch: 40 });
  const parts = [floor.markup];
  const x = s.fx;
  const y = h * 0.52;
  const r = h * 0.2;
  for (let k = 0; k < 4; k++) parts.push(scentTrail(s, x + (k - 1.5) * 60 * u, y - r * 0.9, h * 0.42, { ramp: k % 2 ? pink : rose, width: 22 }));
  const body = `M${n(x)} ${n(y + r * 1.15)}C${n(x - r * 1.3)} ${n(y + r * 0.3)} ${n(x - r * 1.25)} ${n(y - r * 0.95)} ${n(x)} ${n(y - r * 0.75)}C${n(x + r * 1.25)} ${n(y - r * 0.95)} ${n(x + r * 1.3)} ${n(y + r * 0.3)} ${n(x)} ${n(y + r * 1.15)}Z`;
  parts.push(shadow(s, x + 14 * u, y + r * 1.2, r * 0.9, r * 0.18, 0.3));
  parts.push(el('path', { d: body, fill: s.radial([[0, rose[300]], [0.6, rose[500]], [1, red[700]]], { fx: 0.38, fy: 0.35 }) }));
  for (let k = 0; k < 26; k++) {
    const px = x + rng.jitter(0, r * 0.75);
    const py = y + rng.range(-r * 0.55, r * 0.8);
    if (Math.abs(px - x) > r * (0.95 - (py - y + r * 0.6) / (r * 3))) continue;
    parts.push(el('ellipse', { cx: px, cy: py, rx: 3.5 * u, ry: 6 * u, fill: yellow[200], opacity: 0.9 }));
  }
  for (let k = 0; k < 5; k++) {
    const a = -90 + (k - 2) * 34;
    parts.push(el('path', { d: `M0 0Q${n(r * 0.25)} ${n(-r * 0.18)} ${n(r * 0.55)} 0Q${n(r * 0.25)} ${n(r * 0.18)} 0 0Z`, fill: s.linear([[0, green[400]], [1, green[700]]]), transform: `translate(${n(x)} ${n(y - r * 0.78)}) rotate(${a + 180})` }));
  }
  parts.push(highlight(s, x - r * 0.45, y - r * 0.3, r * 0.25, r * 0.12, -40, 0.8));
  for (let k = 0; k < 7; k++) parts.push(capsule(s, x + rng.jitter(0, w * 0.35), rng.range(0.1, 0.45) * h, rng.range(10, 24) * u, { core: pink, opacity: 0.9 }));
  return parts.join('');
}

/**
 * Speciality-prints overview: a knit panel carrying puff, foil and glitter effects at once.
 * @param {Scene} s
 */
export function printEffects(s) {
  const { rng, u, w, h } = s;
  const parts = [fabricSwatch(s, { cx: s.fx, cy: s.fy + h * 0.02, width: w * 0.66, height: h * 0.7, kind: 'basket', pitch: 30 })];
  // Puff blob.
  const [px, py] = [s.fx - w * 0.16, s.fy + h * 0.08];
  const puffD = printShape(rng, px, py, 120 * u, 'flower');
  parts.push(el('path', { d: puffD, fill: s.pal[950], opacity: 0.2, transform: `translate(${n(8 * u)} ${n(16 * u)})` }));
  parts.push(el('path', { d: puffD, fill: s.radial([[0, '#ffffff'], [0.6, s.pal[100]], [1, s.pal[300]]], { fx: 0.35, fy: 0.3 }) }));
  // Foil shard.
  const fpts = Array.from({ length: 4 }, (_, i) => polar(s.fx + w * 0.14, s.fy - h * 0.1, 140 * u * rng.range(0.8, 1.05), (i / 4) * Math.PI * 2 + rng.range(0, 1)));
  parts.push(el('polygon', { points: poly(fpts), fill: '#000000', opacity: 0.2, transform: `translate(${n(8 * u)} ${n(16 * u)})` }));
  parts.push(el('polygon', { points: poly(fpts), fill: metalFill(s, 'gold', 35) }));
  // Glitter spray along the lower right.
  for (let k = 0; k < 220; k++) {
    const x = s.fx + w * 0.12 + rng.jitter(0, w * 0.14);
    const y = s.fy + h * 0.2 + rng.jitter(0, h * 0.08);
    const c = rng.pick([METALS.silver, METALS.gold, METALS.rose]);
    parts.push(el('polygon', { points: poly(Array.from({ length: 6 }, (_, i) => polar(x, y, rng.range(3, 7) * u, (i / 6) * Math.PI * 2 + rng.range(0, 1)))), fill: c[rng.int(0, 3)] }));
  }
  for (let k = 0; k < 6; k++) parts.push(sparkle(s, s.fx + rng.jitter(0, w * 0.3), s.fy + rng.jitter(0, h * 0.3), rng.range(8, 18) * u));
  return parts.join('');
}
