// @ts-check
/**
 * "2 MB", "750 KB", "6.4 MB": a size as the messages write it (1 MB = 1,000,000 bytes, as Decap
 * counts). Plain JavaScript, so `npm run pictures` reads it without a TypeScript loader; the file
 * limits (src/schemas/content-limits.ts) export it from here.
 * @param {number} bytes
 * @returns {string}
 */
export function formatSize(bytes) {
  if (bytes >= 1_000_000) return `${Number((bytes / 1_000_000).toFixed(1))} MB`;
  if (bytes >= 1_000) return `${Math.round(bytes / 1_000)} KB`;
  return `${bytes} bytes`;
}
