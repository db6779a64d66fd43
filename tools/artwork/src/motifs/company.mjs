/**
 * Company-page pictures (about, careers, home): laboratory glassware, a team of interlinked
 * rings, a pilot padder. Same visual language as the product motifs, no people, no text.
 */
import { el, g, n, polar } from '../svg.mjs';
import { mix, RAMPS } from '../palette.mjs';
import { capsule, droplet, highlight, shadow, sparkle, fibreBundle } from './elements.mjs';
import { fabricSwatch } from './ground.mjs';
/** @typedef {import('../svg.mjs').Scene} Scene */
/** @typedef {import('../palette.mjs').Ramp} Ramp */

const { slate, sky, amber } = RAMPS;
/**
 * @param {string} d path data
 * @param {string} colour
 * @param {number} width
 * @param {import('../svg.mjs').Attrs} [extra]
 */
const stroke = (d, colour, width, extra = {}) => el('path', { d, fill: 'none', stroke: colour, 'stroke-width': width, 'stroke-linecap': 'round', 'stroke-linejoin': 'round', ...extra });

/**
 * Glass vessel from an outline path: pale body, liquid clipped inside, rim light, highlight.
 * @param {Scene} s
 * @param {string} outline path data
 * @param {{ liquidTop: number, ramp?: Ramp, x: number, w: number, bubbles?: number }} options
 */
function vessel(s, outline, { liquidTop, ramp = s.acc, x, w, bubbles = 6 }) {
  const { rng, u } = s;
  const clip = s.clip(el('path', { d: outline }));
  const parts = [
    el('path', { d: outline, fill: s.linear([[0, '#ffffff', 0.55], [0.5, '#ffffff', 0.25], [1, sky[100], 0.5]], { x1: 0, y1: 0, x2: 1, y2: 0 }) }),
    g({ 'clip-path': clip }, [
      el('rect', { x: x - w, y: liquidTop, width: w * 2, height: 2000, fill: s.linear([[0, ramp[300], 0.85], [1, ramp[600], 0.95]]) }),
      el('ellipse', { cx: x, cy: liquidTop, rx: w, ry: 10 * u, fill: ramp[200], opacity: 0.9 }),
      ...Array.from({ length: bubbles }, () => capsule(s, x + rng.jitter(0, w * 0.5), liquidTop + rng.range(20, 140) * u, rng.range(5, 14) * u, { core: null, shell: ramp })),
    ]),
    el('path', { d: outline, fill: 'none', stroke: '#ffffff', 'stroke-width': 3 * u, 'stroke-opacity': 0.9 }),
    el('path', { d: outline, fill: 'none', stroke: slate[400], 'stroke-width': 1.2 * u, 'stroke-opacity': 0.6 }),
  ];
  return parts.join('');
}

/** @param {Scene} s */
export function laboratory(s) {
  const { rng, u, w, h } = s;
  const parts = [];
  // Fibre strands sweeping behind the glassware.
  const spine = Array.from({ length: 7 }, (_, i) => [(-0.05 + (1.1 * i) / 6) * w, h * 0.7 + Math.sin(i * 0.9 + rng.range(0, 2)) * h * 0.08]);
  parts.push(fibreBundle(s, spine, { count: 4, spread: 16, width: 11, ramp: s.comp, rng }));
  const floorY = h * 0.86;
  parts.push(shadow(s, s.fx, floorY + 6 * u, w * 0.32, 26 * u, 0.25));
  // Erlenmeyer flask, centre stage.
  const fx = s.fx;
  const fw = 150 * u;
  const neck = 34 * u;
  const top = h * 0.2;
  const flask = `M${n(fx - neck)} ${n(top)}L${n(fx - neck)} ${n(top + 150 * u)}L${n(fx - fw)} ${n(floorY - 24 * u)}Q${n(fx - fw - 4 * u)} ${n(floorY)} ${n(fx - fw + 24 * u)} ${n(floorY)}L${n(fx + fw - 24 * u)} ${n(floorY)}Q${n(fx + fw + 4 * u)} ${n(floorY)} ${n(fx + fw)} ${n(floorY - 24 * u)}L${n(fx + neck)} ${n(top + 150 * u)}L${n(fx + neck)} ${n(top)}Z`;
  parts.push(vessel(s, flask, { liquidTop: h * 0.58, x: fx, w: fw, bubbles: 8 }));
  parts.push(el('rect', { x: fx - neck - 8 * u, y: top - 8 * u, width: (neck + 8 * u) * 2, height: 16 * u, rx: 8 * u, fill: '#ffffff', opacity: 0.9, stroke: slate[300], 'stroke-width': 1.2 * u }));
  parts.push(highlight(s, fx - fw * 0.45, floorY - 120 * u, 14 * u, 70 * u, 25, 0.7));
  // Round-bottom flask and a test tube either side.
  const side = rng.pick([-1, 1]);
  const rx = fx + side * 290 * u;
  const rr = 82 * u;
  const ry = floorY - rr - 4 * u;
  const round = `M${n(rx - 20 * u)} ${n(ry - rr * 2.2)}L${n(rx - 20 * u)} ${n(ry - rr * 0.92)}A${n(rr)} ${n(rr)} 0 1 0 ${n(rx + 20 * u)} ${n(ry - rr * 0.92)}L${n(rx + 20 * u)} ${n(ry - rr * 2.2)}Z`;
  parts.push(vessel(s, round, { liquidTop: ry - rr * 0.1, ramp: s.comp, x: rx, w: rr, bubbles: 4 }));
  const tx = fx - side * 250 * u;
  const tube = `M${n(tx - 22 * u)} ${n(h * 0.36)}L${n(tx - 22 * u)} ${n(floorY - 40 * u)}A${n(22 * u)} ${n(22 * u)} 0 0 0 ${n(tx + 22 * u)} ${n(floorY - 40 * u)}L${n(tx + 22 * u)} ${n(h * 0.36)}Z`;
  parts.push(vessel(s, tube, { liquidTop: h * 0.6, ramp: amber, x: tx, w: 22 * u, bubbles: 2 }));
  // Capsules rising out of the flask mouth.
  for (let k = 0; k < 9; k++) parts.push(capsule(s, fx + rng.jitter(0, 120 * u) + k * side * 12 * u, top - rng.range(10, 150) * u, rng.range(8, 24) * u, { opacity: 0.9 }));
  for (let k = 0; k < 5; k++) parts.push(sparkle(s, rng.range(0.1, 0.9) * w, rng.range(0.08, 0.5) * h, rng.range(5, 11) * u));
  return parts.join('');
}

/**
 * A team: interlinked rings around a shared centre, over a woven swatch.
 * @param {Scene} s
 */
export function team(s) {
  const { rng, u, w, h } = s;
  const parts = [fabricSwatch(s, { cx: s.fx, cy: s.fy + h * 0.12, width: w * 0.62, height: h * 0.46 })];
  const count = rng.int(5, 6);
  const R = h * 0.17;
  const ringR = h * 0.13;
  const ramps = [s.pal, s.comp, RAMPS.amber, s.pal, s.comp, RAMPS.rose];
  const centres = Array.from({ length: count }, (_, k) => polar(s.fx, s.fy - h * 0.04, R, (k / count) * Math.PI * 2 - Math.PI / 2));
  // Links to the centre first, then rings, then the halves of each ring that pass in front
  // of its neighbour: the over-under that makes rings read as interlinked.
  for (const [x, y] of centres) parts.push(stroke(`M${n(s.fx)} ${n(s.fy - h * 0.04)}L${n(x)} ${n(y)}`, '#ffffff', 2 * u, { opacity: 0.8, 'stroke-dasharray': `${n(4 * u)} ${n(6 * u)}` }));
  /**
   * @param {Ramp} ramp
   * @param {string} d path data
   */
  const ring = (ramp, d) => [stroke(d, ramp[700], 16 * u, { opacity: 0.35 }), stroke(d, ramp[400], 12 * u), stroke(d, mix(ramp[100], '#ffffff', 0.4), 4 * u, { transform: `translate(${n(-2 * u)} ${n(-3 * u)})` })].join('');
  centres.forEach(([x, y], k) => {
    const d = `M${n(x - ringR)} ${n(y)}a${n(ringR)} ${n(ringR)} 0 1 0 ${n(ringR * 2)} 0a${n(ringR)} ${n(ringR)} 0 1 0 ${n(-ringR * 2)} 0`;
    parts.push(ring(ramps[k % ramps.length], d));
  });
  centres.forEach(([x, y], k) => {
    const a = (k / count) * Math.PI * 2 - Math.PI / 2 + Math.PI / count;
    const [x0, y0] = polar(x, y, ringR, a - 0.5);
    const [x1, y1] = polar(x, y, ringR, a + 0.5);
    parts.push(ring(ramps[k % ramps.length], `M${n(x0)} ${n(y0)}A${n(ringR)} ${n(ringR)} 0 0 1 ${n(x1)} ${n(y1)}`));
  });
  parts.push(capsule(s, s.fx, s.fy - h * 0.04, 30 * u, { core: RAMPS.amber }));
  for (let k = 0; k < 8; k++) parts.push(capsule(s, rng.range(0.06, 0.94) * w, rng.range(0.06, 0.94) * h, rng.range(6, 16) * u, { opacity: 0.8, core: null }));
  return parts.join('');
}

/**
 * Pilot padder: fabric running down through a pair of rollers, finish dripping onto it.
 * @param {Scene} s
 */
export function padder(s) {
  const { rng, u, w, h } = s;
  const parts = [];
  const nipX = s.fx;
  const nipY = h * 0.5;
  const R = h * 0.2;
  // Fabric web: enters from the upper left, passes the nip, leaves towards the lower right.
  const path = `M${n(-w * 0.05)} ${n(h * 0.14)}C${n(w * 0.2)} ${n(h * 0.2)} ${n(nipX - R)} ${n(nipY - 10 * u)} ${n(nipX)} ${n(nipY)}S${n(w * 0.8)} ${n(h * 0.88)} ${n(w * 1.05)} ${n(h * 0.84)}`;
  const web = s.linear([[0, s.pal[200]], [0.5, s.pal[100]], [1, s.pal[300]]], { x1: 0, y1: 0, x2: 0, y2: 1 });
  parts.push(stroke(path, s.pal[900], 92 * u, { opacity: 0.12, transform: `translate(${n(10 * u)} ${n(18 * u)})` }));
  parts.push(stroke(path, s.pal[400], 86 * u));
  parts.push(stroke(path, web, 78 * u));
  for (const off of [-26, -9, 9, 26]) parts.push(stroke(path, '#ffffff', 1.2 * u, { opacity: 0.6, transform: `translate(0 ${n(off * u)})` }));
  // Wet band after the nip: the finish picked up by the fabric.
  parts.push(stroke(`M${n(nipX)} ${n(nipY)}S${n(w * 0.8)} ${n(h * 0.88)} ${n(w * 1.05)} ${n(h * 0.84)}`, s.acc[400], 60 * u, { opacity: 0.35 }));
  // Rollers: polished cylinders seen end-on, one above and one below the nip.
  for (const dir of [-1, 1]) {
    const cy = nipY + dir * (R + 6 * u);
    parts.push(shadow(s, nipX + 16 * u, cy + R * 0.9, R * 1.05, R * 0.25, 0.2));
    parts.push(el('circle', { cx: nipX, cy, r: R, fill: s.radial([[0, '#ffffff'], [0.55, slate[200]], [0.9, slate[400]], [1, slate[600]]], { fx: 0.35, fy: 0.3 }) }));
    parts.push(el('circle', { cx: nipX, cy, r: R * 0.22, fill: s.radial([[0, slate[300]], [1, slate[600]]]) }));
    parts.push(el('circle', { cx: nipX, cy, r: R * 0.6, fill: 'none', stroke: '#ffffff', 'stroke-width': 2 * u, 'stroke-opacity': 0.6 }));
    parts.push(highlight(s, nipX - R * 0.4, cy - R * 0.45, R * 0.3, R * 0.14, -35, 0.9));
  }
  // Finish droplets falling onto the web before the nip.
  for (let k = 0; k < 9; k++) {
    const t = rng.range(0.15, 0.85);
    const x = (-0.05 + (nipX / w + 0.05) * t) * w;
    parts.push(droplet(s, x, h * rng.range(0.05, 0.24) + t * h * 0.1, rng.range(8, 16) * u, { ramp: s.acc }));
  }
  return parts.join('');
}
