import { glowDataUri, png, toDataUri } from './raster.mjs';

/** @typedef {import('./random.mjs').Rng} Rng */
/** @typedef {import('./palette.mjs').Ramp} Ramp */
/** @typedef {import('./palette.mjs').Stop} Stop */
/** A point as [x, y]. @typedef {number[]} Point */
/**
 * SVG attributes; `undefined`, `null` and `false` leave the attribute out.
 * @typedef {Record<string, string | number | boolean | null | undefined>} Attrs
 */
/** Light pictures on pale grounds, or deep ones on dark grounds. @typedef {'light' | 'deep'} Tone */

/**
 * A tiny SVG scene builder: collects <defs> (deduplicated, so a motif can ask for the same
 * gradient a hundred times and the file still carries it once) and formats numbers compactly.
 */

/**
 * Compact numbers: one decimal for coordinates (below what 1200 px can show, and it keeps the
 * SVG string short for librsvg), three for small values such as opacities and stop offsets.
 */
/** @param {number} v */
export const n = (v) => {
  const r = Math.abs(v) < 10 ? Math.round(v * 1000) / 1000 : Math.round(v * 10) / 10;
  return Object.is(r, -0) ? '0' : String(r);
};

/** @param {Attrs} obj */
export const attrs = (obj) =>
  Object.entries(obj)
    .filter(([, v]) => v !== undefined && v !== null && v !== false)
    .map(([k, v]) => `${k}="${typeof v === 'number' ? n(v) : v}"`)
    .join(' ');

const PRIMITIVES = new Set(['circle', 'ellipse', 'rect', 'path', 'polygon', 'polyline', 'line']);
let ambient = 1;

/**
 * Draw with everything faded by `opacity`. librsvg renders an element or group carrying
 * `opacity` through an offscreen surface, which is ten times slower than a plain fill, so the
 * fade is folded into each shape's fill-opacity and stroke-opacity instead.
 */
/** The fade currently applied by faded(); glows use it because <use> is not a primitive. */
export const ambientOpacity = () => ambient;

/**
 * @template T
 * @param {number} opacity
 * @param {() => T} draw
 * @returns {T}
 */
export function faded(opacity, draw) {
  const previous = ambient;
  ambient *= opacity;
  try {
    return draw();
  } finally {
    ambient = previous;
  }
}

/**
 * @param {Attrs} obj
 * @returns {Attrs}
 */
function foldOpacity(obj) {
  const o = Number(obj.opacity ?? 1) * ambient;
  if (o === 1 && obj.opacity === undefined) return obj;
  const { opacity, ...rest } = obj;
  if (rest.fill !== 'none') rest['fill-opacity'] = Number(rest['fill-opacity'] ?? 1) * o;
  if (rest.stroke !== undefined && rest.stroke !== 'none') rest['stroke-opacity'] = Number(rest['stroke-opacity'] ?? 1) * o;
  return rest;
}

/**
 * One element; without `inner` it is self-closing (and a shape gets its fade folded in).
 * @param {string} tag
 * @param {Attrs} [obj]
 * @param {string} [inner]
 */
export const el = (tag, obj = {}, inner) => {
  const a = PRIMITIVES.has(tag) && inner === undefined ? foldOpacity(obj) : obj;
  return inner === undefined ? `<${tag} ${attrs(a)}/>` : `<${tag} ${attrs(a)}>${inner}</${tag}>`;
};

/**
 * @param {Attrs} obj
 * @param {string | string[]} inner
 */
export const g = (obj, inner) => `<g ${attrs(obj)}>${Array.isArray(inner) ? inner.join('') : inner}</g>`;

export class Scene {
  /**
   * @param {object} options
   * @param {number} options.width
   * @param {number} options.height
   * @param {Rng} options.rng
   * @param {Ramp} options.pal the picture's main colour
   * @param {Ramp} options.comp its companion hue, for two-tone gradients
   * @param {Ramp} options.acc the accent colour of the subject (citrus, berries, wood…)
   * @param {Tone} options.tone
   * @param {string} options.subject the normalised subject words, space padded
   */
  constructor({ width, height, rng, pal, comp, acc, tone, subject }) {
    this.width = width;
    this.height = height;
    /** The randomness motifs draw from; render() gives each layer its own stream. */
    this.rng = rng;
    this.pal = pal;
    this.comp = comp;
    this.acc = acc;
    this.tone = tone;
    this.subject = subject;
    /** The focus of the composition; render() moves it slightly off centre. */
    this.fx = width / 2;
    this.fy = height / 2;
    this.w = width;
    this.h = height;
    // Motifs are designed on an 800 px tall canvas; `u` rescales strokes and sizes for others.
    this.u = Math.min(width, height) / 800;
    /** @type {string[]} */
    this.defs = [];
    /** @type {Map<string, string>} */
    this.cache = new Map();
    this.counter = 0;
  }

  id(prefix = 'd') {
    this.counter += 1;
    return `${prefix}${this.counter.toString(36)}`;
  }

  /**
   * Register a definition once per key and return its id.
   * @param {string} key
   * @param {(id: string) => string} build
   * @returns {string}
   */
  define(key, build) {
    const known = this.cache.get(key);
    if (known !== undefined) return known;
    const id = this.id();
    this.cache.set(key, id);
    this.defs.push(build(id));
    return id;
  }

  /** @param {readonly Stop[]} stops */
  static stopsMarkup(stops) {
    return stops
      .map(([offset, colour, opacity = 1]) => el('stop', { offset, 'stop-color': colour, 'stop-opacity': opacity === 1 ? undefined : opacity }))
      .join('');
  }

  /**
   * Linear gradient; `stops` are [offset, colour, opacity?]. Returns a paint value `url(#…)`.
   * @param {readonly Stop[]} stops
   * @param {{ x1?: number, y1?: number, x2?: number, y2?: number, user?: boolean, transform?: string }} [options]
   */
  linear(stops, { x1 = 0, y1 = 0, x2 = 0, y2 = 1, user = false, transform } = {}) {
    const key = `L${JSON.stringify([stops, x1, y1, x2, y2, user, transform])}`;
    const id = this.define(key, (id) =>
      el(
        'linearGradient',
        { id, x1, y1, x2, y2, gradientUnits: user ? 'userSpaceOnUse' : undefined, gradientTransform: transform },
        Scene.stopsMarkup(stops),
      ),
    );
    return `url(#${id})`;
  }

  /**
   * Radial gradient in bounding-box units by default, with an optional focal point.
   * @param {readonly Stop[]} stops
   * @param {{ cx?: number, cy?: number, r?: number, fx?: number, fy?: number, user?: boolean, transform?: string }} [options]
   */
  radial(stops, { cx = 0.5, cy = 0.5, r = 0.5, fx, fy, user = false, transform } = {}) {
    const key = `R${JSON.stringify([stops, cx, cy, r, fx, fy, user, transform])}`;
    const id = this.define(key, (id) =>
      el(
        'radialGradient',
        { id, cx, cy, r, fx, fy, gradientUnits: user ? 'userSpaceOnUse' : undefined, gradientTransform: transform },
        Scene.stopsMarkup(stops),
      ),
    );
    return `url(#${id})`;
  }

  /**
   * A soft circular (or elliptical) glow. Drawn as a small PNG stretched to size, defined
   * once per colour and reused, because a large radial gradient is slow in librsvg.
   * @param {number} x
   * @param {number} y
   * @param {number} r
   * @param {string} colour hex
   * @param {number} [opacity]
   * @param {{ sy?: number }} [options] `sy` squashes the glow vertically
   */
  glow(x, y, r, colour, opacity = 0.6, { sy = 1 } = {}) {
    const o = Math.round(opacity * ambientOpacity() * 100) / 100;
    if (o <= 0 || r <= 0) return '';
    const id = this.define(`G${colour}|${o}`, (id) => el('image', { id, width: 64, height: 64, href: glowDataUri(colour, o), preserveAspectRatio: 'none' }));
    const kx = (2 * r) / 64;
    const ky = (2 * r * sy) / 64;
    return `<use href="#${id}" transform="matrix(${n(kx)} 0 0 ${n(ky)} ${n(x - r)} ${n(y - r * sy)})"/>`;
  }

  /**
   * A smooth full-bleed fill drawn as a small PNG stretched over the rect (x, y, width,
   * height). `pixel(u, v)` gets coordinates 0–1 across the rect and returns [r, g, b, a].
   * The PNG carries one extra pixel on each side, placed outside the rect, so the stretched
   * image does not fade to transparent along the canvas edge.
   * @param {{ x?: number, y?: number, width?: number, height?: number, cols?: number, rows?: number }} box
   * @param {(u: number, v: number) => number[]} pixel
   */
  smoothRect({ x = 0, y = 0, width = this.w, height = this.h, cols = 48, rows = 32 }, pixel) {
    /** @param {number} t */
    const clamp = (t) => Math.max(0, Math.min(1, t));
    const buffer = png(cols + 2, rows + 2, (i, j) => pixel(clamp((i - 0.5) / cols), clamp((j - 0.5) / rows)));
    const kx = width / cols;
    const ky = height / rows;
    return el('image', { x: x - kx, y: y - ky, width: width + 2 * kx, height: height + 2 * ky, preserveAspectRatio: 'none', href: toDataUri(buffer) });
  }

  /**
   * A repeating tile. librsvg draws patterns fast only when the tile is a whole number of
   * pixels (a 20.8 px tile is fifty times slower than a 21 px one), so the size is rounded
   * and handed to `draw(width, height)`, which returns the tile's markup.
   * @param {string} key
   * @param {number} width
   * @param {number} height
   * @param {(width: number, height: number) => string} draw
   */
  pattern(key, width, height, draw) {
    const tw = Math.max(1, Math.round(width));
    const th = Math.max(1, Math.round(height));
    const id = this.define(`P${key}|${tw}|${th}`, (id) => el('pattern', { id, width: tw, height: th, patternUnits: 'userSpaceOnUse' }, draw(tw, th)));
    return `url(#${id})`;
  }

  /**
   * Gaussian blur filter, used sparingly (it is the slowest thing librsvg does).
   * @param {number} std
   */
  blur(std) {
    const id = this.define(`B${std}`, (id) =>
      el('filter', { id, x: '-50%', y: '-50%', width: '200%', height: '200%' }, el('feGaussianBlur', { stdDeviation: std })),
    );
    return `url(#${id})`;
  }

  /** @param {string} markup */
  clip(markup) {
    const id = this.id('c');
    this.defs.push(el('clipPath', { id }, markup));
    return `url(#${id})`;
  }

  /**
   * A luminance mask over `box` (default: the whole canvas; smaller boxes render faster).
   * @param {string} markup
   * @param {{ x: number, y: number, width: number, height: number }} [box]
   */
  mask(markup, box = { x: 0, y: 0, width: this.w, height: this.h }) {
    const id = this.id('m');
    this.defs.push(el('mask', { id, maskUnits: 'userSpaceOnUse', ...box }, markup));
    return `url(#${id})`;
  }

  /** @param {string} body */
  toString(body) {
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${this.w}" height="${this.h}" viewBox="0 0 ${this.w} ${this.h}"><defs>${this.defs.join('')}</defs>${body}</svg>`;
  }
}

/**
 * Closed or open smooth path through points (Catmull-Rom converted to cubic Béziers).
 * @param {readonly Point[]} points
 * @param {boolean} [closed]
 * @param {number} [tension]
 */
export function smoothPath(points, closed = true, tension = 1) {
  const p = points;
  const count = p.length;
  if (count < 2) return '';
  /** @param {number} i */
  const at = (i) => (closed ? p[(i + count) % count] : p[Math.max(0, Math.min(count - 1, i))]);
  let d = `M${n(p[0][0])} ${n(p[0][1])}`;
  const last = closed ? count : count - 1;
  for (let i = 0; i < last; i++) {
    const p0 = at(i - 1);
    const p1 = at(i);
    const p2 = at(i + 1);
    const p3 = at(i + 2);
    const c1 = [p1[0] + ((p2[0] - p0[0]) / 6) * tension, p1[1] + ((p2[1] - p0[1]) / 6) * tension];
    const c2 = [p2[0] - ((p3[0] - p1[0]) / 6) * tension, p2[1] - ((p3[1] - p1[1]) / 6) * tension];
    d += `C${n(c1[0])} ${n(c1[1])} ${n(c2[0])} ${n(c2[1])} ${n(p2[0])} ${n(p2[1])}`;
  }
  return closed ? `${d}Z` : d;
}

/**
 * Points on a wobbly circle: the base of blobs, pebbles, petals and stains.
 * @param {Rng} rng
 * @param {number} cx
 * @param {number} cy
 * @param {number} r
 * @param {{ count?: number, wobble?: number, sy?: number, rotate?: number }} [options]
 * @returns {Point[]}
 */
export function blobPoints(rng, cx, cy, r, { count = 9, wobble = 0.18, sy = 1, rotate = 0 } = {}) {
  /** @type {Point[]} */
  const pts = [];
  for (let i = 0; i < count; i++) {
    const a = rotate + (i / count) * Math.PI * 2;
    const rr = r * (1 + rng.jitter(0, wobble));
    pts.push([cx + Math.cos(a) * rr, cy + Math.sin(a) * rr * sy]);
  }
  return pts;
}

/**
 * The point at angle `a` (radians) on a circle.
 * @param {number} cx
 * @param {number} cy
 * @param {number} r
 * @param {number} a
 * @returns {[x: number, y: number]}
 */
export const polar = (cx, cy, r, a) => [cx + Math.cos(a) * r, cy + Math.sin(a) * r];
/** @param {number} rad */
export const deg = (rad) => (rad * 180) / Math.PI;
/** @param {number} d */
export const rad = (d) => (d * Math.PI) / 180;
