/**
 * Seeded randomness. Pictures must be reproducible byte for byte, so nothing here may touch
 * Math.random(): every choice comes from a mulberry32 stream seeded by a string hash.
 */

/**
 * A seeded stream of numbers in [0, 1) and the choices made from it.
 * @typedef {object} Rng
 * @property {() => number} next
 * @property {(min: number, max: number) => number} range
 * @property {(min: number, max: number) => number} int whole number from min to max, both included
 * @property {<const T>(list: readonly T[]) => T} pick
 * @property {(p: number) => boolean} chance
 * @property {(value: number, spread: number) => number} jitter
 * @property {(label: string) => Rng} fork
 * @property {<T>(list: readonly T[]) => T[]} shuffle
 */

/**
 * cyrb53 folded to 32 bits: cheap, well mixed, and stable across Node versions.
 * @param {string} text
 */
export function hashString(text) {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (h1 ^ h2) >>> 0;
}

/**
 * A small PRNG with helpers; `seed` may be a number or any string (e.g. the output path).
 * @param {string | number} seed
 * @returns {Rng}
 */
export function createRng(seed) {
  let state = typeof seed === 'number' ? seed >>> 0 : hashString(String(seed));
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  /** @type {Rng} */
  const rng = {
    next,
    range: (min, max) => min + (max - min) * next(),
    int: (min, max) => Math.floor(min + (max - min + 1) * next()),
    pick: (list) => list[Math.floor(next() * list.length)],
    chance: (p) => next() < p,
    /** Symmetric jitter around a value: value ± spread. */
    jitter: (value, spread) => value + (next() * 2 - 1) * spread,
    /** An independent stream, so adding draws to one layer does not reshuffle the others. */
    fork: (label) => createRng(`${state}:${label}`),
    shuffle: (list) => {
      const out = [...list];
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [out[i], out[j]] = [out[j], out[i]];
      }
      return out;
    },
  };
  return rng;
}
