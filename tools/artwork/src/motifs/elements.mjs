/**
 * Drawing primitives shared by the motifs: capsules, droplets, atoms, leaves, fabric, fibres.
 * Every function takes the Scene first and returns SVG markup; sizes are in canvas pixels.
 */
import { el, g, n, smoothPath, polar, faded } from '../svg.mjs';
import { mix } from '../palette.mjs';
/** @typedef {import('../svg.mjs').Scene} Scene */
/** @typedef {import('../svg.mjs').Point} Point */
/** @typedef {import('../random.mjs').Rng} Rng */
/** @typedef {import('../palette.mjs').Ramp} Ramp */

const WHITE = '#ffffff';

/**
 * Soft contact shadow under an object resting on (or floating above) a surface.
 * @param {Scene} s
 * @param {number} x
 * @param {number} y
 * @param {number} rx
 * @param {number} ry
 * @param {number} [opacity]
 * @param {string} [colour]
 */
export function shadow(s, x, y, rx, ry, opacity = 0.22, colour = '#0f172a') {
  const fill = s.radial([
    [0, colour, opacity],
    [1, colour, 0],
  ]);
  return el('ellipse', { cx: x, cy: y, rx, ry, fill });
}

/**
 * Specular highlight: the bright window reflection that makes a shape read as glossy.
 * @param {Scene} s
 * @param {number} x
 * @param {number} y
 * @param {number} rx
 * @param {number} ry
 * @param {number} [angle]
 * @param {number} [opacity]
 */
export function highlight(s, x, y, rx, ry, angle = -35, opacity = 0.9) {
  const fill = s.radial([
    [0, WHITE, opacity],
    [0.6, WHITE, opacity * 0.35],
    [1, WHITE, 0],
  ]);
  return el('ellipse', { cx: 0, cy: 0, rx, ry, fill, transform: `translate(${n(x)} ${n(y)}) rotate(${n(angle)})` });
}

/**
 * A translucent core-shell microcapsule. `core` is a ramp (or null for an empty bubble);
 * the shell picks up `shell` ramp colours at its rim like a real polymer wall does.
 * @param {Scene} s
 * @param {number} x
 * @param {number} y
 * @param {number} r
 * @param {CapsuleOptions & { opacity?: number }} [options]
 */
export function capsule(s, x, y, r, options = {}) {
  return faded(options.opacity ?? 1, () => capsuleShape(s, x, y, r, options));
}

/**
 * @param {Scene} s
 * @param {number} x
 * @param {number} y
 * @param {number} r
 * @param {CapsuleOptions} [options]
 */
function capsuleShape(s, x, y, r, { shell = s.pal, core = s.acc, coreScale = 0.55, coreOffset = [0.12, 0.14], rim = 0.55, drop = false } = {}) {
  const deep = s.tone === 'deep';
  const shellFill = s.radial(
    [
      [0, WHITE, deep ? 0.28 : 0.7],
      [0.5, shell[deep ? 300 : 100], deep ? 0.16 : 0.3],
      [0.86, shell[deep ? 300 : 300], deep ? 0.3 : 0.5],
      [1, shell[deep ? 200 : 500], deep ? 0.65 : 0.75],
    ],
    { fx: 0.38, fy: 0.32 },
  );
  const parts = [];
  if (drop) parts.push(shadow(s, x + r * 0.15, y + r * 1.05, r * 0.95, r * 0.22, 0.2));
  parts.push(el('circle', { cx: x, cy: y, r, fill: shellFill }));
  if (core) {
    const cr = r * coreScale;
    const coreFill = s.radial(
      [
        [0, core[200]],
        [0.55, core[400]],
        [1, core[600]],
      ],
      { fx: 0.36, fy: 0.34 },
    );
    parts.push(el('circle', { cx: x + r * coreOffset[0], cy: y + r * coreOffset[1], r: cr, fill: coreFill, opacity: 0.92 }));
    parts.push(highlight(s, x + r * coreOffset[0] - cr * 0.3, y + r * coreOffset[1] - cr * 0.35, cr * 0.32, cr * 0.18, -35, 0.7));
  }
  if (rim) parts.push(el('circle', { cx: x, cy: y, r: r - 0.75 * s.u, fill: 'none', stroke: WHITE, 'stroke-opacity': rim, 'stroke-width': 1.5 * s.u }));
  parts.push(highlight(s, x - r * 0.38, y - r * 0.45, r * 0.3, r * 0.16, -38, 0.95));
  // A faint secondary reflection low on the right sells the roundness at small sizes.
  parts.push(highlight(s, x + r * 0.5, y + r * 0.55, r * 0.16, r * 0.07, -45, 0.45));
  return parts.join('');
}

/**
 * `core` null draws an empty bubble; `rim` is the rim's opacity (0 for none); `drop` adds a shadow.
 * @typedef {{ shell?: Ramp, core?: Ramp | null, coreScale?: number, coreOffset?: number[], rim?: number, drop?: boolean }} CapsuleOptions
 */

/**
 * Teardrop outline centred on its round part, point upwards (droplet() rotates it).
 * @param {number} x
 * @param {number} y
 * @param {number} r
 */
export function dropletPath(x, y, r) {
  return `M${n(x)} ${n(y - r * 1.75)}C${n(x + r * 0.32)} ${n(y - r * 1.1)} ${n(x + r)} ${n(y - r * 0.6)} ${n(x + r)} ${n(y)}A${n(r)} ${n(r)} 0 0 1 ${n(x - r)} ${n(y)}C${n(x - r)} ${n(y - r * 0.6)} ${n(x - r * 0.32)} ${n(y - r * 1.1)} ${n(x)} ${n(y - r * 1.75)}Z`;
}

/**
 * @param {Scene} s
 * @param {number} x
 * @param {number} y
 * @param {number} r
 * @param {Parameters<typeof dropletShape>[4] & { opacity?: number }} [options]
 */
export function droplet(s, x, y, r, options = {}) {
  return faded(options.opacity ?? 1, () => dropletShape(s, x, y, r, options));
}

/**
 * @param {Scene} s
 * @param {number} x
 * @param {number} y
 * @param {number} r
 * @param {{ ramp?: Ramp, angle?: number, clear?: boolean }} [options]
 */
function dropletShape(s, x, y, r, { ramp = s.acc, angle = 0, clear = false } = {}) {
  const fill = clear
    ? s.radial([[0, WHITE, 0.55], [0.6, ramp[100], 0.35], [1, ramp[400], 0.75]], { cx: 0.5, cy: 0.62, r: 0.6, fx: 0.4, fy: 0.55 })
    : s.radial([[0, ramp[200]], [0.5, ramp[400]], [1, ramp[700]]], { cx: 0.5, cy: 0.62, r: 0.62, fx: 0.38, fy: 0.55 });
  const parts = [
    el('path', { d: dropletPath(0, 0, r), fill }),
    el('path', { d: dropletPath(0, 0, r), fill: 'none', stroke: WHITE, 'stroke-opacity': clear ? 0.6 : 0.3, 'stroke-width': 1.2 * s.u }),
    highlight(s, -r * 0.4, -r * 0.25, r * 0.22, r * 0.38, 20, 0.9),
    highlight(s, r * 0.45, r * 0.5, r * 0.14, r * 0.07, -40, 0.5),
  ];
  return g({ transform: `translate(${n(x)} ${n(y)}) rotate(${n(angle)})` }, parts);
}

/**
 * A water bead sitting on a surface: flattened sphere, caustic glow at the bottom, shadow.
 * @param {Scene} s
 * @param {number} x
 * @param {number} y
 * @param {number} r
 * @param {{ ramp?: Ramp, flat?: number }} [options]
 */
export function bead(s, x, y, r, { ramp = s.comp, flat = 0.82 } = {}) {
  const fill = s.radial(
    [
      [0, WHITE, 0.25],
      [0.55, ramp[200], 0.45],
      [0.85, ramp[400], 0.8],
      [1, ramp[700], 0.95],
    ],
    { cx: 0.5, cy: 0.45, r: 0.55, fx: 0.45, fy: 0.3 },
  );
  return [
    shadow(s, x + r * 0.28, y + r * flat * 0.78, r * 1.05, r * 0.3, 0.28),
    el('ellipse', { cx: x, cy: y, rx: r, ry: r * flat, fill }),
    el('ellipse', { cx: x, cy: y, rx: r, ry: r * flat, fill: 'none', stroke: WHITE, 'stroke-width': 1.5 * s.u, 'stroke-opacity': 0.7 }),
    // Light focused through the bead lands on its lower, far side.
    el('ellipse', { cx: x + r * 0.15, cy: y + r * flat * 0.55, rx: r * 0.55, ry: r * 0.22, fill: s.radial([[0, WHITE, 0.75], [1, WHITE, 0]]) }),
    highlight(s, x - r * 0.38, y - r * flat * 0.45, r * 0.32, r * 0.15, -25, 0.95),
  ].join('');
}

/**
 * Four-pointed star glint.
 * @param {Scene} s
 * @param {number} x
 * @param {number} y
 * @param {number} r
 * @param {string} [colour]
 * @param {number} [opacity]
 */
export function sparkle(s, x, y, r, colour = WHITE, opacity = 0.95) {
  const k = r * 0.16;
  const d = `M${n(x)} ${n(y - r)}Q${n(x + k)} ${n(y - k)} ${n(x + r)} ${n(y)}Q${n(x + k)} ${n(y + k)} ${n(x)} ${n(y + r)}Q${n(x - k)} ${n(y + k)} ${n(x - r)} ${n(y)}Q${n(x - k)} ${n(y - k)} ${n(x)} ${n(y - r)}Z`;
  return s.glow(x, y, r * 0.9, colour, opacity * 0.45) + el('path', { d, fill: colour, opacity });
}

/**
 * A shaded sphere for ball-and-stick molecules.
 * @param {Scene} s
 * @param {number} x
 * @param {number} y
 * @param {number} r
 * @param {Ramp} [ramp]
 * @param {number} [opacity]
 */
export function atom(s, x, y, r, ramp = s.pal, opacity = 1) {
  const fill = s.radial(
    [
      [0, mix(ramp[100], WHITE, 0.5)],
      [0.45, ramp[400]],
      [1, ramp[700]],
    ],
    { fx: 0.35, fy: 0.32 },
  );
  return el('circle', { cx: x, cy: y, r, fill, opacity: opacity === 1 ? undefined : opacity });
}

/**
 * A bond: a line drawn twice (dark body, light core) so it reads as a rod, not a stroke.
 * @param {Scene} s
 * @param {number} x1
 * @param {number} y1
 * @param {number} x2
 * @param {number} y2
 * @param {number} width
 * @param {Ramp} [ramp]
 * @param {number} [opacity]
 */
export function bond(s, x1, y1, x2, y2, width, ramp = s.pal, opacity = 1) {
  return [
    el('line', { x1, y1, x2, y2, stroke: ramp[600], 'stroke-width': width, 'stroke-linecap': 'round', opacity: 0.85 * opacity }),
    el('line', { x1, y1, x2, y2, stroke: ramp[200], 'stroke-width': width * 0.4, 'stroke-linecap': 'round', opacity: 0.7 * opacity }),
  ].join('');
}

/**
 * A six-membered ring (hexagon of atoms, aromatic inner circle); returns markup and vertices.
 * @param {Scene} s
 * @param {number} x
 * @param {number} y
 * @param {number} r
 * @param {{ ramp?: Ramp, rotate?: number, atoms?: boolean, aromatic?: boolean, line?: number, opacity?: number, pendant?: number[] }} [options]
 */
export function hexRing(s, x, y, r, { ramp = s.pal, rotate = 0, atoms = true, aromatic = true, line = 5, opacity = 1, pendant = [] } = {}) {
  const u = s.u;
  const pts = Array.from({ length: 6 }, (_, i) => polar(x, y, r, rotate + (i * Math.PI) / 3 - Math.PI / 2));
  const parts = [];
  for (let i = 0; i < 6; i++) parts.push(bond(s, pts[i][0], pts[i][1], pts[(i + 1) % 6][0], pts[(i + 1) % 6][1], line * u, ramp, opacity));
  if (aromatic) parts.push(el('circle', { cx: x, cy: y, r: r * 0.55, fill: 'none', stroke: ramp[500], 'stroke-width': line * 0.55 * u, opacity: 0.6 * opacity }));
  // Side groups stick out radially from chosen vertices, like substituents on a ring.
  for (const i of pendant) {
    const [px, py] = polar(x, y, r * 1.75, rotate + (i * Math.PI) / 3 - Math.PI / 2);
    parts.push(bond(s, pts[i][0], pts[i][1], px, py, line * u, ramp, opacity));
    parts.push(atom(s, px, py, line * 2 * u, s.acc, opacity));
  }
  if (atoms) for (const [px, py] of pts) parts.push(atom(s, px, py, line * 1.45 * u, ramp, opacity));
  return { markup: parts.join(''), points: pts };
}

/**
 * A small random ball-and-stick molecule (a branching tree of 4–8 atoms).
 * @param {Scene} s
 * @param {number} x
 * @param {number} y
 * @param {number} size
 * @param {{ ramp?: Ramp, accent?: Ramp, rng?: Rng, atoms?: number, opacity?: number }} [options]
 */
export function molecule(s, x, y, size, { ramp = s.pal, accent = s.acc, rng = s.rng, atoms = rng.int(4, 7), opacity = 1 } = {}) {
  const nodes = [[x, y, 0]];
  for (let i = 1; i < atoms; i++) {
    const parent = nodes[rng.int(0, nodes.length - 1)];
    const a = rng.range(0, Math.PI * 2);
    const len = size * rng.range(0.75, 1.05);
    nodes.push([parent[0] + Math.cos(a) * len, parent[1] + Math.sin(a) * len, nodes.indexOf(parent)]);
  }
  const parts = [];
  for (let i = 1; i < nodes.length; i++) {
    const p = nodes[nodes[i][2]];
    parts.push(bond(s, p[0], p[1], nodes[i][0], nodes[i][1], size * 0.16, ramp, opacity));
  }
  nodes.forEach(([nx, ny], i) => {
    const big = i === 0 || rng.chance(0.3);
    parts.push(atom(s, nx, ny, size * (big ? 0.36 : 0.24), big ? ramp : accent, opacity));
  });
  return parts.join('');
}

/** @typedef {'plain' | 'twill' | 'basket' | 'knit'} Weave */
/** @typedef {'ovate' | 'lanceolate' | 'blade' | 'petal' | 'round' | 'needle'} LeafShape */

/**
 * Leaf outline sampled from a width profile, with midrib and veins. Drawn from its base at
 * (x, y) towards `angle` degrees. Shapes: ovate, lanceolate, blade, petal, round, needle.
 * @param {Scene} s
 * @param {number} x
 * @param {number} y
 * @param {number} len
 * @param {number} width
 * @param {number} angle
 * @param {Parameters<typeof leafShape>[6] & { opacity?: number }} [options]
 */
export function leaf(s, x, y, len, width, angle, options = {}) {
  return faded(options.opacity ?? 1, () => leafShape(s, x, y, len, width, angle, options));
}

/**
 * @param {Scene} s
 * @param {number} x
 * @param {number} y
 * @param {number} len
 * @param {number} width
 * @param {number} angle
 * @param {{ ramp?: Ramp, shape?: LeafShape, serrate?: number, bend?: number, veins?: boolean, stem?: number }} [options]
 */
function leafShape(s, x, y, len, width, angle, { ramp = s.acc, shape = 'ovate', serrate = 0, bend = 0.08, veins = true, stem = 0.12 } = {}) {
  const u = s.u;
  /** @type {Record<LeafShape, (t: number) => number>} */
  const profiles = {
    ovate: (t) => Math.sin(Math.PI * t ** 0.75),
    lanceolate: (t) => Math.sin(Math.PI * t) ** 0.85,
    blade: (t) => Math.min(1, t * 10) * (1 - t) ** 0.7,
    petal: (t) => Math.sin(Math.PI * Math.min(1, t ** 1.5 * 0.92 + 0.04)) ** 0.55,
    round: (t) => Math.sin(Math.PI * t) ** 0.55,
    needle: (t) => Math.min(1, t * 6) * (1 - t ** 3),
  };
  const profile = profiles[shape];
  const steps = serrate ? 28 : 18;
  /** @param {number} t */
  const mid = (t) => bend * len * Math.sin(Math.PI * t * 0.9) * t;
  const top = [];
  const bottom = [];
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    let hw = width * profile(t);
    if (serrate && i > 1 && i < steps - 1) hw *= i % 2 ? 1 + serrate : 1 - serrate * 0.4;
    top.push([t * len, mid(t) - hw]);
    bottom.push([t * len, mid(t) + hw]);
  }
  const outline = [...top, ...bottom.reverse().slice(1, -1)];
  const d = serrate ? `M${outline.map(([px, py]) => `${n(px)} ${n(py)}`).join('L')}Z` : smoothPath(outline, true);
  const fill = s.linear(
    [
      [0, ramp[300]],
      [0.48, ramp[500]],
      [0.52, ramp[600]],
      [1, ramp[800]],
    ],
    { x1: 0, y1: 0, x2: 0.15, y2: 1 },
  );
  const parts = [];
  if (stem) parts.push(el('line', { x1: -len * stem, y1: 0, x2: 0, y2: 0, stroke: ramp[700], 'stroke-width': Math.max(1.5, width * 0.12) * u, 'stroke-linecap': 'round' }));
  parts.push(el('path', { d, fill }));
  if (veins) {
    const midPts = Array.from({ length: 8 }, (_, i) => [(i / 7) * len * 0.94, mid((i / 7) * 0.94)]);
    const vein = { fill: 'none', stroke: mix(ramp[200], WHITE, 0.3), 'stroke-linecap': 'round' };
    parts.push(el('path', { ...vein, d: smoothPath(midPts, false), 'stroke-width': Math.max(1, width * 0.07), 'stroke-opacity': 0.75 }));
    const count = Math.max(3, Math.round(len / (width * 0.9)));
    for (let k = 1; k <= count && width > 6 * u; k++) {
      const t0 = (k / (count + 1)) * 0.85;
      const t1 = Math.min(0.97, t0 + 0.14);
      for (const side of [-1, 1]) {
        const hw = width * profile(t1) * 0.78 * side;
        const d2 = `M${n(t0 * len)} ${n(mid(t0))}Q${n((t0 + 0.05) * len)} ${n(mid(t0) + hw * 0.6)} ${n(t1 * len)} ${n(mid(t1) + hw)}`;
        parts.push(el('path', { ...vein, d: d2, 'stroke-width': Math.max(0.8, width * 0.035), 'stroke-opacity': 0.5 }));
      }
    }
  }
  return g({ transform: `translate(${n(x)} ${n(y)}) rotate(${n(angle)})` }, parts);
}

/**
 * Woven or knitted fabric laid on a plane, threads straight (angle 0) or on the bias (45),
 * flattened into perspective by `squash`.
 *
 * The weave is one repeat drawn into a <pattern> tile, which librsvg paints once and repeats;
 * a thousand gradient-filled threads would cost half a second per picture. librsvg is only
 * fast with patterns under axis-aligned scaling and whole-pixel offsets, so the bias is drawn
 * inside the tile (a 45° weave still repeats on a square of side period × √2) and the group
 * transform is limited to an integer translate and a vertical scale.
 * @param {Scene} s
 * @param {{ kind?: Weave, pitch?: number, angle?: number, squash?: number, origin?: number[], a?: Ramp, b?: Ramp, base?: string, light?: number }} [options]
 */
export function fabric(s, { kind = 'plain', pitch = 38, angle = 0, squash = 1, origin = [s.w / 2, s.h / 2], a = s.pal, b = s.comp, base, light = 1 } = {}) {
  const p = pitch * s.u;
  const bias = kind !== 'knit' && Math.abs((((angle % 90) + 90) % 90) - 45) < 22.5;
  /** @param {Ramp} ramp */
  const tone = (ramp) =>
    s.radial(
      [
        [0, mix(ramp[50], WHITE, 0.6 * light)],
        [0.55, mix(ramp[100], ramp[200], light > 0.8 ? 0.4 : 1)],
        [1, ramp[light > 0.8 ? 300 : 500]],
      ],
      { r: 0.56 },
    );
  const fillA = tone(a);
  const fillB = tone(b);
  // Pastel by default: the fabric is a stage for the motif and must not out-shout it.
  const ground = base ?? mix(a[400], a[300], 0.5);
  const period = kind === 'knit' ? 1 : kind === 'plain' ? 2 : 4;
  const tileW = kind === 'knit' ? p * 1.05 : period * p * (bias ? Math.SQRT2 : 1);
  const tileH = kind === 'knit' ? p * 0.8 * 6 : tileW;
  const paint = s.pattern(`fabric-${kind}-${bias}-${fillA}-${fillB}-${ground}`, tileW, tileH, (tw, th) => {
    const parts = [];
    if (kind === 'knit') {
      // Jersey stitches: each loop is a pair of tilted lobes forming a V; every sixth row
      // takes the second colour, like a fine stripe.
      const px = tw;
      const py = th / 6;
      for (let j = -1; j <= 6; j++) {
        for (let i = -1; i <= 1; i++) {
          const fill = ((j % 6) + 6) % 6 === 0 ? fillB : fillA;
          for (const side of [-1, 1]) {
            parts.push(el('ellipse', { cx: 0, cy: 0, rx: px * 0.27, ry: py * 0.78, fill, transform: `translate(${n(i * px + px / 2 + side * px * 0.22)} ${n(j * py + py / 2)}) rotate(${-side * 28})` }));
          }
        }
      }
    } else {
      // Over/under rule per weave; runs of consecutive "over" cells merge into one long float.
      /** @type {Record<typeof kind, (i: number, j: number) => boolean>} */
      const rules = {
        plain: (i, j) => (i + j) % 2 === 0,
        twill: (i, j) => (((i - j) % 4) + 4) % 4 < 2,
        basket: (i, j) => (Math.floor(i / 2) + Math.floor(j / 2)) % 2 === 0,
      };
      const over = rules[kind];
      // The cell size follows the rounded tile so the repeat stays seamless.
      const c = tw / period / (bias ? Math.SQRT2 : 1);
      const sw = c * 0.86;
      // Draw a few repeats around the tile so floats crossing its edge appear on both sides
      // (the tile clips the rest); on the bias the rotated lattice needs a wider margin.
      const lo = bias ? -period * 3 : -period;
      const hi = bias ? period * 3 : period * 2;
      /** @param {boolean} isWarp */
      const floats = (isWarp) => {
        for (let line = lo; line < hi; line++) {
          /** @type {number | null} */
          let start = null;
          for (let k = lo; k <= hi; k++) {
            const [i, j] = isWarp ? [line, k] : [k, line];
            // Offsetting keeps the modulo rules positive; 1000 is a multiple of every period.
            const on = k < hi && over(i + 1000, j + 1000) === isWarp;
            if (on && start === null) start = k;
            if (!on && start !== null) {
              const len = (k - start) * c - c * 0.06;
              const mid = ((start + k - 1) / 2) * c + c / 2;
              const [lx, ly] = isWarp ? [line * c + c / 2, mid] : [mid, line * c + c / 2];
              const rect = isWarp ? { x: lx - sw / 2, y: ly - len / 2, width: sw, height: len } : { x: lx - len / 2, y: ly - sw / 2, width: len, height: sw };
              parts.push(el('rect', { ...rect, rx: sw * 0.42, fill: isWarp ? fillA : fillB }));
              start = null;
            }
          }
        }
      };
      floats(true);
      floats(false);
    }
    const content = bias ? g({ transform: 'rotate(45)' }, parts) : parts.join('');
    return el('rect', { width: tw, height: th, fill: ground }) + content;
  });
  const extent = Math.hypot(s.w, s.h) / Math.min(1, squash);
  const [ox, oy] = origin.map(Math.round);
  return g({ transform: `translate(${ox} ${oy}) scale(1 ${n(squash)})` }, el('rect', { x: -extent, y: -extent, width: extent * 2, height: extent * 2, fill: paint }));
}

/**
 * A bundle of parallel fibres following one smooth spine; returns markup.
 * @param {Scene} s
 * @param {Point[]} spine
 * @param {Parameters<typeof fibreBundleShape>[2] & { opacity?: number }} [options]
 */
export function fibreBundle(s, spine, options = {}) {
  return faded(options.opacity ?? 1, () => fibreBundleShape(s, spine, options));
}

/**
 * @param {Scene} s
 * @param {Point[]} spine
 * @param {{ count?: number, spread?: number, width?: number, ramp?: Ramp, rng?: Rng, twist?: number }} [options]
 */
function fibreBundleShape(s, spine, { count = 5, spread = 14, width = 10, ramp = s.pal, rng = s.rng, twist = 0.5 } = {}) {
  const parts = [];
  for (let k = 0; k < count; k++) {
    const off = (k - (count - 1) / 2) * spread * s.u;
    const phase = rng.range(0, Math.PI * 2);
    // Each fibre wanders around the spine so the bundle looks twisted, not ruled.
    const pts = spine.map(([x, y], i) => {
      const wob = Math.sin(i * 0.9 + phase) * spread * twist * s.u;
      return [x, y + off + wob];
    });
    const d = smoothPath(pts, false);
    const w = width * s.u * rng.range(0.8, 1.15);
    parts.push(el('path', { d, fill: 'none', stroke: ramp[800], 'stroke-width': w + 2 * s.u, 'stroke-linecap': 'round', opacity: 0.35 }));
    parts.push(el('path', { d, fill: 'none', stroke: k % 2 ? ramp[500] : ramp[400], 'stroke-width': w, 'stroke-linecap': 'round' }));
    parts.push(el('path', { d, fill: 'none', stroke: WHITE, 'stroke-width': w * 0.28, 'stroke-linecap': 'round', opacity: 0.45, transform: `translate(0 ${n(-w * 0.22)})` }));
  }
  return parts.join('');
}

/**
 * Layered wave bands from the bottom of a region; each band a closed smooth path.
 * @param {Scene} s
 * @param {{ count?: number, top?: number, bottom?: number, amp?: number, ramps?: Ramp[], rng?: Rng, sheen?: boolean, opacity?: number, freq?: number }} [options]
 */
export function waveBands(s, { count = 4, top = s.h * 0.45, bottom = s.h, amp = 40, ramps = [s.pal, s.comp], rng = s.rng, sheen = true, opacity = 0.9, freq = 1.2 } = {}) {
  const parts = [];
  for (let k = 0; k < count; k++) {
    const y0 = top + ((bottom - top) * k) / count;
    const phase = rng.range(0, Math.PI * 2);
    const a = amp * s.u * rng.range(0.7, 1.2);
    const f = freq * rng.range(0.8, 1.25);
    const pts = [];
    for (let i = 0; i <= 8; i++) {
      const x = -s.w * 0.1 + (s.w * 1.2 * i) / 8;
      pts.push([x, y0 + Math.sin((i / 8) * Math.PI * 2 * f + phase) * a]);
    }
    const ramp = ramps[k % ramps.length];
    const crest = smoothPath(pts, false);
    const d = `${crest}L${n(s.w * 1.1)} ${n(s.h + 10)}L${n(-s.w * 0.1)} ${n(s.h + 10)}Z`;
    const fill = s.linear([
      [0, ramp[k % 2 ? 200 : 300], opacity],
      [1, ramp[k % 2 ? 500 : 600], opacity],
    ]);
    parts.push(el('path', { d, fill }));
    if (sheen) parts.push(el('path', { d: crest, fill: 'none', stroke: WHITE, 'stroke-width': 3 * s.u, 'stroke-opacity': 0.55, 'stroke-linecap': 'round' }));
  }
  return parts.join('');
}
