/**
 * Fabric stages: the woven or knitted surface many motifs stand on, either as a floor in
 * perspective or as a floating swatch.
 */
import { el, g, n, smoothPath } from '../svg.mjs';
import { mix } from '../palette.mjs';
import { fabric } from './elements.mjs';
/** @typedef {import('../svg.mjs').Scene} Scene */
/** @typedef {import('../random.mjs').Rng} Rng */
/** @typedef {import('../palette.mjs').Ramp} Ramp */

/**
 * Fabric floor across the lower part of the canvas with a gently curved far edge.
 * Returns { markup, edge(x) } where edge(x) gives the y of the far edge, for placing objects.
 * @param {Scene} s
 * @param {{ top?: number, kind?: import('./elements.mjs').Weave, pitch?: number, angle?: number, squash?: number, a?: Ramp, b?: Ramp, rng?: Rng, curve?: number, light?: number }} [options]
 */
export function fabricFloor(s, { top = 0.58, kind, pitch, angle, squash = 0.5, a = s.pal, b = s.comp, rng = s.rng, curve = 0.06, light } = {}) {
  const { w, h } = s;
  const y0 = h * top;
  const tilt = rng.jitter(0, 0.03) * h;
  const bow = curve * h * rng.range(0.6, 1.2);
  /** @param {number} x */
  const edge = (x) => y0 + tilt * (x / w - 0.5) * 2 - bow * Math.sin((x / w) * Math.PI);
  const pts = Array.from({ length: 7 }, (_, i) => [(-0.05 + (1.1 * i) / 6) * w, edge((-0.05 + (1.1 * i) / 6) * w)]);
  const crest = smoothPath(pts, false);
  const region = `${crest}L${n(w * 1.05)} ${n(h + 5)}L${n(-w * 0.05)} ${n(h + 5)}Z`;
  const clip = s.clip(el('path', { d: region }));
  const weave = fabric(s, {
    kind: kind ?? rng.pick(['plain', 'twill', 'basket']),
    pitch: pitch ?? rng.range(48, 60),
    angle: angle ?? rng.pick([45, 45, 0]),
    squash,
    origin: [w / 2, h],
    a,
    b,
    light,
  });
  // Haze towards the far edge: aerial perspective that keeps the weave from looking flat.
  const haze = s.linear([
    [0, s.tone === 'deep' ? s.pal[900] : '#ffffff', s.tone === 'deep' ? 0.55 : 0.6],
    [0.35, '#ffffff', 0],
    [1, s.pal[900], 0.18],
  ], { user: true, x1: 0, y1: y0 - bow, x2: 0, y2: h });
  // On night grounds the pastel weave is dimmed so it sits in the dark, not on top of it.
  const dim = s.tone === 'deep' ? el('rect', { width: w, height: h, fill: mix(s.pal[950], '#0b1226', 0.4), opacity: 0.62 }) : '';
  const markup = g({ 'clip-path': clip }, [weave, dim, el('rect', { width: w, height: h, fill: haze })]) +
    el('path', { d: crest, fill: 'none', stroke: '#ffffff', 'stroke-width': 2.5 * s.u, 'stroke-opacity': 0.7 });
  return { markup, edge };
}


/**
 * A rounded fabric swatch floating at a slight angle, with a soft drop shadow.
 * @param {Scene} s
 * @param {{ cx?: number, cy?: number, width?: number, height?: number, rotate?: number, kind?: import('./elements.mjs').Weave, pitch?: number, a?: Ramp, b?: Ramp, rng?: Rng }} [options]
 */
export function fabricSwatch(s, { cx = s.w / 2, cy = s.h / 2, width = s.w * 0.56, height = s.h * 0.6, rotate, kind, pitch, a = s.pal, b = s.comp, rng = s.rng } = {}) {
  const rot = rotate ?? rng.jitter(0, 6);
  const r = 28 * s.u;
  const rect = { x: -width / 2, y: -height / 2, width, height, rx: r };
  const place = `translate(${n(cx)} ${n(cy)}) rotate(${n(rot)})`;
  const clip = s.clip(el('rect', { ...rect, transform: place }));
  const weave = fabric(s, { kind: kind ?? rng.pick(['plain', 'twill', 'basket']), pitch: pitch ?? rng.range(30, 40), angle: rng.pick([0, 45]), origin: [cx, cy], a, b });
  const shade = s.linear([[0, '#ffffff', 0.25], [0.5, '#ffffff', 0], [1, s.pal[900], 0.25]], { x1: 0, y1: 0, x2: 1, y2: 1 });
  // Stacked translucent copies make a soft shadow without paying for a blur filter.
  const shadowLayers = [0.05, 0.05, 0.06].map((op, i) =>
    el('rect', { ...rect, x: rect.x - i * 6 * s.u + 10 * s.u, y: rect.y - i * 6 * s.u + 24 * s.u, width: width + i * 12 * s.u, height: height + i * 12 * s.u, rx: r + i * 6 * s.u, fill: s.pal[950], opacity: op, transform: place }),
  );
  return [
    ...shadowLayers,
    g({ 'clip-path': clip }, [weave, el('rect', { ...rect, fill: shade, transform: place })]),
    el('rect', { ...rect, fill: 'none', stroke: '#ffffff', 'stroke-width': 2 * s.u, 'stroke-opacity': 0.6, transform: place }),
  ].join('');
}
