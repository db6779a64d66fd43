/**
 * Science-led motifs: microcapsules, molecules, lattices, polymer chains, protective shields.
 */
import { el, g, n, smoothPath, polar, faded } from '../svg.mjs';
import { mix, RAMPS } from '../palette.mjs';
import { capsule, molecule, hexRing, atom, bond, bead, droplet, fibreBundle, leaf, sparkle } from './elements.mjs';
import { fabricFloor, fabricSwatch } from './ground.mjs';
/** @typedef {import('../svg.mjs').Scene} Scene */
/** @typedef {import('../svg.mjs').Point} Point */
/** @typedef {import('../random.mjs').Rng} Rng */
/** @typedef {import('../palette.mjs').Ramp} Ramp */
/** A circle as [x, y, r]. @typedef {number[]} Circle */

/**
 * Non-overlapping circles inside an ellipse, biggest first so large capsules get the room
 * they need. Sizes follow a power curve: a few large, many small.
 * @param {Rng} rng
 * @param {{ cx: number, cy: number, rx: number, ry: number, count: number, rMin: number, rMax: number, gap?: number, avoid?: Circle[], power?: number, tries?: number }} options
 * @returns {Circle[]}
 */
export function packCircles(rng, { cx, cy, rx, ry, count, rMin, rMax, gap = 4, avoid = [], power = 2.2, tries = 60 }) {
  const out = [...avoid];
  /** @type {Circle[]} */
  const placed = [];
  const sizes = Array.from({ length: count }, () => rMin + (rMax - rMin) * rng.next() ** power).sort((a, b) => b - a);
  for (const r of sizes) {
    for (let t = 0; t < tries; t++) {
      const a = rng.range(0, Math.PI * 2);
      const d = Math.sqrt(rng.next());
      const x = cx + Math.cos(a) * rx * d;
      const y = cy + Math.sin(a) * ry * d;
      if (out.every(([ox, oy, or]) => Math.hypot(ox - x, oy - y) > or + r + gap)) {
        out.push([x, y, r]);
        placed.push([x, y, r]);
        break;
      }
    }
  }
  return placed;
}

/**
 * A thick round fibre drawn as stacked strokes: shadow side, body, and a glossy ridge.
 * @param {Scene} s
 * @param {Point[]} pts
 * @param {number} width
 * @param {Ramp} [ramp]
 */
export function fibreTube(s, pts, width, ramp = s.pal) {
  const d = smoothPath(pts, false);
  const w = width * s.u;
  /**
   * @param {string} stroke
   * @param {number} sw
   * @param {import('../svg.mjs').Attrs} [extra]
   */
  const line = (stroke, sw, extra = {}) => el('path', { d, fill: 'none', stroke, 'stroke-width': sw, 'stroke-linecap': 'round', ...extra });
  return [
    line(ramp[900], w * 1.08, { opacity: 0.18, transform: `translate(${n(w * 0.12)} ${n(w * 0.35)})` }),
    line(ramp[700], w),
    line(ramp[500], w * 0.78, { transform: `translate(0 ${n(-w * 0.06)})` }),
    line(ramp[300], w * 0.45, { transform: `translate(0 ${n(-w * 0.16)})` }),
    line('#ffffff', w * 0.12, { opacity: 0.55, transform: `translate(0 ${n(-w * 0.24)})` }),
  ].join('');
}

/**
 * A gently S-curved path across the canvas through the focus point.
 * @param {Scene} s
 * @param {{ y?: number, amp?: number, rng?: Rng, points?: number, from?: number, to?: number }} [options]
 */
export function sweep(s, { y = s.fy, amp = 0.12, rng = s.rng, points = 7, from = -0.1, to = 1.1 } = {}) {
  const phase = rng.range(0, Math.PI * 2);
  const a = amp * s.h * rng.range(0.6, 1.1);
  return Array.from({ length: points }, (_, i) => {
    const t = i / (points - 1);
    const x = (from + (to - from) * t) * s.w;
    return [x, y + Math.sin(t * Math.PI * 1.4 + phase) * a];
  });
}

/**
 * Point on a polyline at parameter t (0…1), linear between samples: good enough for placing.
 * @param {Point[]} pts
 * @param {number} t
 */
export function along(pts, t) {
  const f = Math.max(0, Math.min(0.9999, t)) * (pts.length - 1);
  const i = Math.floor(f);
  const k = f - i;
  return [pts[i][0] + (pts[i + 1][0] - pts[i][0]) * k, pts[i][1] + (pts[i + 1][1] - pts[i][1]) * k];
}

/**
 * Capsule field: small faint capsules behind, large crisp ones in front.
 * @param {Scene} s
 * @param {Circle[]} circles
 * @param {Parameters<typeof capsule>[4]} [opts]
 */
export function capsuleField(s, circles, opts = {}) {
  const sorted = [...circles].sort((a, b) => a[2] - b[2]);
  const big = sorted.at(-1)?.[2] ?? 1;
  return sorted.map(([x, y, r]) => capsule(s, x, y, r, { opacity: 0.55 + 0.45 * Math.min(1, r / big + 0.25), ...opts })).join('');
}

// ---------------------------------------------------------------------------------------------

/**
 * Microencapsulation: capsules of mixed sizes clustered along one textile fibre.
 * @param {Scene} s
 */
export function microencapsulation(s) {
  const { rng, u } = s;
  const spine = sweep(s, { amp: 0.1 });
  const parts = [fibreTube(s, spine, 38, s.comp)];
  /** @type {Circle[]} */
  const circles = [];
  const clusters = rng.int(2, 3);
  for (let c = 0; c < clusters; c++) {
    const [x, y] = along(spine, 0.22 + (0.56 * (c + rng.range(0.1, 0.9))) / clusters);
    circles.push(...packCircles(rng, { cx: x, cy: y - 40 * u, rx: 190 * u, ry: 150 * u, count: rng.int(9, 14), rMin: 9 * u, rMax: rng.range(62, 86) * u, avoid: circles }));
  }
  parts.push(capsuleField(s, circles));
  // A few free capsules drifting off the fibre suggest release.
  for (let k = 0; k < 10; k++) parts.push(capsule(s, rng.range(0.05, 0.95) * s.w, rng.range(0.08, 0.92) * s.h, rng.range(4, 10) * u, { opacity: 0.5, core: rng.chance(0.5) ? s.acc : null }));
  return parts.join('');
}

/**
 * Core-shell capsules resting on a woven floor with fragrance trails rising from them.
 * @param {Scene} s
 * @param {{ trails?: boolean, knit?: boolean, count?: number, accentCore?: Ramp }} [options]
 */
export function capsulesOnFabric(s, { trails = true, knit = false, count = 7, accentCore = s.acc } = {}) {
  const { rng, u, w } = s;
  const floor = fabricFloor(s, { top: rng.range(0.56, 0.64), kind: knit ? 'knit' : undefined, pitch: knit ? 44 : undefined });
  const parts = [floor.markup];
  const items = [];
  for (let k = 0; k < count; k++) {
    const x = (0.12 + (0.76 * (k + rng.range(0.15, 0.85))) / count) * w;
    const r = rng.range(34, 80) * u;
    const y = floor.edge(x) + rng.range(0.04, 0.2) * s.h;
    items.push([x, y, r]);
  }
  items.sort((a, b) => a[1] - b[1]);
  if (trails) {
    for (const [x, y, r] of items.filter((_, i) => i % 2 === 0)) parts.push(scentTrail(s, x, y - r, rng.range(0.35, 0.55) * s.h));
  }
  for (const [x, y, r] of items) parts.push(capsule(s, x, y - r * 0.8, r, { drop: true, core: accentCore }));
  return parts.join('');
}

/**
 * A rising ribbon of scent: two tapering wavy strokes with soft glow.
 * @param {Scene} s
 * @param {number} x
 * @param {number} y
 * @param {number} height
 * @param {{ ramp?: Ramp, rng?: Rng, width?: number }} [options]
 */
export function scentTrail(s, x, y, height, { ramp = s.acc, rng = s.rng, width = 16 } = {}) {
  const pts = [];
  const phase = rng.range(0, Math.PI * 2);
  const sway = rng.range(30, 60) * s.u;
  for (let i = 0; i <= 6; i++) {
    const t = i / 6;
    pts.push([x + Math.sin(t * Math.PI * 1.6 + phase) * sway * t, y - height * t]);
  }
  const d = smoothPath(pts, false);
  const stroke = s.linear([[0, ramp[300], 0.9], [1, ramp[200], 0]], { user: true, x1: x, y1: y, x2: x, y2: y - height });
  return [
    el('path', { d, fill: 'none', stroke, 'stroke-width': width * s.u, 'stroke-linecap': 'round', opacity: 0.35 }),
    el('path', { d, fill: 'none', stroke, 'stroke-width': width * 0.3 * s.u, 'stroke-linecap': 'round' }),
  ].join('');
}

/**
 * Protective dome of fine active particles over fabric, microbes kept outside it.
 * @param {Scene} s
 * @param {{ spores?: boolean }} [options]
 */
export function shield(s, { spores = false } = {}) {
  const { rng, u, w, h } = s;
  const floor = fabricFloor(s, { top: 0.64, curve: 0.03 });
  const parts = [floor.markup];
  const cx = s.fx;
  const cy = floor.edge(cx) + h * 0.12;
  const R = h * rng.range(0.42, 0.5);
  // Dome silhouette glow, then particle rows along latitudes of the hemisphere.
  parts.push(el('path', { d: `M${n(cx - R)} ${n(cy)}A${n(R)} ${n(R * 0.95)} 0 0 1 ${n(cx + R)} ${n(cy)}Z`, fill: s.radial([[0, s.pal[200], 0.05], [0.8, s.pal[300], 0.22], [1, s.pal[400], 0.45]], { cy: 1, r: 1 }) }));
  const silver = RAMPS.slate;
  for (let lat = 0; lat < 9; lat++) {
    const phi = (lat / 9) * (Math.PI / 2) * 0.98;
    const ringR = R * Math.cos(phi);
    const ringY = cy - R * 0.95 * Math.sin(phi);
    const dots = Math.max(6, Math.round(42 * Math.cos(phi)));
    for (let k = 0; k < dots; k++) {
      const theta = Math.PI + (k / (dots - 1)) * Math.PI;
      const depth = Math.sin(theta); // -1 far … back side hidden
      const x = cx + Math.cos(theta) * ringR;
      const y = ringY + Math.sin(theta) * ringR * 0.22;
      // Flat dots with a pin-point highlight: hundreds of gradient spheres would be slow.
      const r = (2.5 + 2.5 * -depth) * u + 1.5 * u;
      parts.push(el('circle', { cx: x, cy: y, r, fill: (k % 3 ? s.pal : silver)[k % 3 ? 500 : 400], opacity: 0.5 + 0.5 * -depth }));
      parts.push(el('circle', { cx: x - r * 0.3, cy: y - r * 0.3, r: r * 0.35, fill: '#ffffff', opacity: 0.7 * -depth }));
    }
  }
  // Silver-ion lattice: a honeycomb patch hovering above the fabric inside the dome.
  const hx = 26 * u;
  for (let q = -2; q <= 2; q++) {
    for (let r2 = -1; r2 <= 1; r2++) {
      if (Math.abs(q + r2) > 2) continue;
      const x = cx + hx * Math.sqrt(3) * (q + r2 / 2);
      const y = cy - R * 0.42 + hx * 1.5 * r2 * 0.7;
      parts.push(hexRing(s, x, y, hx, { ramp: silver, aromatic: false, line: 2.6, opacity: 0.85 }).markup);
    }
  }
  parts.push(s.glow(cx, cy - R * 0.42, R * 0.5, '#ffffff', 0.35));
  // Microbes outside the shield, faded, drifting away.
  const microbe = spores ? RAMPS.lime : RAMPS.green;
  for (let k = 0; k < 9; k++) {
    const side = k % 2 ? 1 : -1;
    const x = cx + side * (R * rng.range(1.1, 1.7));
    const y = rng.range(0.1, 0.6) * h;
    if (x < 0 || x > w) continue;
    parts.push(spores ? spore(s, x, y, rng.range(10, 20) * u, microbe) : bacterium(s, x, y, rng.range(14, 24) * u, rng.range(0, 180), microbe));
  }
  return parts.join('');
}

/**
 * @param {Scene} s
 * @param {number} x
 * @param {number} y
 * @param {number} r
 * @param {number} angle
 * @param {Ramp} ramp
 */
function bacterium(s, x, y, r, angle, ramp) {
  const body = s.linear([[0, ramp[200]], [1, ramp[500]]]);
  return faded(0.6, () =>
    g({ transform: `translate(${n(x)} ${n(y)}) rotate(${n(angle)})` }, [
      el('rect', { x: -r * 1.4, y: -r * 0.55, width: r * 2.8, height: r * 1.1, rx: r * 0.55, fill: body }),
      el('rect', { x: -r * 1.1, y: -r * 0.3, width: r * 2.2, height: r * 0.6, rx: r * 0.3, fill: ramp[100], opacity: 0.5 }),
      ...[-1, 1].map((k) => el('path', { d: `M${n(k * r * 1.4)} 0q${n(k * r * 0.5)} ${n(-r * 0.4)} ${n(k * r)} ${n(r * 0.1)}q${n(k * r * 0.4)} ${n(r * 0.5)} ${n(k * r * 0.8)} 0`, fill: 'none', stroke: ramp[500], 'stroke-width': 2 * s.u, 'stroke-linecap': 'round' })),
    ]),
  );
}

/**
 * @param {Scene} s
 * @param {number} x
 * @param {number} y
 * @param {number} r
 * @param {Ramp} ramp
 */
function spore(s, x, y, r, ramp) {
  return faded(0.5, () => sporeShape(s, x, y, r, ramp));
}

/**
 * @param {Scene} s
 * @param {number} x
 * @param {number} y
 * @param {number} r
 * @param {Ramp} ramp
 */
function sporeShape(s, x, y, r, ramp) {
  const parts = [];
  for (let k = 0; k < 8; k++) {
    const [px, py] = polar(x, y, r * 1.45, (k / 8) * Math.PI * 2);
    parts.push(el('line', { x1: x, y1: y, x2: px, y2: py, stroke: ramp[400], 'stroke-width': 1.6 * s.u }));
    parts.push(el('circle', { cx: px, cy: py, r: r * 0.18, fill: ramp[400] }));
  }
  parts.push(el('circle', { cx: x, cy: y, r, fill: s.radial([[0, ramp[200]], [1, ramp[500]]], { fx: 0.35, fy: 0.35 }) }));
  return parts.join('');
}

/**
 * Sustainable chemistry: a leaf whose veins are bonds, growing from a bundle of fibres.
 * @param {Scene} s
 */
export function sustainable(s) {
  const { rng, u, w, h } = s;
  const parts = [];
  const base = [s.fx - w * 0.22, h * 0.95];
  const spine = [base, [s.fx - w * 0.12, h * 0.78], [s.fx - w * 0.02, h * 0.62], [s.fx + w * 0.05, h * 0.5]];
  parts.push(fibreBundle(s, [[-w * 0.05, h * 0.98], ...spine], { count: 5, spread: 9, width: 9, ramp: RAMPS.stone, rng }));
  parts.push(molecularLeaf(s, s.fx + w * 0.03, h * 0.52, h * 0.5, rng.range(-70, -40)));
  // Ring chain (cellulose-like) curling around the leaf.
  const chainY = h * rng.range(0.22, 0.32);
  let x = s.fx - w * 0.32;
  for (let k = 0; k < 4; k++) {
    const r = 24 * u;
    parts.push(hexRing(s, x, chainY + Math.sin(k) * 16 * u, r, { ramp: s.pal, line: 3.5, pendant: k % 2 ? [2] : [], opacity: 0.9 }).markup);
    x += r * 2.2;
  }
  return parts.join('');
}

/**
 * @param {Scene} s
 * @param {number} x
 * @param {number} y
 * @param {number} len
 * @param {number} angle
 */
function molecularLeaf(s, x, y, len, angle) {
  const { u, rng } = s;
  const ramp = s.acc;
  const parts = [leaf(s, 0, 0, len, len * 0.32, 0, { ramp, shape: 'ovate', veins: false, opacity: 0.85, stem: 0.08 })];
  // Veins as bonds with atoms at the tips: the "molecule grown into a leaf" idea.
  /** @type {[number, number][]} */
  const mid = [];
  for (let i = 0; i <= 6; i++) mid.push([(i / 6) * len * 0.92, 0.08 * len * Math.sin(Math.PI * (i / 6) * 0.9) * (i / 6)]);
  for (let i = 0; i < mid.length - 1; i++) parts.push(bond(s, ...mid[i], ...mid[i + 1], 6 * u, RAMPS.emerald));
  for (let i = 1; i < mid.length - 1; i++) {
    for (const side of [-1, 1]) {
      const t = i / 6;
      const hw = len * 0.32 * Math.sin(Math.PI * t ** 0.75) * 0.7;
      /** @type {[number, number]} */
      const tip = [mid[i][0] + len * 0.1, mid[i][1] + side * hw];
      parts.push(bond(s, ...mid[i], ...tip, 4 * u, RAMPS.emerald));
      parts.push(atom(s, ...tip, 7 * u, rng.chance(0.3) ? s.pal : RAMPS.lime));
    }
    parts.push(atom(s, ...mid[i], 8.5 * u, RAMPS.emerald));
  }
  return g({ transform: `translate(${n(x)} ${n(y)}) rotate(${n(angle)})` }, parts);
}

/**
 * Performance chemicals: tight technical weave, translucent coating strata, beading water.
 * @param {Scene} s
 */
export function performance(s) {
  const { rng, u, w, h } = s;
  const floor = fabricFloor(s, { top: 0.5, kind: rng.pick(['twill', 'plain']), pitch: 40, curve: 0.02 });
  const parts = [floor.markup];
  // Coating strata: thin translucent sheets hovering above the weave, offset like a diagram.
  for (let k = 0; k < 3; k++) {
    const off = (k + 1) * 34 * u;
    const pts = Array.from({ length: 7 }, (_, i) => [(-0.05 + (1.1 * i) / 6) * w, floor.edge((-0.05 + (1.1 * i) / 6) * w) - off]);
    const d = `${smoothPath(pts, false)}L${n(w * 1.05)} ${n(h + 5)}L${n(-w * 0.05)} ${n(h + 5)}Z`;
    parts.push(el('path', { d, fill: s.linear([[0, k === 2 ? s.comp[200] : s.pal[200], 0.45], [0.25, s.pal[100], 0.1], [1, s.pal[100], 0]]), stroke: '#ffffff', 'stroke-opacity': 0.6, 'stroke-width': 1.5 * u }));
  }
  /** @param {number} x */
  const topEdge = (x) => floor.edge(x) - 102 * u;
  /** @type {Circle[]} */
  const beads = [];
  for (let k = 0; k < 14; k++) {
    const x = rng.range(0.08, 0.92) * w;
    const r = rng.range(16, 52) * u * (0.6 + 0.6 * (1 - Math.abs(x / w - 0.5)));
    const y = topEdge(x) + rng.range(0.08, 0.4) * (h - topEdge(x));
    if (beads.every(([bx, by, br]) => Math.hypot(bx - x, (by - y) * 1.6) > br + r + 6 * u)) beads.push([x, y, r]);
  }
  beads.sort((a, b) => a[1] - b[1]).forEach(([x, y, r]) => parts.push(bead(s, x, y, r)));
  // Polymer chains in the air above: the chemistry behind the coating.
  for (let k = 0; k < 2; k++) parts.push(polymerChain(s, rng.range(0.1, 0.5) * w, rng.range(0.14, 0.3) * h, rng.range(0.3, 0.45) * w, { ramp: k ? s.comp : s.pal }));
  return parts.join('');
}

/**
 * A zig-zag backbone with side groups, like a skeletal formula in 3D.
 * @param {Scene} s
 * @param {number} x
 * @param {number} y
 * @param {number} length
 * @param {{ ramp?: Ramp, rng?: Rng, opacity?: number, step?: number }} [options]
 */
export function polymerChain(s, x, y, length, { ramp = s.pal, rng = s.rng, opacity = 1, step = 34 } = {}) {
  const u = s.u;
  const count = Math.max(4, Math.round(length / (step * u)));
  /** @type {[number, number][]} */
  const pts = [];
  const wave = rng.range(0, Math.PI * 2);
  for (let i = 0; i < count; i++) pts.push([x + i * step * u, y + (i % 2 ? 14 : -14) * u + Math.sin(i * 0.45 + wave) * 30 * u]);
  const parts = [];
  for (let i = 0; i < count - 1; i++) parts.push(bond(s, ...pts[i], ...pts[i + 1], 5 * u, ramp, opacity));
  pts.forEach(([px, py], i) => {
    if (i % 2 === 0 && i > 0 && i < count - 1) {
      const dir = i % 4 ? -1 : 1;
      parts.push(bond(s, px, py, px, py + dir * 30 * u, 4 * u, ramp, opacity));
      parts.push(atom(s, px, py + dir * 30 * u, 7 * u, s.acc, opacity));
    }
    parts.push(atom(s, px, py, 8 * u, ramp, opacity));
  });
  return parts.join('');
}

/**
 * Cosmetic textiles: skin-soft waves above a fine knit, capsules releasing droplets.
 * @param {Scene} s
 */
export function cosmetic(s) {
  const { rng, u, w, h } = s;
  const floor = fabricFloor(s, { top: 0.62, kind: 'knit', pitch: 36, angle: rng.pick([0, 90]), squash: 0.55 });
  const parts = [];
  // Skin-like soft folds behind everything.
  for (let k = 0; k < 3; k++) {
    const y0 = h * (0.18 + k * 0.12);
    const pts = Array.from({ length: 6 }, (_, i) => [(-0.1 + (1.2 * i) / 5) * w, y0 + Math.sin(i * 1.1 + k + rng.range(0, 1)) * 40 * u]);
    const d = `${smoothPath(pts, false)}L${n(w * 1.1)} ${n(h)}L${n(-w * 0.1)} ${n(h)}Z`;
    parts.push(el('path', { d, fill: s.linear([[0, mix(s.pal[100], '#ffe4d6', 0.4), 0.6], [1, s.pal[200], 0.1]]), stroke: '#ffffff', 'stroke-opacity': 0.7, 'stroke-width': 2 * u }));
  }
  parts.push(floor.markup);
  const caps = packCircles(rng, { cx: s.fx, cy: h * 0.5, rx: w * 0.3, ry: h * 0.2, count: 8, rMin: 18 * u, rMax: 64 * u, gap: 18 * u });
  for (const [x, y, r] of caps) {
    parts.push(capsule(s, x, y, r, { drop: false, core: RAMPS.amber }));
    if (r > 34 * u) {
      // Released droplets fall towards the knit from the lower rim of the capsule.
      for (let d = 0; d < 3; d++) parts.push(droplet(s, x + rng.jitter(0, r * 0.6), y + r + (d + 1) * 22 * u, (5 - d) * 1.6 * u + 3 * u, { ramp: RAMPS.amber, opacity: 0.9 - d * 0.2 }));
    }
  }
  return parts.join('');
}

/**
 * Active molecules and small capsules bonding onto a knitted surface.
 * @param {Scene} s
 * @param {{ cages?: boolean }} [options]
 */
export function activesOnKnit(s, { cages = false } = {}) {
  const { rng, u, w, h } = s;
  const floor = fabricFloor(s, { top: 0.6, kind: 'knit', pitch: 44 });
  const parts = [floor.markup];
  const count = 7;
  for (let k = 0; k < count; k++) {
    const x = (0.08 + (0.84 * (k + rng.range(0.25, 0.75))) / count) * w;
    const y = (k % 2 ? rng.range(0.16, 0.3) : rng.range(0.34, 0.48)) * h;
    const gy = floor.edge(x) + rng.range(0.05, 0.15) * h;
    // Tether line from the active down to the fibre surface.
    parts.push(el('line', { x1: x, y1: y, x2: x + rng.jitter(0, 30 * u), y2: gy, stroke: s.pal[500], 'stroke-width': 2 * u, 'stroke-dasharray': `${n(3 * u)} ${n(7 * u)}`, opacity: 0.6 }));
    parts.push(el('circle', { cx: x, cy: gy, r: 5 * u, fill: s.pal[600] }));
    if (cages) parts.push(cage(s, x, y, rng.range(40, 56) * u));
    else if (k % 2) parts.push(capsule(s, x, y, rng.range(36, 60) * u));
    else parts.push(molecule(s, x, y, rng.range(32, 42) * u, { rng }));
  }
  return parts.join('');
}

/**
 * A ring-shaped host molecule (cyclodextrin-like) holding a guest molecule in its cavity.
 * @param {Scene} s
 * @param {number} x
 * @param {number} y
 * @param {number} r
 */
function cage(s, x, y, r) {
  const parts = [];
  const count = 7;
  const pts = Array.from({ length: count }, (_, i) => polar(x, y, r, (i / count) * Math.PI * 2));
  for (let i = 0; i < count; i++) parts.push(bond(s, ...pts[i], ...pts[(i + 1) % count], 4 * s.u, s.pal));
  for (const [px, py] of pts) parts.push(atom(s, px, py, 8 * s.u, s.pal));
  parts.push(atom(s, x, y, r * 0.35, s.acc));
  return parts.join('');
}

/**
 * Default picture: a fabric swatch with a few molecules and capsules floating over it.
 * @param {Scene} s
 */
export function fibresAndMolecules(s) {
  const { rng, u, w, h } = s;
  const parts = [fabricSwatch(s, { cx: s.fx, cy: s.fy + h * 0.04 })];
  for (let k = 0; k < 3; k++) parts.push(molecule(s, rng.range(0.15, 0.85) * w, rng.range(0.15, 0.8) * h, rng.range(26, 36) * u, { rng }));
  for (let k = 0; k < 4; k++) parts.push(capsule(s, rng.range(0.1, 0.9) * w, rng.range(0.1, 0.9) * h, rng.range(14, 40) * u));
  for (let k = 0; k < 5; k++) parts.push(sparkle(s, rng.range(0.05, 0.95) * w, rng.range(0.05, 0.95) * h, rng.range(6, 12) * u));
  return parts.join('');
}

/**
 * Cross-linked 3D lattice: nodes on a rotated cube grid, drawn back to front.
 * @param {Scene} s
 * @param {{ size?: number }} [options]
 */
export function lattice(s, { size = 3 } = {}) {
  const { rng, u, h } = s;
  const ay = rng.range(0.4, 1.1);
  const ax = rng.range(0.35, 0.6);
  const span = h * 0.26;
  /** @typedef {{ i: number, j: number, k: number, x: number, y: number, z: number, p: number }} LatticeNode */
  /** @type {LatticeNode[]} */
  const nodes = [];
  const half = (size - 1) / 2;
  for (let i = 0; i < size; i++)
    for (let j = 0; j < size; j++)
      for (let k = 0; k < size; k++) {
        let [x, y, z] = [(i - half) * span, (j - half) * span, (k - half) * span];
        [x, z] = [x * Math.cos(ay) - z * Math.sin(ay), x * Math.sin(ay) + z * Math.cos(ay)];
        [y, z] = [y * Math.cos(ax) - z * Math.sin(ax), y * Math.sin(ax) + z * Math.cos(ax)];
        const p = 1 / (1 + z / (h * 2.2));
        nodes.push({ i, j, k, x: s.fx + x * p, y: s.fy + y * p, z, p });
      }
  /**
   * @param {number} i
   * @param {number} j
   * @param {number} k
   */
  const key = (i, j, k) => i * size * size + j * size + k;
  /** @type {[a: LatticeNode, b: LatticeNode, cross?: boolean][]} */
  const edges = [];
  for (const a of nodes) {
    for (const [di, dj, dk] of [[1, 0, 0], [0, 1, 0], [0, 0, 1]]) {
      if (a.i + di < size && a.j + dj < size && a.k + dk < size) edges.push([a, nodes[key(a.i + di, a.j + dj, a.k + dk)]]);
    }
  }
  // Diagonal cross-links: the bonds a fixer adds between otherwise separate chains.
  for (let c = 0; c < 6; c++) {
    const a = rng.pick(nodes);
    const b = nodes.find((m) => Math.abs(m.i - a.i) === 1 && Math.abs(m.j - a.j) === 1 && m.k === a.k);
    if (b) edges.push([a, b, true]);
  }
  const zMax = Math.max(...nodes.map((m) => Math.abs(m.z)));
  /** @param {number} z */
  const depth = (z) => 0.35 + 0.65 * (1 - (z + zMax) / (2 * zMax));
  /** @type {[z: number, markup: string][]} */
  const items = [];
  for (const [a, b, cross] of edges) {
    const z = (a.z + b.z) / 2;
    items.push([z, el('line', { x1: a.x, y1: a.y, x2: b.x, y2: b.y, stroke: cross ? s.acc[400] : s.pal[400], 'stroke-width': (cross ? 3 : 2.2) * u * a.p, 'stroke-opacity': depth(z), 'stroke-dasharray': cross ? `${n(6 * u)} ${n(6 * u)}` : undefined })]);
  }
  for (const m of nodes) {
    items.push([m.z - 1, s.glow(m.x, m.y, 34 * u * m.p, s.tone === 'deep' ? s.pal[300] : '#ffffff', 0.7 * depth(m.z)) + atom(s, m.x, m.y, 11 * u * m.p, (m.i + m.j + m.k) % 3 ? s.pal : s.acc, depth(m.z))]);
  }
  items.sort((a, b) => b[0] - a[0]);
  return items.map((it) => it[1]).join('');
}
