/**
 * Pictures in /admin's preview. The entry names its picture by path ("./images/name.webp"), a
 * file the server may not have yet (a picture just chosen in the form is only in the browser).
 * The page is rendered with a stand-in whose address carries that path; the preview pane then
 * shows Decap's own copy of the file in its place (src/cms/preview.ts), so nothing is fetched.
 * Used by the server and, bundled, by the browser: no Node modules here.
 */

/**
 * What a stand-in's address holds before the path, which follows base64url-encoded, so no URL
 * encoding touches it. (The image CDN's address names it without its leading "/".)
 */
export const standInPrefix = 'admin/preview-picture/';

/** The width and height a stand-in claims: the 3:2 of the site's pictures (the page crops to its own shape). */
export const standInSize = { width: 1200, height: 800 } as const;

const toBase64Url = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

function fromBase64Url(code: string): string | undefined {
  try {
    const binary = atob(code.replace(/-/g, '+').replace(/_/g, '/'));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return undefined;
  }
}

/** The picture metadata the site's components take, standing in for the picture at `path`. */
export function pictureStandIn(path: string) {
  const format = /\.(png|jpe?g|webp|avif|gif|svg)$/i.exec(path)?.[1]?.toLowerCase().replace('jpeg', 'jpg') ?? 'webp';
  return { src: `/${standInPrefix}${toBase64Url(path)}.${format}`, ...standInSize, format } as const;
}

/**
 * The content path a rendered address stands in for, or undefined. The address may be the
 * stand-in's own, or the image CDN's address of it (`/.netlify/images?url=…`), encoded once or more.
 */
export function standInPath(address: string): string | undefined {
  let text = address;
  for (let i = 0; i < 3 && !text.includes(standInPrefix); i++) {
    try {
      text = decodeURIComponent(text);
    } catch {
      return undefined;
    }
  }
  const at = text.indexOf(standInPrefix);
  if (at < 0) return undefined;
  const code = /^[A-Za-z0-9_-]+/.exec(text.slice(at + standInPrefix.length))?.[0];
  return code ? fromBase64Url(code) : undefined;
}
