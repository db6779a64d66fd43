/**
 * Pigments and printing auxiliaries: colour particles, neon strokes, a rotary screen laying
 * paste, binder chains, thickener ribbons.
 */
import { el, n, smoothPath, polar } from '../svg.mjs';
import { mix, RAMPS } from '../palette.mjs';
import { capsule, atom, shadow } from './elements.mjs';
import { fabricFloor } from './ground.mjs';
import { fibreTube, packCircles } from './science.mjs';
/** @typedef {import('../svg.mjs').Scene} Scene */

const { red, rose, pink, fuchsia, orange, yellow, lime, green, cyan, blue, slate } = RAMPS;
/**
 * @param {string} d path data
 * @param {string} colour
 * @param {number} width
 * @param {import('../svg.mjs').Attrs} [extra]
 */
const stroke = (d, colour, width, extra = {}) => el('path', { d, fill: 'none', stroke: colour, 'stroke-width': width, 'stroke-linecap': 'round', 'stroke-linejoin': 'round', ...extra });

/**
 * Conventional pigments: big overlapping translucent discs of saturated primaries.
 * @param {Scene} s
 */
export function pigmentDiscs(s) {
  const { rng, u, w, h } = s;
  const parts = [el('rect', { width: w, height: h, fill: '#ffffff', opacity: 0.55 })];
  const hues = rng.shuffle([red, yellow, blue, s.pal, fuchsia, cyan]);
  const discs = rng.int(4, 5);
  for (let k = 0; k < discs; k++) {
    const a = (k / discs) * Math.PI * 2 + rng.range(0, 1);
    const [x, y] = polar(s.fx, s.fy, h * rng.range(0.15, 0.22), a);
    const r = h * rng.range(0.17, 0.24);
    const ramp = hues[k % hues.length];
    // Multiply blending makes the overlaps mix like real pigment layers.
    parts.push(el('circle', { cx: x, cy: y, r, fill: s.radial([[0, ramp[300]], [0.8, ramp[400]], [1, ramp[500]]]), opacity: 0.62, style: 'mix-blend-mode:multiply' }));
    parts.push(el('circle', { cx: x, cy: y, r, fill: 'none', stroke: '#ffffff', 'stroke-width': 2 * u, 'stroke-opacity': 0.6 }));
  }
  // Fine particle halo around the discs.
  for (let k = 0; k < 160; k++) {
    const [x, y] = polar(s.fx, s.fy, h * rng.range(0.38, 0.6), rng.range(0, Math.PI * 2));
    parts.push(el('circle', { cx: x, cy: y, r: rng.range(1.5, 5) * u, fill: rng.pick(hues)[500], opacity: rng.range(0.4, 0.9) }));
  }
  return parts.join('');
}

/**
 * Micronized pigments: dust-fine particles drifting in two soft clouds, blue and coral.
 * @param {Scene} s
 */
export function pigmentDust(s) {
  const { rng, u, w, h } = s;
  const parts = [];
  /** @type {[ramp: import('../palette.mjs').Ramp, side: number][]} */
  const clouds = [[blue, -1], [{ ...orange, 400: mix(orange[400], rose[400], 0.5), 500: mix(orange[500], rose[500], 0.5), 300: mix(orange[300], rose[300], 0.5) }, 1]];
  for (const [ramp, side] of clouds) {
    const phase = rng.range(0, Math.PI * 2);
    /** @param {number} t */
    const path = (t) => [(0.5 + side * 0.05 + (t - 0.5) * 1.1) * w, s.fy + side * h * 0.1 + Math.sin(t * Math.PI * 2 + phase) * h * 0.18];
    parts.push(stroke(smoothPath(Array.from({ length: 9 }, (_, i) => path(i / 8)), false), ramp[200], h * 0.28, { opacity: 0.35 }));
    for (let k = 0; k < 800; k++) {
      const t = rng.next();
      const [px, py] = path(t);
      const spread = (rng.next() + rng.next() + rng.next() - 1.5) * h * 0.22;
      const r = rng.range(1, 5.5) * u * (1 - Math.abs(spread) / (h * 0.4));
      parts.push(el('circle', { cx: px + rng.jitter(0, 20 * u), cy: py + spread, r: Math.max(0.6 * u, r), fill: ramp[rng.pick([300, 400, 500, 600])], opacity: rng.range(0.45, 1) }));
    }
  }
  return parts.join('');
}

/**
 * Neon pigments: glowing strokes in yellow, pink and green on a dark ground.
 * @param {Scene} s
 */
export function neonStrokes(s) {
  const { rng, u, w, h } = s;
  const parts = [];
  const neon = [['#faff00', lime[300]], ['#ff2fb9', pink[400]], ['#39ff88', green[400]], ['#ff9a1f', orange[400]]];
  for (let k = 0; k < 5; k++) {
    const [core, halo] = neon[k % neon.length];
    const y0 = h * (0.2 + k * 0.15) + rng.jitter(0, 20 * u);
    const phase = rng.range(0, Math.PI * 2);
    const pts = Array.from({ length: 7 }, (_, i) => [(-0.05 + (1.1 * i) / 6) * w, y0 + Math.sin(i * rng.range(0.8, 1.3) + phase) * h * 0.12]);
    const d = smoothPath(pts, false);
    // Three passes fake the bloom of a fluorescent line without a blur filter.
    parts.push(stroke(d, halo, 60 * u, { opacity: 0.12 }));
    parts.push(stroke(d, halo, 28 * u, { opacity: 0.3 }));
    parts.push(stroke(d, core, 10 * u));
    parts.push(stroke(d, '#ffffff', 3 * u, { opacity: 0.85 }));
  }
  for (let k = 0; k < 40; k++) parts.push(el('circle', { cx: rng.range(0, w), cy: rng.range(0, h), r: rng.range(1.5, 4) * u, fill: rng.pick(neon)[0], opacity: rng.range(0.4, 0.9) }));
  return parts.join('');
}

/**
 * Pigments overview: bands of red, blue and yellow particles dispersing across fabric.
 * @param {Scene} s
 */
export function pigmentBands(s) {
  const { rng, u, w, h } = s;
  const floor = fabricFloor(s, { top: 0.62, curve: 0.04 });
  const parts = [floor.markup];
  [red, blue, yellow].forEach((ramp, k) => {
    const y0 = h * (0.22 + k * 0.16);
    const phase = rng.range(0, Math.PI * 2);
    /** @param {number} t */
    const path = (t) => [(-0.05 + 1.1 * t) * w, y0 + Math.sin(t * Math.PI * 1.4 + phase) * h * 0.07 + t * h * 0.12];
    parts.push(stroke(smoothPath(Array.from({ length: 9 }, (_, i) => path(i / 8)), false), ramp[200], 60 * u, { opacity: 0.4 }));
    for (let i = 0; i < 220; i++) {
      const t = rng.next();
      const [x, y] = path(t);
      // Particles loosen and spread as the band travels right: dispersion.
      const spread = (rng.next() - 0.5) * (20 + 90 * t) * u;
      parts.push(el('circle', { cx: x + rng.jitter(0, 8 * u), cy: y + spread, r: rng.range(2, 7) * u * (1.2 - t * 0.5), fill: ramp[rng.pick([400, 500, 600])], opacity: rng.range(0.6, 1) }));
    }
  });
  return parts.join('');
}

/**
 * Printing-auxiliaries overview: a rotary screen laying an even paste film on moving fabric.
 * @param {Scene} s
 */
export function rotaryScreen(s) {
  const { rng, u, w, h } = s;
  const floor = fabricFloor(s, { top: 0.6, curve: 0.0, squash: 0.45 });
  const parts = [floor.markup];
  const cy = h * 0.4;
  const R = h * 0.2;
  const x0 = -w * 0.05;
  const x1 = w * 1.05;
  const ink = s.acc === s.pal ? s.comp : s.acc;
  // Printed film behind the contact line, fresh paste as a glossy band.
  const contactY = floor.edge(w / 2) + 20 * u;
  parts.push(el('rect', { x: 0, y: contactY, width: w, height: h * 0.16, fill: s.linear([[0, ink[300], 0.9], [1, ink[500], 0.6]]) }));
  parts.push(stroke(`M0 ${n(contactY + 3 * u)}H${n(w)}`, '#ffffff', 3 * u, { opacity: 0.8 }));
  // Cylinder body: horizontal shading makes it round, a perforated mesh pattern covers it.
  const mesh = s.pattern('screen-mesh', 22 * u, 19 * u, (tw, th) => [el('circle', { cx: tw / 4, cy: th / 4, r: 3.6 * u, fill: slate[700] }), el('circle', { cx: (tw * 3) / 4, cy: (th * 3) / 4, r: 3.6 * u, fill: slate[700] })].join(''));
  parts.push(shadow(s, w / 2, contactY + 10 * u, w * 0.55, 24 * u, 0.3));
  const body = { x: x0, y: cy - R, width: x1 - x0, height: R * 2 };
  parts.push(el('rect', { ...body, fill: s.linear([[0, slate[300]], [0.25, '#ffffff'], [0.55, slate[300]], [1, slate[600]]]) }));
  parts.push(el('rect', { ...body, fill: mesh, opacity: 0.22 }));
  parts.push(el('rect', { ...body, fill: s.linear([[0, '#ffffff', 0.2], [0.25, '#ffffff', 0.5], [0.5, '#ffffff', 0], [1, slate[900], 0.35]]) }));
  // Pattern openings on the screen show the print design in the paste colour.
  for (let k = 0; k < 7; k++) {
    const x = w * (0.1 + k * 0.13);
    const y = cy + rng.jitter(0, R * 0.4);
    parts.push(el('ellipse', { cx: x, cy: y, rx: rng.range(26, 44) * u, ry: rng.range(14, 30) * u, fill: ink[400], opacity: 0.65 }));
  }
  // End ring.
  parts.push(el('ellipse', { cx: w * 0.96, cy, rx: 30 * u, ry: R, fill: s.linear([[0, slate[200]], [1, slate[500]]], { x1: 0, y1: 0, x2: 1, y2: 0 }), stroke: slate[400], 'stroke-width': 3 * u }));
  // Printed motifs on the moving web, in the same ink, receding with the fabric.
  for (let k = 0; k < 8; k++) {
    const x = w * (0.06 + k * 0.125);
    const y = contactY + h * rng.range(0.2, 0.3);
    parts.push(el('ellipse', { cx: x, cy: y, rx: rng.range(26, 44) * u, ry: rng.range(10, 18) * u, fill: ink[500], opacity: 0.8 }));
  }
  return parts.join('');
}

/**
 * Binders: translucent polymer chains looping over fibres and holding colour particles.
 * @param {Scene} s
 */
export function binders(s) {
  const { rng, u, w, h } = s;
  const parts = [];
  for (let k = 0; k < 3; k++) {
    const y = h * (0.62 + k * 0.12);
    const pts = Array.from({ length: 6 }, (_, i) => [(-0.1 + (1.2 * i) / 5) * w, y + Math.sin(i * 0.9 + k) * 20 * u]);
    parts.push(fibreTube(s, pts, 54, k % 2 ? s.comp : s.pal));
  }
  const particles = packCircles(rng, { cx: s.fx, cy: h * 0.44, rx: w * 0.4, ry: h * 0.2, count: 11, rMin: 18 * u, rMax: 40 * u, gap: 40 * u, power: 1 });
  const hues = [red, blue, yellow, s.acc, fuchsia];
  // Chains: each links a particle to its neighbour and dips down to a fibre.
  for (let i = 0; i < particles.length; i++) {
    const [x, y] = particles[i];
    const [nx, ny] = particles[(i + 1) % particles.length];
    const fibreY = h * rng.pick([0.62, 0.74]);
    const d = `M${n(x)} ${n(y)}C${n(x + 30 * u)} ${n(fibreY)} ${n(nx - 30 * u)} ${n(fibreY)} ${n(nx)} ${n(ny)}`;
    parts.push(stroke(d, s.pal[300], 12 * u, { opacity: 0.35 }));
    parts.push(stroke(d, s.pal[500], 3 * u, { opacity: 0.9, 'stroke-dasharray': `${n(2 * u)} ${n(10 * u)}` }));
    parts.push(stroke(d, '#ffffff', 1.5 * u, { opacity: 0.7 }));
  }
  particles.forEach(([x, y, r], i) => parts.push(atom(s, x, y, r, hues[i % hues.length])));
  return parts.join('');
}

/**
 * Thickeners: a slow ribbon of cream paste piled in soft folds, like piped cream.
 * @param {Scene} s
 */
export function thickener(s) {
  const { rng, u, w, h } = s;
  const parts = [];
  const ramp = s.acc === s.pal ? s.comp : s.acc;
  const cx = s.fx;
  const base = h * 0.8;
  const turns = 3.4;
  const R = h * 0.3;
  const H = h * 0.48;
  const pts = [];
  for (let i = 0; i <= 90; i++) {
    const t = i / 90;
    const a = t * Math.PI * 2 * turns + Math.PI / 2;
    const rx = R * (1 - t * 0.82);
    pts.push([cx + Math.cos(a) * rx * 1.2, base - t * H + Math.sin(a) * rx * 0.28]);
  }
  const d = smoothPath(pts, false);
  parts.push(shadow(s, cx + 12 * u, base + R * 0.3, R * 1.4, 34 * u, 0.28));
  parts.push(stroke(d, ramp[300], 86 * u));
  parts.push(stroke(d, ramp[100], 76 * u));
  parts.push(stroke(d, mix(ramp[50], '#fffbf5', 0.6), 54 * u, { transform: `translate(0 ${n(-6 * u)})` }));
  parts.push(stroke(d, '#ffffff', 14 * u, { opacity: 0.85, transform: `translate(${n(-4 * u)} ${n(-20 * u)})` }));
  for (let k = 0; k < 6; k++) parts.push(capsule(s, rng.range(0.08, 0.92) * w, rng.range(0.08, 0.6) * h, rng.range(10, 22) * u, { core: null, opacity: 0.8 }));
  return parts.join('');
}
