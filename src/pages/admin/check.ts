/**
 * /admin posts here each change it is about to save (an entry's files, its uploads, a delete;
 * src/cms/admin.ts), and the whole content check runs on the content with the change laid over
 * it (src/cms/publish-check.ts): 200 with no errors, or 422 with the problems the change brings,
 * `file: field: message` as `npm run content:check` prints them, which /admin shows and refuses the
 * save with (docs/decisions/0066).
 *
 * Rendered on demand. On the built site it answers editors only, as the preview's renderer does
 * (src/cms/render/editor.ts); same-origin JSON POSTs of bounded size only; nothing is stored.
 */
import type { APIRoute } from 'astro';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { checkSiteEditor } from '@/cms/render/editor';
import { changeProblems, isContentChange } from '@/cms/publish-check';
import { formatProblem } from '@/content-check/check';
import { pictureLimits } from '@/schemas/content-limits';
import { isSameOrigin, mediaTypeOf, readLimited } from '@/server/http-request';

export const prerender = false;

/** The largest change read: an entry's files (each at most the preview's 32 KB) and the uploads' measurements. */
const bodyBytes = 128 * 1024;

const headers = { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' };
const text = (body: string, status: number, extra: Record<string, string> = {}) =>
  new Response(body, { status, headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8', ...extra } });

/**
 * A picture's width as the check reads it. Under `npm run cms` the files are read with sharp, as
 * `npm run content:check` reads them; a deploy's pictures all passed its build's check, so there
 * a picture the change does not upload is taken as wide enough (the build checks again).
 */
async function imageWidth(path: string): Promise<number | undefined> {
  if (import.meta.env.DEV) {
    const { default: sharp } = await import('sharp');
    return (await sharp(path).metadata()).width;
  }
  return pictureLimits.minWidth;
}

export const POST: APIRoute = async ({ request }) => {
  if (!import.meta.env.DEV) {
    const editor = await checkSiteEditor(request);
    if (!editor.ok) return text(editor.error, editor.status, editor.headers);
  }
  if (request.headers.get('origin') === null || !isSameOrigin(request))
    return text('The check answers the editor of this site only', 403);
  if (mediaTypeOf(request) !== 'application/json') return text('Send the change as application/json', 415);
  const body = await readLimited(request, bodyBytes);
  if (body === undefined) return text(`The change is larger than ${bodyBytes / 1024} KB`, 413);
  let change: unknown;
  try {
    change = JSON.parse(body);
  } catch {
    return text('The body is not valid JSON', 400);
  }
  if (!isContentChange(change))
    return text('Post { written: [{ path, text }], uploaded: [{ path, bytes, width, start }], deleted: [path] }', 400);
  const root = process.cwd();
  if (!existsSync(join(root, 'src/content')))
    return text('The content is not on this server: the build checks the change when it is published', 503);
  const problems = await changeProblems(root, change, { imageWidth });
  return Response.json({ errors: problems.map(formatProblem) }, { status: problems.length ? 422 : 200, headers });
};
