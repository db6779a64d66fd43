/**
 * Colour ramps (Tailwind CSS v3 values, so pictures sit comfortably next to the site's own
 * utility colours). Each ramp is an object keyed 50…950.
 */

/**
 * Eleven shades of one hue, keyed 50, 100, 200 … 900, 950, as hex strings.
 * @typedef {Record<number, string>} Ramp
 */
/**
 * A gradient stop: offset 0–1, hex colour, opacity (default 1).
 * @typedef {[offset: number, colour: string, opacity?: number]} Stop
 */

const STEPS = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 950];

const RAW = {
  teal: '#f0fdfa #ccfbf1 #99f6e4 #5eead4 #2dd4bf #14b8a6 #0d9488 #0f766e #115e59 #134e4a #042f2e',
  indigo: '#eef2ff #e0e7ff #c7d2fe #a5b4fc #818cf8 #6366f1 #4f46e5 #4338ca #3730a3 #312e81 #1e1b4b',
  emerald: '#ecfdf5 #d1fae5 #a7f3d0 #6ee7b7 #34d399 #10b981 #059669 #047857 #065f46 #064e3b #022c22',
  amber: '#fffbeb #fef3c7 #fde68a #fcd34d #fbbf24 #f59e0b #d97706 #b45309 #92400e #78350f #451a03',
  rose: '#fff1f2 #ffe4e6 #fecdd3 #fda4af #fb7185 #f43f5e #e11d48 #be123c #9f1239 #881337 #4c0519',
  violet: '#f5f3ff #ede9fe #ddd6fe #c4b5fd #a78bfa #8b5cf6 #7c3aed #6d28d9 #5b21b6 #4c1d95 #2e1065',
  sky: '#f0f9ff #e0f2fe #bae6fd #7dd3fc #38bdf8 #0ea5e9 #0284c7 #0369a1 #075985 #0c4a6e #082f49',
  // Accent-only ramps: motifs use them for subject colours (citrus, berries, wood…).
  orange: '#fff7ed #ffedd5 #fed7aa #fdba74 #fb923c #f97316 #ea580c #c2410c #9a3412 #7c2d12 #431407',
  yellow: '#fefce8 #fef9c3 #fef08a #fde047 #facc15 #eab308 #ca8a04 #a16207 #854d0e #713f12 #422006',
  lime: '#f7fee7 #ecfccb #d9f99d #bef264 #a3e635 #84cc16 #65a30d #4d7c0f #3f6212 #365314 #1a2e05',
  green: '#f0fdf4 #dcfce7 #bbf7d0 #86efac #4ade80 #22c55e #16a34a #15803d #166534 #14532d #052e16',
  cyan: '#ecfeff #cffafe #a5f3fc #67e8f9 #22d3ee #06b6d4 #0891b2 #0e7490 #155e75 #164e63 #083344',
  blue: '#eff6ff #dbeafe #bfdbfe #93c5fd #60a5fa #3b82f6 #2563eb #1d4ed8 #1e40af #1e3a8a #172554',
  purple: '#faf5ff #f3e8ff #e9d5ff #d8b4fe #c084fc #a855f7 #9333ea #7e22ce #6b21a8 #581c87 #3b0764',
  fuchsia: '#fdf4ff #fae8ff #f5d0fe #f0abfc #e879f9 #d946ef #c026d3 #a21caf #86198f #701a75 #4a044e',
  pink: '#fdf2f8 #fce7f3 #fbcfe8 #f9a8d4 #f472b6 #ec4899 #db2777 #be185d #9d174d #831843 #500724',
  red: '#fef2f2 #fee2e2 #fecaca #fca5a5 #f87171 #ef4444 #dc2626 #b91c1c #991b1b #7f1d1d #450a0a',
  stone: '#fafaf9 #f5f5f4 #e7e5e4 #d6d3d1 #a8a29e #78716c #57534e #44403c #292524 #1c1917 #0c0a09',
  slate: '#f8fafc #f1f5f9 #e2e8f0 #cbd5e1 #94a3b8 #64748b #475569 #334155 #1e293b #0f172a #020617',
};

/** @type {Record<string, Ramp>} */
export const RAMPS = Object.fromEntries(
  Object.entries(RAW).map(([name, list]) => [name, Object.fromEntries(list.split(' ').map((hex, i) => [STEPS[i], hex]))]),
);

/** The colours a content file may name in its `colour` field. */
export const BRAND_COLOURS = ['teal', 'indigo', 'emerald', 'amber', 'rose', 'violet', 'sky'];

/**
 * A neighbouring hue for two-tone gradients; picked by eye so that each pair stays calm.
 * @type {Record<string, string>}
 */
export const COMPANION = {
  teal: 'sky', indigo: 'violet', emerald: 'teal', amber: 'orange', rose: 'fuchsia', violet: 'indigo', sky: 'indigo',
  orange: 'amber', yellow: 'amber', lime: 'emerald', green: 'emerald', cyan: 'sky', blue: 'indigo',
  purple: 'violet', fuchsia: 'pink', pink: 'rose', red: 'rose', stone: 'amber', slate: 'sky',
};

/** @param {string} hex `#rgb` or `#rrggbb` */
const parseHex = (hex) => {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16));
};
/** @param {number[]} rgb */
const toHex = (rgb) => `#${rgb.map((v) => Math.round(Math.max(0, Math.min(255, v))).toString(16).padStart(2, '0')).join('')}`;

/**
 * Linear blend of two hex colours, t = 0 gives a, t = 1 gives b.
 * @param {string} a
 * @param {string} b
 * @param {number} t
 */
export function mix(a, b, t) {
  const ca = parseHex(a);
  const cb = parseHex(b);
  return toHex(ca.map((v, i) => v + (cb[i] - v) * t));
}

/**
 * Colour at t along [[offset, hex, opacity?], …] stops, as [r, g, b, a] like SVG interpolates it.
 * @param {readonly Stop[]} stops at least one
 * @param {number} t
 * @returns {number[]}
 */
export function sampleStops(stops, t) {
  /** @param {number} i */
  const at = (i) => [...parseHex(stops[i][1]), stops[i][2] ?? 1];
  if (t <= stops[0][0]) return at(0);
  for (let i = 1; i < stops.length; i++) {
    if (t <= stops[i][0]) {
      const k = (t - stops[i - 1][0]) / (stops[i][0] - stops[i - 1][0] || 1);
      const a = at(i - 1);
      const b = at(i);
      return a.map((v, c) => v + (b[c] - v) * k);
    }
  }
  return at(stops.length - 1);
}

/**
 * A ramp from a name, or built from any hex colour (treated as the 600 step).
 * @param {string | undefined} colour
 * @returns {Ramp}
 */
export function ramp(colour) {
  if (!colour) return RAMPS.teal;
  const key = String(colour).trim().toLowerCase();
  if (RAMPS[key]) return RAMPS[key];
  if (/^#?[0-9a-f]{3}([0-9a-f]{3})?$/.test(key)) {
    const base = key.startsWith('#') ? key : `#${key}`;
    /** @type {Record<number, number>} */
    const tints = { 50: 0.95, 100: 0.88, 200: 0.74, 300: 0.56, 400: 0.34, 500: 0.15 };
    /** @type {Record<number, number>} */
    const shades = { 700: 0.18, 800: 0.34, 900: 0.48, 950: 0.68 };
    return Object.fromEntries(
      STEPS.map((s) => [s, s === 600 ? base : s < 600 ? mix(base, '#ffffff', tints[s]) : mix(base, '#0b1020', shades[s])]),
    );
  }
  throw new Error(`unknown colour "${colour}" (use ${BRAND_COLOURS.join(', ')} or a hex value)`);
}

/** @param {string} colour */
export const companionOf = (colour) => RAMPS[COMPANION[String(colour).toLowerCase()]] ?? RAMPS.slate;

/**
 * Metal gradients as [light, mid, dark, sheen, deep] for foil, metallic and glitter prints.
 * @type {Record<string, string[]>}
 */
export const METALS = {
  gold: ['#fff7d6', '#fcd34d', '#b7791f', '#fde68a', '#8a5a12'],
  silver: ['#ffffff', '#cbd5e1', '#64748b', '#e2e8f0', '#3f4a5c'],
  copper: ['#ffe4cc', '#f59e6b', '#9a4418', '#fdba8c', '#6b2a0c'],
  rose: ['#fff1f2', '#f9b4c0', '#b4536a', '#fecdd3', '#7d2b3f'],
};
