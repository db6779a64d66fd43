/**
 * Plant and fragrance motifs for aroma finishes, essential oils and plant slurries. They stay
 * abstract (clean vector leaves, slices, petals) and always carry a science cue: capsules,
 * droplets or particles.
 */
import { el, g, n, smoothPath, polar, blobPoints } from '../svg.mjs';
import { mix, RAMPS } from '../palette.mjs';
import { capsule, droplet, leaf, highlight, shadow, sparkle } from './elements.mjs';
import { packCircles } from './science.mjs';
import { fabricFloor } from './ground.mjs';
/** @typedef {import('../svg.mjs').Scene} Scene */
/** @typedef {import('../svg.mjs').Point} Point */
/** @typedef {import('../random.mjs').Rng} Rng */
/** @typedef {import('../palette.mjs').Ramp} Ramp */
/** @typedef {import('./elements.mjs').LeafShape} LeafShape */

const { emerald, green, lime, amber, orange, yellow, violet, purple, pink, rose, fuchsia, sky, cyan, blue, stone, slate, teal, red } = RAMPS;

/**
 * Floating capsules scattered in free space, avoiding a list of occupied circles.
 * @param {Scene} s
 * @param {number} count
 * @param {{ rMin?: number, rMax?: number, core?: Ramp, avoid?: number[][], opacity?: number }} [options]
 */
function floaters(s, count, { rMin = 8, rMax = 30, core = s.acc, avoid = [], opacity = 0.9 } = {}) {
  const { rng, u, w, h } = s;
  const circles = packCircles(rng, { cx: w / 2, cy: h / 2, rx: w * 0.5, ry: h * 0.48, count, rMin: rMin * u, rMax: rMax * u, avoid, gap: 20 * u, power: 1.6 });
  return circles.map(([x, y, r]) => capsule(s, x, y, r, { core: rng.chance(0.7) ? core : null, opacity })).join('');
}

/**
 * A curved stem path from (x0, y0) to (x1, y1) with sideways bow; returns points.
 * @param {number} x0
 * @param {number} y0
 * @param {number} x1
 * @param {number} y1
 * @param {number} bow
 * @param {number} [count]
 */
function stemPoints(x0, y0, x1, y1, bow, count = 6) {
  return Array.from({ length: count }, (_, i) => {
    const t = i / (count - 1);
    return [x0 + (x1 - x0) * t + Math.sin(Math.PI * t) * bow, y0 + (y1 - y0) * t];
  });
}

/**
 * @param {string} d path data
 * @param {string} colour
 * @param {number} width
 * @param {import('../svg.mjs').Attrs} [extra]
 */
function stroke(d, colour, width, extra = {}) {
  return el('path', { d, fill: 'none', stroke: colour, 'stroke-width': width, 'stroke-linecap': 'round', ...extra });
}

// --- Lavender --------------------------------------------------------------------------------

/**
 * @param {Scene} s
 * @param {{ oil?: boolean }} [options]
 */
export function lavender(s, { oil = false } = {}) {
  const { rng, u, w, h } = s;
  const parts = [];
  const count = oil ? 3 : rng.int(4, 6);
  const baseX = s.fx + (oil ? -w * 0.12 : 0);
  const sprigs = [];
  for (let k = 0; k < count; k++) {
    const spread = (k - (count - 1) / 2) / Math.max(1, count - 1);
    const x1 = baseX + spread * w * (oil ? 0.22 : 0.42) + rng.jitter(0, 20 * u);
    const y1 = h * rng.range(0.12, 0.3);
    sprigs.push(stemPoints(baseX + spread * 60 * u, h * 1.05, x1, y1, rng.jitter(0, 50 * u)));
  }
  for (const pts of sprigs) {
    parts.push(stroke(smoothPath(pts, false), emerald[700], 7 * u));
    parts.push(stroke(smoothPath(pts, false), emerald[400], 2.5 * u, { transform: `translate(${n(-1.5 * u)} 0)` }));
    // Narrow leaves low on the stem.
    const [lx, ly] = pts[3];
    parts.push(leaf(s, lx, ly, 150 * u, 13 * u, rng.pick([-150, -30]) + rng.jitter(0, 10), { ramp: emerald, shape: 'lanceolate', veins: false, stem: 0 }));
    // Flower spike: whorls of buds tightening towards the tip.
    const whorls = rng.int(9, 12);
    for (let i = 0; i < whorls; i++) {
      const t = i / whorls;
      const p0 = pts[pts.length - 1];
      const p1 = pts[pts.length - 3];
      const x = p0[0] + (p1[0] - p0[0]) * t * 1.25;
      const y = p0[1] + (p1[1] - p0[1]) * t * 1.25;
      const size = (0.55 + 0.45 * Math.sin(Math.PI * Math.min(1, t * 1.6 + 0.15))) * 19 * u;
      for (const side of [-1, 0, 1]) {
        const fill = s.radial([[0, violet[200]], [0.6, violet[400]], [1, purple[700]]], { fx: 0.35, fy: 0.3 });
        parts.push(el('ellipse', { cx: 0, cy: 0, rx: size * 0.62, ry: size, fill, transform: `translate(${n(x + side * size * 0.9)} ${n(y + Math.abs(side) * size * 0.3)}) rotate(${side * 28})` }));
      }
    }
  }
  if (oil) {
    const x = s.fx + w * 0.17;
    const y = h * 0.52;
    parts.push(s.glow(x, y, 190 * u, violet[300], 0.55));
    parts.push(droplet(s, x, y + 60 * u, 110 * u, { ramp: violet }));
  } else {
    parts.push(s.glow(baseX, h * 0.3, h * 0.45, purple[200], 0.6));
    parts.push(floaters(s, 9, { core: violet, rMin: 12, rMax: 44 }));
  }
  return parts.join('');
}

// --- Citrus ----------------------------------------------------------------------------------

/**
 * @param {Scene} s
 * @param {number} x
 * @param {number} y
 * @param {number} r
 * @param {Ramp} ramp
 * @param {number} [rot]
 */
function citrusSlice(s, x, y, r, ramp, rot = 0) {
  const u = s.u;
  const parts = [
    shadow(s, x + r * 0.1, y + r * 0.15, r * 1.05, r * 1.05, 0.18),
    el('circle', { cx: x, cy: y, r, fill: s.radial([[0, ramp[300]], [1, ramp[600]]]) }),
    el('circle', { cx: x, cy: y, r: r * 0.9, fill: mix(ramp[50], '#ffffff', 0.5) }),
  ];
  const seg = 9;
  for (let i = 0; i < seg; i++) {
    const a0 = rot + (i / seg) * Math.PI * 2 + 0.05;
    const a1 = rot + ((i + 1) / seg) * Math.PI * 2 - 0.05;
    const ri = r * 0.1;
    const ro = r * 0.83;
    const p0 = polar(x, y, ri, (a0 + a1) / 2);
    const p1 = polar(x, y, ro, a0);
    const p2 = polar(x, y, ro, a1);
    const d = `M${n(p0[0])} ${n(p0[1])}L${n(p1[0])} ${n(p1[1])}A${n(ro)} ${n(ro)} 0 0 1 ${n(p2[0])} ${n(p2[1])}Z`;
    parts.push(el('path', { d, fill: s.radial([[0, ramp[200]], [0.7, ramp[300]], [1, ramp[400]]], { user: true, cx: x, cy: y, r: ro }), stroke: ramp[100], 'stroke-width': 3 * u, 'stroke-linejoin': 'round' }));
    // Juice vesicles: a couple of short light strokes per segment.
    const m = polar(x, y, ro * 0.6, (a0 + a1) / 2);
    parts.push(el('ellipse', { cx: m[0], cy: m[1], rx: r * 0.05, ry: r * 0.14, fill: '#ffffff', opacity: 0.35, transform: `rotate(${n(((a0 + a1) / 2) * (180 / Math.PI) + 90)} ${n(m[0])} ${n(m[1])})` }));
  }
  parts.push(highlight(s, x - r * 0.45, y - r * 0.5, r * 0.35, r * 0.12, -40, 0.6));
  return parts.join('');
}

/** @param {Scene} s */
export function citrus(s) {
  const { rng, u, h } = s;
  const parts = [];
  const main = [s.fx, s.fy, h * rng.range(0.24, 0.29)];
  // Burst rays and droplets radiating from the main slice.
  for (let k = 0; k < 16; k++) {
    const a = (k / 16) * Math.PI * 2 + rng.jitter(0, 0.1);
    const r0 = main[2] * 1.2;
    const r1 = main[2] * rng.range(1.6, 2.2);
    const p0 = polar(main[0], main[1], r0, a);
    const p1 = polar(main[0], main[1], r1, a);
    parts.push(stroke(`M${n(p0[0])} ${n(p0[1])}L${n(p1[0])} ${n(p1[1])}`, s.linear([[0, orange[300], 0.7], [1, yellow[200], 0]], { user: true, x1: p0[0], y1: p0[1], x2: p1[0], y2: p1[1] }), 6 * u));
    const pd = polar(main[0], main[1], r1 * rng.range(0.9, 1.15), a + 0.12);
    parts.push(droplet(s, pd[0], pd[1], rng.range(6, 13) * u, { ramp: k % 3 ? orange : yellow, angle: (a * 180) / Math.PI + 90 }));
  }
  /** @type {[x: number, y: number, r: number, ramp: Ramp][]} */
  const others = [
    [main[0] - main[2] * 2.1, main[1] + main[2] * 0.9, main[2] * 0.6, yellow],
    [main[0] + main[2] * 2.05, main[1] - main[2] * 0.8, main[2] * 0.55, lime],
  ];
  for (const [x, y, r, ramp] of others) parts.push(citrusSlice(s, x, y, r, ramp, rng.range(0, 1)));
  parts.push(citrusSlice(s, main[0], main[1], main[2], orange, rng.range(0, 1)));
  return parts.join('');
}

// --- Berries and bubbles ---------------------------------------------------------------------

/** @param {Scene} s */
export function berries(s) {
  const { rng, u, w, h } = s;
  const parts = [];
  const bubbles = packCircles(rng, { cx: w / 2, cy: h / 2, rx: w * 0.48, ry: h * 0.46, count: 12, rMin: 16 * u, rMax: 70 * u, gap: 14 * u, power: 1.4 });
  for (const [x, y, r] of bubbles.filter((_, i) => i % 2)) parts.push(capsule(s, x, y, r, { core: null, shell: pink }));
  const clusters = [[s.fx - w * 0.12, s.fy + h * 0.02], [s.fx + w * 0.15, s.fy - h * 0.17], [s.fx + w * 0.1, s.fy + h * 0.24]];
  clusters.forEach(([cx, cy], c) => {
    const ramp = [fuchsia, purple, pink][c];
    const pack = packCircles(rng, { cx, cy, rx: 120 * u, ry: 105 * u, count: c === 0 ? 7 : 5, rMin: 38 * u, rMax: 58 * u, gap: -6 * u, power: 1 });
    for (const [x, y, r] of pack) {
      parts.push(el('circle', { cx: x, cy: y, r, fill: s.radial([[0, mix(ramp[300], '#ffffff', 0.25)], [0.55, ramp[500]], [1, ramp[800]]], { fx: 0.35, fy: 0.3 }) }));
      // Blossom end: a tiny five-point crown, the mark that makes a circle read as a berry.
      const pts = Array.from({ length: 10 }, (_, i) => polar(x + r * 0.15, y + r * 0.1, i % 2 ? r * 0.08 : r * 0.2, (i / 10) * Math.PI * 2));
      parts.push(el('polygon', { points: pts.map((p) => `${n(p[0])},${n(p[1])}`).join(' '), fill: ramp[900], opacity: 0.55 }));
      parts.push(highlight(s, x - r * 0.38, y - r * 0.42, r * 0.3, r * 0.16, -35, 0.9));
    }
  });
  for (const [x, y, r] of bubbles.filter((_, i) => i % 2 === 0)) parts.push(capsule(s, x, y, r * 0.8, { core: null, shell: fuchsia, opacity: 0.85 }));
  return parts.join('');
}

// --- Wood (cedar, sandalwood) ----------------------------------------------------------------

/** @param {Scene} s */
export function woodRings(s) {
  const { rng, u, w, h } = s;
  const cx = s.fx + rng.pick([-1, 1]) * w * 0.12;
  const cy = s.fy + h * 0.05;
  const parts = [];
  const R = h * 0.46;
  const rings = 15;
  // Log cross-section: alternating early/late wood bands drawn from the outside in.
  const outline = blobPoints(rng, cx, cy, R, { count: 14, wobble: 0.04, sy: 0.92 });
  parts.push(shadow(s, cx + 20 * u, cy + R * 0.98, R * 1.05, R * 0.16, 0.3));
  parts.push(el('path', { d: smoothPath(outline), fill: s.linear([[0, amber[800]], [1, orange[900]]]) }));
  const rngRing = rng.fork('rings');
  for (let k = rings; k >= 1; k--) {
    const r = (R * 0.92 * k) / rings;
    const pts = blobPoints(rngRing, cx + rngRing.jitter(0, 3 * u), cy + rngRing.jitter(0, 3 * u), r, { count: 16, wobble: 0.025 + 0.02 * (k / rings), sy: 0.92 });
    const ramp = k % 2 ? amber : orange;
    parts.push(el('path', { d: smoothPath(pts), fill: mix(ramp[k % 3 ? 300 : 200], stone[200], 0.25), stroke: mix(amber[700], orange[800], 0.5), 'stroke-width': (k % 4 ? 1.6 : 3) * u, 'stroke-opacity': 0.75 }));
  }
  // Radial check cracks.
  for (let k = 0; k < 4; k++) {
    const a = rng.range(0, Math.PI * 2);
    const p0 = polar(cx, cy, R * rng.range(0.15, 0.4), a);
    const p1 = polar(cx, cy, R * rng.range(0.6, 0.9), a + rng.jitter(0, 0.05));
    parts.push(stroke(`M${n(p0[0])} ${n(p0[1])}L${n(p1[0])} ${n(p1[1])}`, amber[900], 2.5 * u, { opacity: 0.5 }));
  }
  parts.push(el('path', { d: smoothPath(outline), fill: s.radial([[0, '#ffffff', 0.2], [0.7, '#ffffff', 0], [1, amber[900], 0.2]], { fx: 0.35, fy: 0.3 }) }));
  // Resin-coloured capsules: the fragrance carrier, floating beside the wood.
  parts.push(floaters(s, 7, { core: amber, rMax: 34, avoid: [[cx, cy, R * 1.02]] }));
  return parts.join('');
}

/** @param {Scene} s */
export function sandalwood(s) {
  const { rng, u, w, h } = s;
  const parts = [s.glow(s.fx, s.fy, h * 0.55, amber[200], 0.95), s.glow(s.fx, s.fy, h * 0.3, '#ffffff', 0.85)];
  // Shavings as curled crescents (the side view of a plane shaving) in a loose rosette.
  const count = rng.int(7, 9);
  for (let k = 0; k < count; k++) {
    const a = (k / count) * Math.PI * 2 + rng.jitter(0, 0.2);
    const dist = h * rng.range(0.2, 0.3);
    const [x, y] = polar(s.fx, s.fy, dist, a);
    const r = rng.range(80, 120) * u;
    const t = r * rng.range(0.32, 0.42);
    const rot = (a * 180) / Math.PI + 90 + rng.jitter(0, 20);
    const d = `M${n(-r)} 0A${n(r)} ${n(r * 0.8)} 0 0 1 ${n(r)} 0A${n(r * 0.88)} ${n(r * 0.8 - t)} 0 0 0 ${n(-r)} 0Z`;
    const fill = s.linear([[0, mix(amber[100], '#ffffff', 0.4)], [0.5, amber[300]], [1, orange[500]]], { x1: 0, y1: 0, x2: 0.3, y2: 1 });
    const grain = [0.3, 0.55, 0.8].map((f) => `M${n(-r * 0.92)} ${n(-t * 0.2 * f)}A${n(r * 0.93)} ${n(r * 0.8 - t * f)} 0 0 1 ${n(r * 0.92)} ${n(-t * 0.2 * f)}`).join('');
    parts.push(g({ transform: `translate(${n(x)} ${n(y)}) rotate(${n(rot)})` }, [
      el('path', { d, fill: orange[900], opacity: 0.12, transform: `translate(${n(6 * u)} ${n(10 * u)})` }),
      el('path', { d, fill }),
      stroke(grain, amber[600], 1.2 * u, { opacity: 0.45 }),
      el('path', { d, fill: 'none', stroke: '#fff7e6', 'stroke-width': 2 * u, 'stroke-opacity': 0.8 }),
    ]));
  }
  parts.push(droplet(s, s.fx, s.fy + 34 * u, 60 * u, { ramp: amber }));
  for (let k = 0; k < 14; k++) parts.push(sparkle(s, rng.range(0.1, 0.9) * w, rng.range(0.1, 0.9) * h, rng.range(4, 10) * u, '#fffbeb', 0.8));
  return parts.join('');
}

// --- Leaves ----------------------------------------------------------------------------------

/**
 * A generic arrangement of leaves around a central object (droplet, capsule or glow).
 * @param {Scene} s
 * @param {{ ramp?: Ramp, shape?: LeafShape, count?: number, len?: number, width?: number, serrate?: number, spread?: number, centre?: number[], startRadius?: number }} [options]
 */
function leafWreath(s, { ramp = emerald, shape = 'lanceolate', count = 7, len = 200, width = 32, serrate = 0, spread = 1, centre = [s.fx, s.fy], startRadius = 80 } = {}) {
  const { rng, u } = s;
  const parts = [];
  for (let k = 0; k < count; k++) {
    const a = ((k / count) * 360 + rng.jitter(0, 12)) * spread - 90;
    const [x, y] = polar(centre[0], centre[1], startRadius * u, (a * Math.PI) / 180);
    const l = len * u * rng.range(0.75, 1.15);
    parts.push(leaf(s, x, y, l, width * u * rng.range(0.85, 1.1), a + rng.jitter(0, 8), { ramp: k % 3 === 2 ? lime : ramp, shape, serrate, bend: rng.jitter(0, 0.12) }));
  }
  return parts.join('');
}

/** @param {Scene} s */
export function teaTree(s) {
  const { u, h } = s;
  return [
    s.glow(s.fx, s.fy, h * 0.3, '#ffffff', 0.8),
    leafWreath(s, { ramp: green, shape: 'lanceolate', count: 9, len: 230, width: 20, startRadius: 95 }),
    droplet(s, s.fx, s.fy + 30 * u, 58 * u, { ramp: cyan, clear: true }),
  ].join('');
}

/** @param {Scene} s */
export function peppermint(s) {
  const { rng, u, w, h } = s;
  const parts = [];
  for (let k = 0; k < 5; k++) {
    const x = s.fx + (k - 2) * w * 0.1 + rng.jitter(0, 20 * u);
    const y = h * rng.range(0.62, 0.78);
    parts.push(leaf(s, x, y, rng.range(170, 240) * u, rng.range(50, 66) * u, -90 + (k - 2) * 24 + rng.jitter(0, 8), { ramp: k % 2 ? green : emerald, shape: 'ovate', serrate: 0.09 }));
  }
  for (let k = 0; k < 12; k++) parts.push(frost(s, rng.range(0.06, 0.94) * w, rng.range(0.06, 0.9) * h, rng.range(8, 22) * u));
  return parts.join('');
}

/**
 * Six-armed frost crystal.
 * @param {Scene} s
 * @param {number} x
 * @param {number} y
 * @param {number} r
 */
export function frost(s, x, y, r) {
  const parts = [];
  for (let k = 0; k < 6; k++) {
    const a = (k / 6) * Math.PI * 2;
    const [px, py] = polar(x, y, r, a);
    parts.push(`M${n(x)} ${n(y)}L${n(px)} ${n(py)}`);
    const [mx, my] = polar(x, y, r * 0.55, a);
    for (const side of [-1, 1]) {
      const [tx, ty] = polar(mx, my, r * 0.3, a + side * 0.8);
      parts.push(`M${n(mx)} ${n(my)}L${n(tx)} ${n(ty)}`);
    }
  }
  return s.glow(x, y, r * 1.4, '#ffffff', 0.6) + stroke(parts.join(''), cyan[50], 1.8 * s.u, { opacity: 0.95 }) + stroke(parts.join(''), cyan[300], 0.8 * s.u);
}

/** @param {Scene} s */
export function rosemary(s) {
  const { rng, u, w, h } = s;
  const parts = [];
  for (let k = 0; k < 4; k++) {
    const x0 = s.fx + (k - 1.5) * w * 0.13;
    const pts = stemPoints(x0 - 30 * u, h * 1.02, x0 + rng.jitter(0, 60 * u), h * rng.range(0.1, 0.25), rng.jitter(0, 40 * u));
    parts.push(stroke(smoothPath(pts, false), stone[600], 5 * u));
    // Needles in opposite pairs, angled forward along the stem.
    for (let i = 0; i < 22; i++) {
      const t = 0.08 + (i / 22) * 0.9;
      const seg = Math.min(pts.length - 2, Math.floor(t * (pts.length - 1)));
      const f = t * (pts.length - 1) - seg;
      const x = pts[seg][0] + (pts[seg + 1][0] - pts[seg][0]) * f;
      const y = pts[seg][1] + (pts[seg + 1][1] - pts[seg][1]) * f;
      for (const side of [-1, 1]) parts.push(leaf(s, x, y, rng.range(44, 62) * u * (1.1 - t * 0.4), 5 * u, -90 + side * rng.range(38, 55), { ramp: i % 3 ? emerald : teal, shape: 'needle', veins: false, stem: 0 }));
    }
  }
  // Small blue flowers sprinkled between the sprigs.
  for (let k = 0; k < 10; k++) parts.push(flower(s, rng.range(0.12, 0.88) * w, rng.range(0.15, 0.8) * h, rng.range(10, 16) * u, blue, 5));
  return parts.join('');
}

/**
 * @param {Scene} s
 * @param {number} x
 * @param {number} y
 * @param {number} r
 * @param {Ramp} ramp
 * @param {number} [petals]
 * @param {Ramp} [centre]
 * @param {number} [rot]
 */
function flower(s, x, y, r, ramp, petals = 5, centre = yellow, rot = 0) {
  const parts = [];
  for (let k = 0; k < petals; k++) {
    const a = rot + (k / petals) * 360;
    parts.push(el('ellipse', { cx: r * 0.55, cy: 0, rx: r * 0.6, ry: r * (petals > 8 ? 0.18 : 0.34), fill: s.radial([[0, ramp[100]], [1, ramp[petals > 8 ? 200 : 400]]]), transform: `translate(${n(x)} ${n(y)}) rotate(${n(a)})` }));
  }
  parts.push(el('circle', { cx: x, cy: y, r: r * (petals > 8 ? 0.34 : 0.22), fill: s.radial([[0, centre[200]], [1, centre[500]]], { fx: 0.35, fy: 0.35 }) }));
  return parts.join('');
}

/** @param {Scene} s */
export function chamomile(s) {
  const { rng, u, w, h } = s;
  const parts = [s.glow(w * 0.5, h * 0.5, h * 0.6, '#fffbeb', 0.9)];
  const spots = packCircles(rng, { cx: s.fx, cy: s.fy, rx: w * 0.4, ry: h * 0.36, count: 7, rMin: 34 * u, rMax: 92 * u, gap: 16 * u, power: 1.5 });
  for (const [x, y, r] of spots) {
    parts.push(shadow(s, x + r * 0.12, y + r * 0.2, r * 1.05, r * 0.95, 0.12));
    parts.push(flower(s, x, y, r, slate, 14, amber, rng.range(0, 30)));
    parts.push(highlight(s, x - r * 0.12, y - r * 0.14, r * 0.12, r * 0.07, -35, 0.7));
  }
  parts.push(floaters(s, 6, { core: amber, rMax: 20, avoid: spots }));
  return parts.join('');
}

/** @param {Scene} s */
export function eucalyptus(s) {
  const { rng, u, w, h } = s;
  const parts = [];
  const silver = { ...slate, 300: mix(slate[300], cyan[300], 0.4), 400: mix(slate[400], cyan[500], 0.35), 500: mix(slate[500], teal[600], 0.3), 600: mix(slate[600], teal[700], 0.3) };
  for (let k = 0; k < 3; k++) {
    const x0 = s.fx + (k - 1) * w * 0.2;
    const pts = stemPoints(x0, h * 1.04, x0 + rng.jitter(0, 80 * u), h * rng.range(0.1, 0.22), rng.jitter(0, 70 * u));
    parts.push(stroke(smoothPath(pts, false), rose[800], 4 * u, { opacity: 0.7 }));
    for (let i = 1; i < pts.length; i++) {
      const [x, y] = pts[i];
      const size = (1.2 - i / pts.length) * 46 * u + 28 * u;
      for (const side of [-1, 1]) parts.push(leaf(s, x, y, size * 1.6, size * 0.75, -90 + side * 70 + rng.jitter(0, 10), { ramp: silver, shape: 'round', veins: true, stem: 0.05 }));
    }
  }
  // Cool mist drifting across the upper half.
  for (let k = 0; k < 5; k++) parts.push(s.glow(rng.range(0.1, 0.9) * w, rng.range(0.15, 0.5) * h, rng.range(0.18, 0.3) * w, '#ffffff', 0.55, { sy: 0.35 }));
  return parts.join('');
}

/** @param {Scene} s */
export function lemongrass(s) {
  const { rng, u, w, h } = s;
  const parts = [s.glow(w * rng.pick([0.2, 0.8]), h * 0.12, h * 0.7, amber[200], 0.95), s.glow(w * 0.5, h * 0.1, h * 0.4, '#ffffff', 0.6)];
  const blades = 13;
  for (let k = 0; k < blades; k++) {
    const x = s.fx + (k - blades / 2) * 30 * u + rng.jitter(0, 12 * u);
    const angle = -90 + (k - blades / 2) * 3.2 + rng.jitter(0, 4);
    parts.push(leaf(s, x, h * 1.03, h * rng.range(0.65, 0.95), rng.range(14, 20) * u, angle, { ramp: k % 3 === 0 ? lime : k % 3 === 1 ? green : emerald, shape: 'blade', bend: rng.jitter(0, 0.12), veins: false, stem: 0 }));
  }
  parts.push(floaters(s, 5, { core: yellow, rMax: 22 }));
  return parts.join('');
}

/** @param {Scene} s */
export function neem(s) {
  const { rng, u, h } = s;
  const parts = [];
  // Pinnate compound leaves: serrated leaflets along a rachis.
  for (let k = 0; k < 3; k++) {
    const a = (-90 + (k - 1) * 65 + rng.jitter(0, 10)) * (Math.PI / 180);
    const len = h * rng.range(0.36, 0.44);
    const start = polar(s.fx, s.fy, 70 * u, a);
    const end = polar(s.fx, s.fy, 70 * u + len, a);
    parts.push(stroke(`M${n(start[0])} ${n(start[1])}L${n(end[0])} ${n(end[1])}`, lime[800], 4 * u));
    for (let i = 0; i < 5; i++) {
      const t = 0.2 + i * 0.18;
      const x = start[0] + (end[0] - start[0]) * t;
      const y = start[1] + (end[1] - start[1]) * t;
      for (const side of [-1, 1]) parts.push(leaf(s, x, y, 78 * u, 14 * u, (a * 180) / Math.PI + side * 52, { ramp: i % 2 ? green : lime, shape: 'lanceolate', serrate: 0.12, bend: side * 0.1, stem: 0 }));
    }
  }
  parts.push(capsule(s, s.fx, s.fy, 62 * u, { core: lime }));
  for (let k = 0; k < 9; k++) {
    const [x, y] = polar(s.fx, s.fy + 20 * u, rng.range(120, 200) * u, (k / 9) * Math.PI + rng.jitter(0, 0.12));
    parts.push(el('ellipse', { cx: x, cy: y, rx: 13 * u, ry: 20 * u, fill: s.radial([[0, lime[300]], [1, lime[800]]], { fx: 0.35, fy: 0.3 }), transform: `rotate(${n(rng.range(0, 180))} ${n(x)} ${n(y)})` }));
  }
  return parts.join('');
}

/** @param {Scene} s */
export function aloe(s) {
  const { rng, u, w, h } = s;
  const parts = [];
  const angle = rng.range(-28, -14);
  const len = w * 0.62;
  const wd = 80 * u;
  const x0 = s.fx - len * 0.48;
  const y0 = s.fy + h * 0.18;
  // Thick succulent leaf with edge teeth; the cut end shows pale gel.
  const top = [];
  const bottom = [];
  for (let i = 0; i <= 16; i++) {
    const t = i / 16;
    const hw = wd * (1 - t ** 1.6) * (i % 2 && t < 0.9 ? 1.05 : 1);
    top.push([t * len, -hw]);
    bottom.push([t * len, hw * 0.6]);
  }
  const d = smoothPath([...top, ...bottom.reverse().slice(0, -1)]);
  parts.push(g({ transform: `translate(${n(x0)} ${n(y0)}) rotate(${n(angle)})` }, [
    el('path', { d, fill: s.linear([[0, green[300]], [0.5, green[600]], [1, emerald[800]]]) }),
    ...Array.from({ length: 12 }, (_, i) => el('circle', { cx: (i / 12) * len * 0.9 + 20 * u, cy: -wd * (1 - ((i / 12) * 0.9) ** 1.6) + 2 * u, r: 3 * u, fill: lime[200] })),
    el('ellipse', { cx: 0, cy: -wd * 0.2, rx: 22 * u, ry: wd * 0.8, fill: s.radial([[0, '#ffffff', 0.95], [0.6, lime[100]], [1, green[300]]]) }),
  ]));
  // Gel beads leaving the cut end.
  for (let k = 0; k < 9; k++) {
    const x = x0 - rng.range(20, 180) * u;
    const y = y0 + rng.range(-160, 80) * u;
    parts.push(capsule(s, x, y, rng.range(12, 38) * u, { core: null, shell: lime }));
  }
  parts.push(floaters(s, 5, { core: lime, rMax: 24 }));
  return parts.join('');
}

/** @param {Scene} s */
export function turmeric(s) {
  const { rng, u, h } = s;
  const parts = [];
  const cx = s.fx;
  const cy = s.fy;
  const R = h * 0.3;
  // Golden particle halo.
  for (let k = 0; k < 110; k++) {
    const a = rng.range(0, Math.PI * 2);
    const d = R * rng.range(1.15, 2.2);
    const [x, y] = polar(cx, cy, d, a);
    parts.push(el('circle', { cx: x, cy: y, r: rng.range(2, 7) * u * (2.4 - d / R) * 0.6, fill: k % 3 ? amber[400] : orange[500], opacity: rng.range(0.5, 0.95) }));
  }
  // Knobbly rhizome pieces behind the slice.
  for (let k = 0; k < 2; k++) {
    // A second, smaller slice seen at an angle: the root shows its cut face again.
    const x = cx + (k ? 1 : -1) * R * 1.75;
    const y = cy + (k ? -0.55 : 0.6) * R;
    const rr = R * (k ? 0.42 : 0.5);
    parts.push(el('ellipse', { cx: x, cy: y, rx: rr, ry: rr * 0.62, fill: orange[800] }));
    parts.push(el('ellipse', { cx: x, cy: y - rr * 0.04, rx: rr * 0.9, ry: rr * 0.55, fill: s.radial([[0, amber[300]], [1, orange[500]]]) }));
  }
  const outline = blobPoints(rng, cx, cy, R, { count: 10, wobble: 0.06 });
  parts.push(shadow(s, cx + 12 * u, cy + R * 0.95, R, R * 0.2, 0.3));
  parts.push(el('path', { d: smoothPath(outline), fill: orange[800] }));
  parts.push(el('path', { d: smoothPath(blobPoints(rng, cx, cy, R * 0.9, { count: 10, wobble: 0.05 })), fill: s.radial([[0, amber[300]], [0.6, orange[400]], [1, orange[600]]]) }));
  parts.push(el('path', { d: smoothPath(blobPoints(rng, cx, cy, R * 0.55, { count: 9, wobble: 0.06 })), fill: 'none', stroke: amber[200], 'stroke-width': 2.5 * u, opacity: 0.7 }));
  parts.push(highlight(s, cx - R * 0.4, cy - R * 0.45, R * 0.3, R * 0.1, -40, 0.5));
  return parts.join('');
}

/** @param {Scene} s */
export function vitaminE(s) {
  const { rng, u, w, h } = s;
  const circles = packCircles(rng, { cx: s.fx, cy: s.fy, rx: w * 0.34, ry: h * 0.34, count: 10, rMin: 30 * u, rMax: 150 * u, gap: 10 * u, power: 1.6 });
  const parts = [s.glow(s.fx, s.fy, h * 0.45, amber[200], 0.7)];
  for (const [x, y, r] of circles.sort((a, b) => a[2] - b[2])) parts.push(capsule(s, x, y, r, { core: amber, coreScale: 0.66, coreOffset: [0.06, 0.1], shell: yellow }));
  return parts.join('');
}

// --- Green tea -------------------------------------------------------------------------------

/**
 * Leaves alternating along a curved stem, smaller towards the tip, ending in a bud.
 * @param {Scene} s
 * @param {Point[]} pts
 * @param {{ ramp?: Ramp, alt?: Ramp, size?: number, width?: number, shape?: LeafShape, rng?: Rng, stemColour?: string, bud?: boolean }} [options]
 */
function sprig(s, pts, { ramp = emerald, alt = lime, size = 120, width = 0.32, shape = 'ovate', rng = s.rng, stemColour = ramp[700], bud = true } = {}) {
  const u = s.u;
  const parts = [stroke(smoothPath(pts, false), stemColour, 6 * u)];
  for (let i = 1; i < pts.length; i++) {
    const [x, y] = pts[i];
    const [px, py] = pts[i - 1];
    const dirA = (Math.atan2(y - py, x - px) * 180) / Math.PI;
    const scale = 1 - (i / pts.length) * 0.45;
    if (i === pts.length - 1 && bud) {
      parts.push(leaf(s, x, y, size * 0.5 * u, size * 0.1 * u, dirA, { ramp: alt, shape: 'lanceolate', veins: false, stem: 0 }));
    } else {
      const side = i % 2 ? 1 : -1;
      parts.push(leaf(s, x, y, size * scale * u * rng.range(0.85, 1.1), size * scale * width * u, dirA + side * rng.range(40, 60), { ramp: i % 3 ? ramp : alt, shape, bend: side * 0.1 }));
    }
  }
  return parts.join('');
}

/**
 * @param {Scene} s
 * @param {{ bamboo?: boolean }} [options]
 */
export function greenTea(s, { bamboo = false } = {}) {
  const { rng, u, w, h } = s;
  const parts = [];
  if (bamboo) {
    // Bamboo in three depth layers: pale and thin behind, saturated in front.
    /** @type {[opacity: number, ramps: Ramp[], width: number][]} */
    const layers = [[0.35, [lime, green], 16], [0.65, [green, emerald], 22], [1, [emerald, green], 28]];
    layers.forEach(([op, ramps, bw0], li) => {
      for (let k = 0; k < 3; k++) {
        const x = rng.range(0.04, 0.96) * w;
        if (li === 2 && Math.abs(x - s.fx) < w * 0.25) continue;
        const bw = bw0 * u;
        const ramp = ramps[k % 2];
        const segs = rng.int(3, 4);
        const seg = (h * 1.1) / segs;
        for (let i = 0; i < segs; i++) {
          const y = h * 1.05 - (i + 1) * seg;
          parts.push(el('rect', { x: x - bw / 2, y, width: bw, height: seg - 5 * u, rx: bw * 0.3, fill: s.linear([[0, ramp[700]], [0.3, ramp[300]], [0.6, ramp[500]], [1, ramp[800]]], { x1: 0, y1: 0, x2: 1, y2: 0 }), opacity: op }));
          parts.push(el('rect', { x: x - bw * 0.62, y: y + seg - 9 * u, width: bw * 1.24, height: 6 * u, rx: 3 * u, fill: ramp[700], opacity: op }));
        }
      }
    });
    for (let k = 0; k < 3; k++) {
      const x0 = s.fx + (k - 1) * 90 * u;
      const pts = stemPoints(x0, h * 1.02, x0 + (k - 1) * 120 * u + rng.jitter(0, 30 * u), h * rng.range(0.16, 0.3), rng.jitter(0, 50 * u), 5);
      parts.push(sprig(s, pts, { ramp: k === 1 ? emerald : green, alt: lime, size: 150, shape: 'ovate' }));
    }
    return parts.join('');
  }
  // Pale jade liquid disc with ripples, leaves swirling in it.
  const R = h * 0.36;
  parts.push(shadow(s, s.fx + 10 * u, s.fy + R * 0.9, R * 1.05, R * 0.2, 0.2));
  parts.push(el('circle', { cx: s.fx, cy: s.fy, r: R, fill: s.radial([[0, mix(lime[100], '#ffffff', 0.3)], [0.75, emerald[200]], [1, teal[300]]]) }));
  for (let k = 1; k <= 3; k++) parts.push(el('circle', { cx: s.fx, cy: s.fy, r: R * (0.3 + k * 0.2), fill: 'none', stroke: '#ffffff', 'stroke-opacity': 0.55, 'stroke-width': 2 * u }));
  parts.push(el('circle', { cx: s.fx, cy: s.fy, r: R, fill: 'none', stroke: '#ffffff', 'stroke-width': 5 * u, 'stroke-opacity': 0.85 }));
  const count = 7;
  for (let k = 0; k < count; k++) {
    const a = (k / count) * 360 + rng.jitter(0, 10);
    const [x, y] = polar(s.fx, s.fy, h * rng.range(0.06, 0.14), (a * Math.PI) / 180);
    const len = rng.range(0.2, 0.27) * h;
    parts.push(leaf(s, x, y, len, len * 0.3, a + 70, { ramp: k % 2 ? emerald : green, shape: 'ovate', bend: 0.18 }));
  }
  parts.push(floaters(s, 6, { core: emerald, rMax: 26, avoid: [[s.fx, s.fy, R * 1.05]] }));
  return parts.join('');
}

// --- Ocean, rose, cotton, amber-oud ----------------------------------------------------------

/** @param {Scene} s */
export function ocean(s) {
  const { rng, u, w, h } = s;
  const parts = [];
  const ramps = [cyan, sky, teal, blue];
  for (let k = 0; k < 5; k++) {
    const y0 = h * (0.38 + k * 0.13);
    const phase = rng.range(0, Math.PI * 2);
    const amp = rng.range(28, 48) * u;
    const pts = Array.from({ length: 9 }, (_, i) => [(-0.1 + (1.2 * i) / 8) * w, y0 + Math.sin(i * 0.9 + phase) * amp]);
    const crest = smoothPath(pts, false);
    const ramp = ramps[k % ramps.length];
    parts.push(el('path', { d: `${crest}L${n(w * 1.1)} ${n(h + 5)}L${n(-w * 0.1)} ${n(h + 5)}Z`, fill: s.linear([[0, ramp[300]], [0.5, ramp[500]], [1, ramp[700]]]) }));
    parts.push(stroke(crest, '#ffffff', 4 * u, { opacity: 0.8 }));
    // Spray: white dots flung from the crests.
    for (let i = 0; i < 8; i++) {
      const x = rng.range(0, w);
      const y = y0 - rng.range(10, 70) * u;
      parts.push(el('circle', { cx: x, cy: y, r: rng.range(2, 6) * u, fill: '#ffffff', opacity: rng.range(0.5, 0.9) }));
    }
  }
  for (let k = 0; k < 6; k++) parts.push(capsule(s, rng.range(0.1, 0.9) * w, rng.range(0.1, 0.35) * h, rng.range(12, 34) * u, { core: rng.chance(0.5) ? cyan : null, shell: sky }));
  return parts.join('');
}

/**
 * @param {Scene} s
 * @param {number} x
 * @param {number} y
 * @param {number} size
 * @param {number} angle
 * @param {Ramp} ramp
 */
function petal(s, x, y, size, angle, ramp) {
  const d = `M0 0C${n(size * 0.3)} ${n(-size * 0.5)} ${n(size * 0.95)} ${n(-size * 0.55)} ${n(size)} ${n(-size * 0.05)}C${n(size * 1.02)} ${n(size * 0.4)} ${n(size * 0.45)} ${n(size * 0.55)} 0 0Z`;
  return g({ transform: `translate(${n(x)} ${n(y)}) rotate(${n(angle)})` }, [
    el('path', { d, fill: s.radial([[0, ramp[100]], [0.6, ramp[300]], [1, ramp[500]]], { cx: 0.3, cy: 0.6, r: 0.9 }) }),
    el('path', { d: `M${n(size * 0.1)} 0Q${n(size * 0.5)} ${n(-size * 0.2)} ${n(size * 0.85)} ${n(-size * 0.1)}`, fill: 'none', stroke: '#ffffff', 'stroke-opacity': 0.5, 'stroke-width': 2 * s.u }),
  ]);
}

/** @param {Scene} s */
export function rosePetals(s) {
  const { rng, u, w, h } = s;
  const parts = [];
  // A loose bloom at the focus: petals in rings, then single petals drifting away.
  for (let ring = 3; ring >= 1; ring--) {
    const count = 4 + ring * 2;
    for (let k = 0; k < count; k++) {
      const a = (k / count) * 360 + ring * 17;
      const [x, y] = polar(s.fx, s.fy, ring * 16 * u, (a * Math.PI) / 180);
      parts.push(petal(s, x, y, (50 + ring * 38) * u, a - 20, ring === 1 ? rose : pink));
    }
  }
  for (let k = 0; k < 9; k++) parts.push(petal(s, rng.range(0.05, 0.95) * w, rng.range(0.08, 0.92) * h, rng.range(40, 80) * u, rng.range(0, 360), k % 2 ? pink : rose));
  parts.push(floaters(s, 10, { core: rose, rMax: 30, opacity: 0.85, avoid: [[s.fx, s.fy, 200 * u]] }));
  return parts.join('');
}

/**
 * A flowing breeze line that ends in a curl.
 * @param {Scene} s
 * @param {number} x
 * @param {number} y
 * @param {number} len
 * @param {{ dir?: number, colour?: string, width?: number, rng?: Rng }} [options]
 */
function breeze(s, x, y, len, { dir = 1, colour = '#ffffff', width = 3, rng = s.rng } = {}) {
  const u = s.u;
  const pts = [];
  for (let i = 0; i <= 8; i++) {
    const t = i / 8;
    pts.push([x + dir * len * t, y + Math.sin(t * Math.PI * 1.5 + 0.4) * 18 * u]);
  }
  const [ex, ey] = pts[pts.length - 1];
  const r = rng.range(22, 34) * u;
  for (let i = 1; i <= 10; i++) {
    const a = -Math.PI / 2 + dir * (i / 10) * Math.PI * 1.6;
    const rr = r * (1 - i / 16);
    pts.push([ex + dir * Math.cos(a) * rr, ey + r + Math.sin(a) * rr]);
  }
  const d = smoothPath(pts, false);
  return stroke(d, colour, width * 5 * u, { opacity: 0.25 }) + stroke(d, colour, width * 1.6 * u, { opacity: 0.95 });
}

/** @param {Scene} s */
export function cottonFresh(s) {
  const { rng, u, w, h } = s;
  const parts = [el('rect', { width: w, height: h * 0.7, fill: s.linear([[0, sky[200], 0.6], [1, sky[100], 0]]) })];
  parts.push(s.glow(w * rng.range(0.2, 0.8), h * 0.15, h * 0.4, '#ffffff', 0.9, { sy: 0.5 }));
  // A stack of folded cloths in soft perspective: top face, rolled front edge, shadow.
  const layers = rng.int(4, 5);
  const cw = w * 0.46;
  const th = 62 * u;
  const baseY = h * 0.86;
  parts.push(shadow(s, s.fx + 20 * u, baseY + 8 * u, cw * 0.62, 34 * u, 0.3));
  const tints = [sky, slate, s.pal, sky, slate];
  for (let k = 0; k < layers; k++) {
    const y = baseY - (k + 1) * th;
    const x = s.fx - cw / 2 + rng.jitter(0, 16 * u);
    const ramp = tints[k % tints.length];
    const depth = 70 * u;
    parts.push(el('path', { d: `M${n(x)} ${n(y)}L${n(x + depth)} ${n(y - depth * 0.55)}L${n(x + cw + depth)} ${n(y - depth * 0.55)}L${n(x + cw)} ${n(y)}Z`, fill: s.linear([[0, '#ffffff'], [1, mix(ramp[50], '#ffffff', 0.3)]]) }));
    parts.push(el('path', { d: `M${n(x + cw)} ${n(y)}L${n(x + cw + depth)} ${n(y - depth * 0.55)}L${n(x + cw + depth)} ${n(y - depth * 0.55 + th)}L${n(x + cw)} ${n(y + th)}Z`, fill: mix(ramp[200], '#ffffff', 0.25) }));
    parts.push(el('rect', { x, y, width: cw, height: th, rx: th * 0.48, fill: s.linear([[0, '#ffffff'], [0.45, mix(ramp[100], '#ffffff', 0.4)], [1, ramp[300]]]) }));
    parts.push(stroke(`M${n(x + th * 0.4)} ${n(y + th * 0.22)}H${n(x + cw - th * 0.4)}`, '#ffffff', 3 * u, { opacity: 0.9 }));
    parts.push(stroke(`M${n(x + 18 * u)} ${n(y + th * 0.5)}H${n(x + cw - 18 * u)}`, ramp[300], 1.5 * u, { 'stroke-dasharray': `${n(6 * u)} ${n(6 * u)}`, opacity: 0.6 }));
  }
  for (let k = 0; k < 5; k++) {
    const dir = k % 2 ? -1 : 1;
    parts.push(breeze(s, dir > 0 ? rng.range(0.02, 0.3) * w : rng.range(0.7, 0.98) * w, rng.range(0.1, 0.42) * h, rng.range(0.3, 0.5) * w, { dir }));
  }
  parts.push(floaters(s, 7, { core: sky, rMax: 30, avoid: [[s.fx, baseY - layers * th * 0.5, cw * 0.6]] }));
  return parts.join('');
}

/** @param {Scene} s */
export function amberOud(s) {
  const { rng, u, w, h } = s;
  const parts = [s.glow(s.fx, h * 0.7, h * 0.5, amber[300], 0.85)];
  // Curling smoke: wide soft columns that sway and roll over at the top.
  for (let k = 0; k < 3; k++) {
    const x = s.fx + (k - 1) * 110 * u;
    const pts = [];
    const sway = rng.range(50, 90) * u;
    const ph = rng.range(0, Math.PI * 2);
    for (let i = 0; i <= 10; i++) {
      const t = i / 10;
      pts.push([x + Math.sin(t * Math.PI * 2 + ph) * sway * t, h * 0.62 - t * h * 0.5]);
    }
    const [ex, ey] = pts[pts.length - 1];
    const dir = k % 2 ? 1 : -1;
    for (let i = 1; i <= 8; i++) {
      const a = Math.PI + dir * (i / 8) * Math.PI * 1.5;
      pts.push([ex + 40 * u * dir + Math.cos(a) * 40 * u * (1 - i / 14) * dir, ey + Math.sin(a) * 40 * u * (1 - i / 14)]);
    }
    const d = smoothPath(pts, false);
    const ramp = k === 1 ? rose : stone;
    const paint = s.linear([[0, ramp[400], 0.9], [1, ramp[300], 0.2]], { user: true, x1: x, y1: h * 0.62, x2: x, y2: h * 0.05 });
    parts.push(stroke(d, paint, 70 * u, { opacity: 0.22 }));
    parts.push(stroke(d, paint, 30 * u, { opacity: 0.45 }));
    parts.push(stroke(d, paint, 7 * u, { opacity: 0.95 }));
  }
  const drops = packCircles(rng, { cx: s.fx, cy: h * 0.72, rx: w * 0.3, ry: h * 0.13, count: 8, rMin: 26 * u, rMax: 84 * u, gap: 8 * u, power: 1.4 });
  for (const [x, y, r] of drops.sort((a, b) => a[1] - b[1])) {
    const pts = blobPoints(rng, x, y, r, { count: 8, wobble: 0.1, sy: 0.8 });
    parts.push(shadow(s, x + r * 0.1, y + r * 0.75, r * 1.05, r * 0.22, 0.3));
    parts.push(el('path', { d: smoothPath(pts), fill: s.radial([[0, yellow[200]], [0.4, amber[400]], [0.78, orange[700]], [1, red[900]]], { fx: 0.4, fy: 0.35 }) }));
    parts.push(s.glow(x + r * 0.1, y + r * 0.2, r * 0.6, yellow[200], 0.5));
    parts.push(highlight(s, x - r * 0.35, y - r * 0.32, r * 0.3, r * 0.13, -30, 0.9));
  }
  return parts.join('');
}

/**
 * Essential-oil category: oil droplets in capsules beside leaf sprigs on a linen weave.
 * @param {Scene} s
 */
export function oilsOnLinen(s) {
  const { rng, u, w, h } = s;
  const floor = fabricFloor(s, { top: 0.62, kind: 'plain', a: stone, b: s.pal, light: 1 });
  const parts = [floor.markup];
  const side = rng.pick([-1, 1]);
  for (let k = 0; k < 5; k++) {
    const x = s.fx + side * w * 0.2 + rng.jitter(0, 40 * u);
    parts.push(leaf(s, x, h * 0.8, rng.range(170, 260) * u, rng.range(30, 44) * u, -90 + side * (k - 2) * 18, { ramp: k % 2 ? emerald : green, shape: 'lanceolate' }));
  }
  const caps = packCircles(rng, { cx: s.fx - side * w * 0.12, cy: h * 0.52, rx: w * 0.2, ry: h * 0.2, count: 6, rMin: 22 * u, rMax: 72 * u, gap: 12 * u });
  for (const [x, y, r] of caps) {
    parts.push(capsule(s, x, y, r, { core: null, drop: false }));
    parts.push(droplet(s, x + r * 0.05, y + r * 0.22, r * 0.36, { ramp: amber }));
  }
  return parts.join('');
}

/**
 * Cooling and thermo-regulating: phase-change capsules soaking up warm waves, frost beyond.
 * @param {Scene} s
 */
export function cooling(s) {
  const { rng, u, w, h } = s;
  const parts = [s.glow(w * 0.1, h * 0.9, h * 0.7, orange[300], 0.55), s.glow(w * 0.9, h * 0.1, h * 0.7, cyan[200], 0.8)];
  // Heat arrives as warm waves from the lower left and stops at the capsule band.
  for (let k = 0; k < 4; k++) {
    const pts = Array.from({ length: 6 }, (_, i) => [(-0.05 + i * 0.1) * w, h * (0.62 + k * 0.08) + Math.sin(i * 1.6 + k) * 14 * u]);
    parts.push(stroke(smoothPath(pts, false), orange[400], 5 * u, { opacity: 0.6 - k * 0.1 }));
  }
  const caps = packCircles(rng, { cx: s.fx, cy: s.fy, rx: w * 0.2, ry: h * 0.3, count: 9, rMin: 24 * u, rMax: 80 * u, gap: 10 * u, power: 1.5 });
  for (const [x, y, r] of caps) parts.push(capsule(s, x, y, r, { core: rng.chance(0.5) ? cyan : sky, coreScale: 0.62 }));
  for (let k = 0; k < 10; k++) parts.push(frost(s, rng.range(0.62, 0.95) * w, rng.range(0.08, 0.6) * h, rng.range(10, 24) * u));
  return parts.join('');
}
