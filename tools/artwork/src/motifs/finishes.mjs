/**
 * Speciality finishes: a woven or knitted surface plus the effect the finish gives it (water
 * beads, deflected sun rays, stopped flames, repelled insects, dispersed static…).
 */
import { el, g, n, smoothPath, polar, faded } from '../svg.mjs';
import { mix, RAMPS } from '../palette.mjs';
import { bead, capsule, droplet, shadow, sparkle, fabric } from './elements.mjs';
import { fabricFloor } from './ground.mjs';
import { packCircles } from './science.mjs';
/** @typedef {import('../svg.mjs').Scene} Scene */
/** @typedef {import('../svg.mjs').Point} Point */
/** @typedef {import('../palette.mjs').Ramp} Ramp */

const { amber, orange, yellow, red, slate, sky, cyan, violet, pink } = RAMPS;
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
 * Water repellent: round beads standing on a tight weave.
 * @param {Scene} s
 */
export function waterRepellent(s) {
  const { rng, u, w, h } = s;
  const floor = fabricFloor(s, { top: 0.34, kind: rng.pick(['plain', 'twill']), pitch: 40, curve: 0.03 });
  const parts = [floor.markup];
  const beads = packCircles(rng, { cx: w / 2, cy: h * 0.7, rx: w * 0.48, ry: h * 0.24, count: 20, rMin: 14 * u, rMax: 96 * u, gap: 12 * u, power: 1.7 });
  for (const [x, y, r] of beads.sort((a, b) => a[1] - b[1])) {
    // Beads further away (higher up) are smaller: cheap perspective.
    const k = 0.5 + 0.5 * ((y - h * 0.4) / (h * 0.6));
    if (y - r * k < floor.edge(x) + 6 * u) continue;
    parts.push(bead(s, x, y, r * k, { ramp: rng.chance(0.5) ? sky : s.pal }));
  }
  return parts.join('');
}

/**
 * UV protection: sun rays hitting a shimmering film above the fabric and bouncing off.
 * @param {Scene} s
 */
export function uvProtection(s) {
  const { rng, u, w, h } = s;
  const floor = fabricFloor(s, { top: 0.66, curve: 0.04 });
  const sunX = rng.pick([0.16, 0.84]) * w;
  const sun = [sunX, h * 0.12];
  /** @param {number} x */
  const filmY = (x) => floor.edge(x) - 70 * u;
  const parts = [s.glow(sun[0], sun[1], h * 0.75, amber[200], 0.9), floor.markup];
  // Rays: incoming from the sun to the film, reflected upward at the mirror angle.
  for (let k = 0; k < 7; k++) {
    const hitX = w * (0.25 + k * 0.09) + rng.jitter(0, 15 * u);
    const hit = [hitX, filmY(hitX)];
    const out = [hit[0] + (hit[0] - sun[0]) * 0.7, hit[1] - (hit[1] - sun[1]) * 0.7];
    const paint = s.linear([[0, amber[300], 0.9], [1, orange[400], 0.9]], { user: true, x1: sun[0], y1: sun[1], x2: hit[0], y2: hit[1] });
    parts.push(stroke(`M${n(sun[0])} ${n(sun[1])}L${n(hit[0])} ${n(hit[1])}`, paint, 5 * u, { opacity: 0.75 }));
    parts.push(stroke(`M${n(hit[0])} ${n(hit[1])}L${n(out[0])} ${n(out[1])}`, s.linear([[0, amber[300], 0.7], [1, amber[200], 0]], { user: true, x1: hit[0], y1: hit[1], x2: out[0], y2: out[1] }), 4 * u, { 'stroke-dasharray': `${n(12 * u)} ${n(8 * u)}` }));
    parts.push(s.glow(hit[0], hit[1], 26 * u, '#ffffff', 0.9));
  }
  // The shimmering protective film: iridescent band following the fabric edge.
  const pts = Array.from({ length: 8 }, (_, i) => [(-0.05 + (1.1 * i) / 7) * w, filmY((-0.05 + (1.1 * i) / 7) * w)]);
  const crest = smoothPath(pts, false);
  parts.push(stroke(crest, s.linear([[0, sky[200]], [0.3, violet[200]], [0.6, '#ffffff'], [1, cyan[200]]], { x1: 0, y1: 0, x2: 1, y2: 0 }), 26 * u, { opacity: 0.75 }));
  parts.push(stroke(crest, '#ffffff', 4 * u, { opacity: 0.9, transform: `translate(0 ${n(-9 * u)})` }));
  parts.push(el('circle', { cx: sun[0], cy: sun[1], r: 64 * u, fill: s.radial([[0, '#ffffff'], [0.6, yellow[200]], [1, amber[400]]]) }));
  return parts.join('');
}

/**
 * @param {number} x
 * @param {number} y
 * @param {number} hgt
 * @param {number} wd
 * @param {number} [lean]
 */
function flamePath(x, y, hgt, wd, lean = 0) {
  return `M${n(x)} ${n(y)}C${n(x - wd)} ${n(y - hgt * 0.1)} ${n(x - wd * 0.9)} ${n(y - hgt * 0.55)} ${n(x + lean * 0.4)} ${n(y - hgt * 0.7)}C${n(x - wd * 0.1 + lean * 0.6)} ${n(y - hgt * 0.82)} ${n(x + lean)} ${n(y - hgt * 0.9)} ${n(x + lean * 1.2)} ${n(y - hgt)}C${n(x + wd * 0.8 + lean * 0.5)} ${n(y - hgt * 0.7)} ${n(x + wd * 1.1)} ${n(y - hgt * 0.3)} ${n(x + wd * 0.6)} ${n(y - hgt * 0.08)}C${n(x + wd * 0.35)} ${n(y)} ${n(x + wd * 0.1)} ${n(y)} ${n(x)} ${n(y)}Z`;
}

/**
 * Flame retardant: stylised flames stopped beneath a dense, dark woven barrier.
 * @param {Scene} s
 */
export function flameRetardant(s) {
  const { rng, u, w, h } = s;
  const parts = [];
  const barrierY = h * 0.42;
  const charcoal = { ...slate, 50: slate[200], 100: slate[300], 200: slate[400], 300: slate[500], 400: slate[600], 500: slate[700], 600: slate[800], 700: slate[900] };
  // Flames first, so the barrier overlaps and visibly caps them.
  for (let k = 0; k < 7; k++) {
    const x = w * (0.12 + k * 0.125) + rng.jitter(0, 14 * u);
    const hgt = rng.range(0.38, 0.55) * h;
    const wd = rng.range(50, 80) * u;
    const y = h * 1.02;
    parts.push(s.glow(x, barrierY + 40 * u, 120 * u, orange[400], 0.45));
    parts.push(el('path', { d: flamePath(x, y, hgt, wd, rng.jitter(0, 40 * u)), fill: s.linear([[0, yellow[300]], [0.4, orange[500]], [1, red[600]]], { x1: 0, y1: 1, x2: 0, y2: 0 }) }));
    parts.push(el('path', { d: flamePath(x + 6 * u, y, hgt * 0.6, wd * 0.55, rng.jitter(0, 20 * u)), fill: s.linear([[0, '#ffffff'], [1, yellow[300]]], { x1: 0, y1: 1, x2: 0, y2: 0 }), opacity: 0.9 }));
  }
  const barrierH = 120 * u;
  const clip = s.clip(el('rect', { x: -20, y: barrierY - barrierH, width: w + 40, height: barrierH, rx: 16 * u }));
  parts.push(el('rect', { x: -20, y: barrierY - barrierH + 18 * u, width: w + 40, height: barrierH, fill: red[900], opacity: 0.3 }));
  parts.push(g({ 'clip-path': clip }, [fabric(s, { kind: 'twill', pitch: 26, angle: 0, a: charcoal, b: { ...charcoal }, base: slate[900], light: 0.6, origin: [w / 2, barrierY] }), el('rect', { x: 0, y: barrierY - barrierH, width: w, height: barrierH, fill: s.linear([[0, '#ffffff', 0.1], [0.8, red[500], 0], [1, orange[500], 0.55]]) })]));
  parts.push(stroke(`M0 ${n(barrierY)}H${n(w)}`, orange[300], 4 * u, { opacity: 0.9 }));
  // Calm air above the barrier.
  for (let k = 0; k < 6; k++) parts.push(capsule(s, rng.range(0.1, 0.9) * w, rng.range(0.06, 0.22) * h, rng.range(10, 22) * u, { core: null, opacity: 0.8 }));
  return parts.join('');
}

/**
 * Anti-mosquito: a fine bulging mesh, insects veering away along dashed paths.
 * @param {Scene} s
 */
export function antiMosquito(s) {
  const { rng, u, w, h } = s;
  const parts = [];
  const cx = w / 2 + (s.fx - w / 2) * 0.5;
  const cy = s.fy + h * 0.05;
  const R = h * 0.34;
  // Net: a lens-shaped grid warped like fabric stretched over a frame.
  const lines = [];
  const N = 18;
  /**
   * @param {number} x
   * @param {number} y
   */
  const warp = (x, y) => {
    const dx = (x - cx) / (R * 1.25);
    const dy = (y - cy) / R;
    const bulge = Math.max(0, 1 - dx * dx - dy * dy);
    return [x + dx * bulge * 30 * u, y + dy * bulge * 30 * u];
  };
  for (let i = 0; i <= N; i++) {
    const t = i / N;
    const row = [];
    const col = [];
    for (let j = 0; j <= N; j++) {
      const v = j / N;
      row.push(warp(cx - R * 1.25 + v * R * 2.5, cy - R + t * R * 2));
      col.push(warp(cx - R * 1.25 + t * R * 2.5, cy - R + v * R * 2));
    }
    lines.push(smoothPath(row, false), smoothPath(col, false));
  }
  const clip = s.clip(el('ellipse', { cx, cy, rx: R * 1.22, ry: R * 0.98 }));
  parts.push(el('ellipse', { cx, cy, rx: R * 1.22, ry: R * 0.98, fill: s.radial([[0, '#ffffff', 0.6], [1, s.pal[200], 0.3]]) }));
  parts.push(g({ 'clip-path': clip }, [stroke(lines.join(''), s.pal[500], 2 * u, { opacity: 0.7 }), stroke(lines.join(''), '#ffffff', 0.8 * u, { opacity: 0.8 })]));
  parts.push(el('ellipse', { cx, cy, rx: R * 1.22, ry: R * 0.98, fill: 'none', stroke: s.pal[600], 'stroke-width': 5 * u, opacity: 0.8 }));
  parts.push(el('ellipse', { cx, cy, rx: R * 1.22, ry: R * 0.98, fill: 'none', stroke: s.acc[300], 'stroke-width': 14 * u, opacity: 0.25 }));
  for (let k = 0; k < 4; k++) {
    const side = k % 2 ? 1 : -1;
    // Each insect approaches the net, touches the repellent zone and turns back out.
    const y = cy + (k < 2 ? -0.45 : 0.35) * R + rng.jitter(0, 20 * u);
    const near = [cx + side * R * 1.3, y];
    // Keep the insects inside the frame even when the net sits off centre.
    const reach = Math.min(170 * u, side > 0 ? w - near[0] - 50 * u : near[0] - 50 * u);
    const start = [near[0] + side * reach, y + 90 * u];
    const away = [near[0] + side * reach * rng.range(0.7, 1), y - rng.range(80, 120) * u];
    parts.push(stroke(`M${n(start[0])} ${n(start[1])}Q${n(near[0] - side * 40 * u)} ${n(near[1])} ${n(away[0])} ${n(away[1])}`, s.pal[400], 2.5 * u, { 'stroke-dasharray': `${n(6 * u)} ${n(9 * u)}`, opacity: 0.8 }));
    parts.push(s.glow(near[0], near[1], 50 * u, s.acc[200], 0.6));
    parts.push(mosquito(s, away[0], away[1], 48 * u, side > 0 ? -35 : 215));
  }
  return parts.join('');
}

/**
 * @param {Scene} s
 * @param {number} x
 * @param {number} y
 * @param {number} size
 * @param {number} angle
 */
function mosquito(s, x, y, size, angle) {
  return faded(0.85, () => mosquitoShape(s, x, y, size, angle));
}

/**
 * @param {Scene} s
 * @param {number} x
 * @param {number} y
 * @param {number} size
 * @param {number} angle
 */
function mosquitoShape(s, x, y, size, angle) {
  const u = s.u;
  const ink = slate[600];
  const parts = [
    ...[-1, 1].map((k) => el('ellipse', { cx: -size * 0.1, cy: k * size * 0.45, rx: size * 0.55, ry: size * 0.22, fill: '#ffffff', stroke: slate[400], 'stroke-width': 1.2 * u, opacity: 0.85, transform: `rotate(${k * 25} ${n(-size * 0.1)} 0)` })),
    el('ellipse', { cx: 0, cy: 0, rx: size * 0.7, ry: size * 0.13, fill: ink }),
    el('circle', { cx: size * 0.75, cy: 0, r: size * 0.14, fill: ink }),
    stroke(`M${n(size * 0.85)} 0L${n(size * 1.25)} ${n(size * 0.05)}`, ink, 1.5 * u),
    ...[-0.2, 0.1, 0.35].flatMap((px) => [-1, 1].map((k) => stroke(`M${n(px * size)} 0l${n(-size * 0.2)} ${n(k * size * 0.35)}l${n(-size * 0.2)} ${n(k * size * 0.25)}`, ink, 1.2 * u))),
  ];
  return g({ transform: `translate(${n(x)} ${n(y)}) rotate(${n(angle)})` }, parts);
}

/**
 * Anti-pilling: a smooth knit where fuzzy pills shrink step by step back into the yarn.
 * @param {Scene} s
 */
export function antiPilling(s) {
  const { rng, u, w, h } = s;
  const floor = fabricFloor(s, { top: 0.42, kind: 'knit', pitch: 58, squash: 0.6, curve: 0.04 });
  const parts = [floor.markup];
  const steps = 4;
  for (let k = 0; k < steps; k++) {
    const t = k / (steps - 1);
    const x = w * (0.2 + 0.6 * t);
    const ground = floor.edge(x) + h * (0.16 + 0.08 * Math.sin(t * Math.PI));
    const r = (1 - t * 0.8) * 80 * u;
    const y = ground - r * 1.2 - 30 * u * (1 - t);
    // The fibre path back into the surface.
    parts.push(stroke(`M${n(x)} ${n(y + r)}Q${n(x - 30 * u)} ${n((y + ground) / 2)} ${n(x)} ${n(ground)}`, s.pal[500], 2.5 * u, { 'stroke-dasharray': `${n(5 * u)} ${n(7 * u)}`, opacity: 0.8 }));
    parts.push(el('ellipse', { cx: x, cy: ground, rx: 16 * u, ry: 6 * u, fill: s.pal[600], opacity: 0.5 }));
    // A pill: soft ball with loose fibres sticking out of it, fewer as it shrinks.
    parts.push(shadow(s, x + r * 0.2, ground + 4 * u, r * 0.9, r * 0.25, 0.2));
    const fibres = [];
    const count = Math.round(48 * (1 - t * 0.7));
    for (let i = 0; i < count; i++) {
      const a = (i / count) * Math.PI * 2 + rng.jitter(0, 0.2);
      const [x0, y0] = polar(x, y, r * 0.8, a);
      const [x1, y1] = polar(x, y, r * rng.range(1.08, 1.3), a + rng.jitter(0, 0.5));
      // Curled, not straight: loose fibres, not spikes.
      fibres.push(`M${n(x0)} ${n(y0)}Q${n((x0 + x1) / 2 + rng.jitter(0, 12 * u))} ${n((y0 + y1) / 2 + rng.jitter(0, 12 * u))} ${n(x1)} ${n(y1)}`);
    }
    parts.push(stroke(fibres.join(''), mix(s.pal[200], '#ffffff', 0.3), 1.4 * u, { opacity: 0.9 }));
    parts.push(el('circle', { cx: x, cy: y, r, fill: s.radial([[0, mix(s.pal[50], '#ffffff', 0.5)], [0.7, s.pal[200]], [1, s.pal[300]]], { fx: 0.35, fy: 0.3 }) }));
    parts.push(stroke(fibres.slice(0, Math.ceil(count / 2)).join(''), '#ffffff', 1 * u, { opacity: 0.7 }));
  }
  // The smooth end of the sequence: a clean glint on the knit.
  const endX = w * 0.86;
  parts.push(sparkle(s, endX, floor.edge(endX) + h * 0.14, 26 * u));
  for (let k = 0; k < 4; k++) parts.push(sparkle(s, endX + rng.jitter(0, 70 * u), floor.edge(endX) + h * rng.range(0.1, 0.4), rng.range(6, 12) * u));
  return parts.join('');
}

/**
 * Anti-static: small electric sparks dispersing harmlessly across a smooth fabric.
 * @param {Scene} s
 */
export function antiStatic(s) {
  const { rng, u, w, h } = s;
  const floor = fabricFloor(s, { top: 0.5, kind: 'twill', pitch: 44, curve: 0.05 });
  const parts = [floor.markup];
  const ramp = s.tone === 'deep' ? cyan : sky;
  for (let k = 0; k < 10; k++) {
    const x = rng.range(0.1, 0.9) * w;
    const y = rng.range(0.12, 0.85) * h;
    const len = rng.range(80, 150) * u * (y / h + 0.4);
    const a = rng.range(0, Math.PI * 2);
    const pts = [[x, y]];
    for (let i = 1; i <= 5; i++) {
      const [bx, by] = polar(x, y, (len * i) / 5, a);
      pts.push([bx + rng.jitter(0, 12 * u), by + rng.jitter(0, 12 * u)]);
    }
    const d = `M${pts.map(([px, py]) => `${n(px)} ${n(py)}`).join('L')}`;
    parts.push(s.glow(x, y, len * 0.8, ramp[200], 0.5));
    parts.push(stroke(d, ramp[300], 12 * u, { opacity: 0.35 }));
    parts.push(stroke(d, ramp[100], 4 * u));
    parts.push(stroke(d, '#ffffff', 1.5 * u));
    // The charge fading into tiny dots as it is led away.
    for (let i = 0; i < 5; i++) {
      const [dx, dy] = polar(pts[pts.length - 1][0], pts[pts.length - 1][1], (i + 1) * 14 * u, a + rng.jitter(0, 0.3));
      parts.push(el('circle', { cx: dx, cy: dy, r: (4 - i * 0.6) * u, fill: ramp[400], opacity: 0.8 - i * 0.14 }));
    }
  }
  return parts.join('');
}

/**
 * Durable press: a crisply folded shirt built from clean planes.
 * @param {Scene} s
 */
export function durablePress(s) {
  const { rng, u } = s;
  const parts = [];
  const cx = s.fx;
  const cy = s.fy + 20 * u;
  const bw = 470 * u;
  const bh = 520 * u;
  const x0 = cx - bw / 2;
  const y0 = cy - bh / 2;
  const ramp = s.pal;
  parts.push(shadow(s, cx + 20 * u, cy + bh * 0.52, bw * 0.62, 40 * u, 0.3));
  // Body panel.
  parts.push(el('rect', { x: x0, y: y0, width: bw, height: bh, rx: 18 * u, fill: s.linear([[0, mix(ramp[50], '#ffffff', 0.5)], [0.6, ramp[100]], [1, ramp[300]]], { x1: 0, y1: 0, x2: 1, y2: 1 }) }));
  // Side pleats: narrow shaded strips where the body folds under, drawn as flat planes.
  for (const side of [-1, 1]) {
    const x = side < 0 ? x0 : x0 + bw - 60 * u;
    parts.push(el('rect', { x, y: y0 + 30 * u, width: 60 * u, height: bh - 30 * u, fill: s.linear(side < 0 ? [[0, ramp[300]], [1, ramp[100], 0.2]] : [[0, ramp[100], 0.2], [1, ramp[300]]], { x1: 0, y1: 0, x2: 1, y2: 0 }), rx: 12 * u }));
  }
  // Crisp fold lines across the body.
  for (const fy of [0.38, 0.7]) parts.push(stroke(`M${n(x0 + 10 * u)} ${n(y0 + bh * fy)}H${n(x0 + bw - 10 * u)}`, ramp[300], 2.5 * u, { opacity: 0.9 }));
  parts.push(el('rect', { x: x0, y: y0 + bh * 0.7, width: bw, height: bh * 0.3, rx: 18 * u, fill: ramp[200], opacity: 0.35 }));
  // Placket and buttons.
  parts.push(el('rect', { x: cx - 22 * u, y: y0 + 40 * u, width: 44 * u, height: bh - 50 * u, fill: mix(ramp[50], '#ffffff', 0.5), stroke: ramp[200], 'stroke-width': 1.5 * u }));
  for (let k = 0; k < 5; k++) parts.push(el('circle', { cx, cy: y0 + 90 * u + k * 80 * u, r: 8 * u, fill: s.radial([[0, '#ffffff'], [1, ramp[300]]]), stroke: ramp[400], 'stroke-width': 1.2 * u }));
  // Collar: two sharp triangles over a band.
  parts.push(el('rect', { x: cx - 110 * u, y: y0 - 24 * u, width: 220 * u, height: 48 * u, rx: 10 * u, fill: ramp[100], stroke: ramp[300], 'stroke-width': 1.5 * u }));
  for (const side of [-1, 1]) {
    const pts = [[cx, y0 + 20 * u], [cx + side * 120 * u, y0 - 20 * u], [cx + side * 100 * u, y0 + 80 * u]];
    parts.push(el('polygon', { points: poly(pts), fill: s.linear([[0, '#ffffff'], [1, ramp[200]]]), stroke: ramp[300], 'stroke-width': 1.5 * u, 'stroke-linejoin': 'round' }));
  }
  // Sparkles: the crease stays sharp.
  for (let k = 0; k < 6; k++) parts.push(sparkle(s, x0 + rng.range(-0.2, 1.2) * bw, y0 + rng.range(0, 1) * bh, rng.range(8, 16) * u, '#ffffff'));
  return parts.join('');
}

/**
 * Moisture management: droplets spreading into branching channels and lifting as vapour.
 * @param {Scene} s
 */
export function moisture(s) {
  const { rng, u, w, h } = s;
  const floor = fabricFloor(s, { top: 0.48, curve: 0.04, kind: 'knit', pitch: 40 });
  const parts = [floor.markup];
  const ramp = cyan;
  const seeds = [[s.fx - w * 0.2, h * 0.72], [s.fx + w * 0.16, h * 0.8], [s.fx + w * 0.02, h * 0.62]];
  for (const [x, y] of seeds) {
    // Capillary channels: a few levels of branching, flattened into the fabric plane.
    /**
     * @param {number} bx
     * @param {number} by
     * @param {number} a angle in radians
     * @param {number} len
     * @param {number} depth
     */
    const branch = (bx, by, a, len, depth) => {
      if (depth === 0) return;
      const ex = bx + Math.cos(a) * len;
      const ey = by + Math.sin(a) * len * 0.5;
      parts.push(stroke(`M${n(bx)} ${n(by)}L${n(ex)} ${n(ey)}`, ramp[500], depth * 2.2 * u, { opacity: 0.75 }));
      parts.push(stroke(`M${n(bx)} ${n(by)}L${n(ex)} ${n(ey)}`, '#ffffff', depth * 0.7 * u, { opacity: 0.8 }));
      branch(ex, ey, a + rng.range(0.3, 0.7), len * 0.7, depth - 1);
      branch(ex, ey, a - rng.range(0.3, 0.7), len * 0.7, depth - 1);
    };
    for (let k = 0; k < 5; k++) branch(x, y, (k / 5) * Math.PI * 2, rng.range(60, 90) * u, 3);
    parts.push(el('ellipse', { cx: x, cy: y, rx: 46 * u, ry: 22 * u, fill: s.radial([[0, ramp[300], 0.9], [1, ramp[400], 0.2]]) }));
    parts.push(droplet(s, x, y - 90 * u, 26 * u, { ramp: ramp, clear: true }));
    // Vapour rising.
    for (let k = 0; k < 3; k++) {
      const vx = x + (k - 1) * 34 * u;
      const pts = Array.from({ length: 5 }, (_, i) => [vx + Math.sin(i * 1.4 + k) * 14 * u, y - 150 * u - i * 40 * u]);
      parts.push(stroke(smoothPath(pts, false), '#ffffff', 6 * u, { opacity: 0.7 - k * 0.1 }));
    }
  }
  return parts.join('');
}

/**
 * Soil release: an oil droplet lifting away from clean fabric inside a swirl of water.
 * @param {Scene} s
 */
export function soilRelease(s) {
  const { rng, u, h } = s;
  const floor = fabricFloor(s, { top: 0.6, curve: 0.04 });
  const parts = [floor.markup];
  const cx = s.fx;
  const cy = h * 0.48;
  // Water swirl: spiral ribbons in cool blues circling the lifted drop.
  for (let k = 0; k < 3; k++) {
    const pts = [];
    const a0 = (k / 3) * Math.PI * 2;
    for (let i = 0; i <= 22; i++) {
      const t = i / 22;
      const a = a0 + t * Math.PI * 1.7;
      const r = (90 + 190 * t) * u;
      pts.push([cx + Math.cos(a) * r * 1.4, cy + Math.sin(a) * r * 0.55]);
    }
    const d = smoothPath(pts, false);
    parts.push(stroke(d, sky[300], 26 * u, { opacity: 0.3 }));
    parts.push(stroke(d, cyan[400], 8 * u, { opacity: 0.7 }));
    parts.push(stroke(d, '#ffffff', 2.5 * u, { opacity: 0.9 }));
  }
  // Where the drop used to sit: a clean spot on the fabric.
  parts.push(el('ellipse', { cx, cy: floor.edge(cx) + h * 0.2, rx: 80 * u, ry: 24 * u, fill: '#ffffff', opacity: 0.45 }));
  parts.push(stroke(`M${n(cx)} ${n(floor.edge(cx) + h * 0.18)}L${n(cx)} ${n(cy + 80 * u)}`, s.pal[400], 3 * u, { 'stroke-dasharray': `${n(5 * u)} ${n(9 * u)}` }));
  const oil = { ...amber, 200: amber[300], 400: orange[600], 700: amber[900] };
  parts.push(droplet(s, cx, cy + 10 * u, 56 * u, { ramp: oil, angle: 180 }));
  for (let k = 0; k < 10; k++) {
    const [x, y] = polar(cx, cy, rng.range(140, 300) * u, rng.range(0, Math.PI * 2));
    parts.push(capsule(s, x, y * 0.9 + h * 0.04, rng.range(6, 16) * u, { core: null, shell: sky }));
  }
  return parts.join('');
}

/**
 * Silky folds: soft pastel drapery with glossy sheen along each fold ridge.
 * @param {Scene} s
 * @param {{ glossy?: boolean }} [options]
 */
export function silk(s, { glossy = true } = {}) {
  const { rng, u, w, h } = s;
  const parts = [];
  const ramps = [s.pal, s.comp, s.pal, pink, s.comp];
  const folds = 6;
  for (let k = 0; k < folds; k++) {
    const y0 = h * (0.05 + k * 0.17);
    const phase = rng.range(0, Math.PI * 2) * 0.3 + k * 0.6;
    const pts = Array.from({ length: 8 }, (_, i) => [(-0.1 + (1.2 * i) / 7) * w, y0 + Math.sin(i * 0.8 + phase) * 70 * u]);
    const crest = smoothPath(pts, false);
    const ramp = ramps[k % ramps.length];
    // Each fold: lit ridge at the top fading into a shaded valley.
    parts.push(el('path', { d: `${crest}L${n(w * 1.1)} ${n(h + 5)}L${n(-w * 0.1)} ${n(h + 5)}Z`, fill: s.linear([[0, mix(ramp[50], '#ffffff', 0.5)], [0.08, ramp[100]], [0.22, ramp[300]], [0.4, ramp[200]]]) }));
    if (glossy) parts.push(stroke(crest, '#ffffff', 10 * u, { opacity: 0.55, transform: `translate(0 ${n(6 * u)})` }));
    parts.push(stroke(crest, '#ffffff', 2.5 * u, { opacity: 0.9 }));
  }
  for (let k = 0; k < 5; k++) parts.push(sparkle(s, rng.range(0.1, 0.9) * w, rng.range(0.1, 0.9) * h, rng.range(6, 12) * u));
  return parts.join('');
}

/**
 * Speciality-finishes overview: translucent coatings settling in layers over a weave.
 * @param {Scene} s
 */
export function coatings(s) {
  const { rng, u, w, h } = s;
  const floor = fabricFloor(s, { top: 0.66, curve: 0.03, kind: 'twill', pitch: 44 });
  const parts = [floor.markup];
  const ramps = [s.comp, s.pal, sky, s.acc];
  for (let k = 0; k < 4; k++) {
    const lift = (k + 1) * h * 0.1;
    const pts = Array.from({ length: 8 }, (_, i) => {
      const x = (-0.05 + (1.1 * i) / 7) * w;
      return [x, floor.edge(x) - lift + Math.sin(i * 0.9 + k * 1.3) * 16 * u];
    });
    const crest = smoothPath(pts, false);
    const ramp = ramps[k % ramps.length];
    parts.push(el('path', { d: `${crest}L${n(w * 1.05)} ${n(floor.edge(w) - lift + 46 * u)}L${n(-w * 0.05)} ${n(floor.edge(0) - lift + 46 * u)}Z`, fill: s.linear([[0, ramp[200], 0.85], [1, ramp[400], 0.35]]) }));
    parts.push(stroke(crest, '#ffffff', 2.5 * u, { opacity: 0.85 }));
    // Down-arrows as dotted drops: the coating settles onto the fabric.
    for (let i = 0; i < 4; i++) {
      const x = rng.range(0.1, 0.9) * w;
      parts.push(el('circle', { cx: x, cy: floor.edge(x) - lift - rng.range(30, 60) * u, r: rng.range(4, 8) * u, fill: ramp[400], opacity: 0.7 }));
    }
  }
  return parts.join('');
}
