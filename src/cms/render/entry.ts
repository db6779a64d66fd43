/**
 * What /admin's preview posts (src/pages/admin/render.astro), read and checked before anything is
 * rendered: only a same-origin JSON POST of bounded size is read, and the entry's data is
 * validated with its collection's own schema (src/model/content-collections.ts) and the files it
 * names with the build's file rules (on the measurements the browser posts), so the preview
 * either shows the page the site would build or the `file: field: message` lines
 * `npm run content:check` would print. Nothing is stored.
 */
import { z } from 'astro/zod';
import { contentSources, isFolder, type ContentSource, type ContentSources } from '../../model/content-collections';
import { formatIssues } from '../../schemas/content-errors';
import { standInContext } from '../../schemas/common';
import { isSameOrigin, readLimited } from '../../server/http-request';
import { pictureStandIn } from './picture';
import { uploadProblems, type FileFacts } from '../file-checks';

/**
 * The largest entry the preview reads. The largest real entry, posted as the pane posts it, is
 * 7.4 KB (a technology page, measured over src/content); 32 KB leaves it room to grow four times,
 * and keeps one render's Markdown small.
 */
export const previewLimits = { bodyBytes: 32 * 1024 } as const;

/** What the preview pane posts: the Decap collection, where its files are, and the entry as the form holds it. */
export interface PostedEntry {
  /** The Decap collection's name (src/cms/config.ts). */
  collection: string;
  /** A folder collection's folder, e.g. "src/content/products/aroma-finishes". */
  folder?: string;
  /** A files collection's file, e.g. "src/content/pages/about.md". */
  file?: string;
  /** The entry's file name without ".md" (a folder collection's). */
  slug?: string;
  data: Record<string, unknown>;
  /**
   * The files the entry names, as the editor's browser measured them (src/cms/file-checks.ts): a
   * file just chosen is only there, so the renderer checks these measurements with the build's rules.
   */
  files?: MeasuredFile[];
}

/** One file of the entry, measured: the field that names it ("documents.0.file"), its path and what the checks read of it. */
export interface MeasuredFile extends FileFacts {
  field: string;
  path: string;
}

/** Whether `value` is a list of measured files, as the preview posts them. */
function isMeasuredFiles(value: unknown): value is MeasuredFile[] {
  const number = (n: unknown) => typeof n === 'number' && Number.isFinite(n) && n >= 0;
  return (
    Array.isArray(value) &&
    value.every(
      (f) =>
        f &&
        typeof f === 'object' &&
        typeof f.field === 'string' &&
        typeof f.path === 'string' &&
        number(f.bytes) &&
        (f.width === undefined || number(f.width)) &&
        (f.start === undefined || typeof f.start === 'string') &&
        (f.text === undefined || typeof f.text === 'string'),
    )
  );
}

export type PreviewRequest =
  { ok: true; entry: PostedEntry } | { ok: false; status: number; error: string; headers?: Record<string, string> };

/**
 * Reads the preview's request. Unlike the contact form's, it must carry an Origin, the site's
 * own: only the editor's page posts here, always with fetch.
 */
export async function readPreviewRequest(request: Request): Promise<PreviewRequest> {
  if (request.method !== 'POST')
    return { ok: false, status: 405, error: 'Only POST is accepted', headers: { allow: 'POST' } };
  if (request.headers.get('origin') === null || !isSameOrigin(request))
    return { ok: false, status: 403, error: 'The preview answers the editor of this site only' };
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') return { ok: false, status: 415, error: 'Send the entry as application/json' };
  const tooLarge = {
    ok: false,
    status: 413,
    error: `The entry is larger than ${previewLimits.bodyBytes / 1024} KB`,
  } as const;
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (Number.isFinite(declared) && declared > previewLimits.bodyBytes) return tooLarge;
  const text = await readLimited(request, previewLimits.bodyBytes);
  if (text === undefined) return tooLarge;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, status: 400, error: 'The body is not valid JSON' };
  }
  const entry = parsed as Partial<PostedEntry> | null;
  const optionalText = (value: unknown) => value === undefined || typeof value === 'string';
  if (
    !entry ||
    typeof entry !== 'object' ||
    typeof entry.collection !== 'string' ||
    !optionalText(entry.folder) ||
    !optionalText(entry.file) ||
    !optionalText(entry.slug) ||
    (entry.files !== undefined && !isMeasuredFiles(entry.files)) ||
    !entry.data ||
    typeof entry.data !== 'object' ||
    Array.isArray(entry.data)
  ) {
    return { ok: false, status: 400, error: 'Post { collection, folder or file, slug, data, files }' };
  }
  return { ok: true, entry: entry as PostedEntry };
}

/** A checked entry, ready to render: its kind of content, the file it would be, its data as the site reads it and its Markdown body. */
export interface PreviewEntry {
  source: string;
  /** The entry's id as Astro would give it (an item's "<category>/<file name>", a technology's slug...). */
  id: string;
  /** A catalogue item's category (the folder its file is in). */
  category?: string;
  file: string;
  data: Record<string, unknown>;
  body: string;
}

export type CheckedEntry = { ok: true; entry: PreviewEntry } | { ok: false; errors: string[]; file?: string };

/** A file or slug name as the content may use it: no folders, nothing outside the content. */
const safeName = (name: string | undefined) => (name && /^[a-z0-9][a-z0-9._-]*$/i.test(name) ? name : undefined);
const safeFile = (file: string | undefined) =>
  file && /^src\/content\/[a-z0-9._/-]+$/i.test(file) && !file.includes('..') ? file : undefined;

/** The schema context of the preview: pictures become stand-ins (src/cms/render/picture.ts); references are read as the content check reads them. */
const previewContext = standInContext(() =>
  z
    .string({ error: 'must be the path of a picture next to this file, e.g. "./images/name.webp"' })
    .transform((path) => pictureStandIn(path)),
);

/** Which kind of content the posted entry is, and the file it would be saved as. */
function sourceOf(
  posted: PostedEntry,
  sources: ContentSources,
): { name: string; source: ContentSource; category?: string; file: string } | undefined {
  const slug = safeName(posted.slug) ?? 'new-entry';
  if (posted.folder !== undefined) {
    for (const [name, source] of Object.entries(sources)) {
      if (!isFolder(source)) continue;
      if (source.pattern === '*/*.md' && posted.folder.startsWith(`${source.folder}/`)) {
        const category = safeName(posted.folder.slice(source.folder.length + 1));
        if (category) return { name, source, category, file: `${source.folder}/${category}/${slug}.md` };
      }
      if (source.pattern === '*.md' && posted.folder === source.folder)
        return { name, source, file: `${source.folder}/${slug}.md` };
    }
    return undefined;
  }
  const source = Object.hasOwn(sources, posted.collection) ? sources[posted.collection] : undefined;
  if (!source) return undefined;
  return {
    name: posted.collection,
    source,
    file: safeFile(posted.file) ?? (isFolder(source) ? `${source.folder}/${posted.collection}.md` : source.file),
  };
}

/**
 * Validates the posted entry with its collection's schema: the errors as `file: field: message`
 * lines, as `npm run content:check` prints them, or the entry as the site's components read it.
 */
export function checkEntry(posted: PostedEntry, sources: ContentSources = contentSources): CheckedEntry {
  const found = sourceOf(posted, sources);
  if (!found) return { ok: false, errors: [`${posted.collection}: (file): the preview does not know this collection`] };
  const { name, source, category, file } = found;
  // Decap keeps a Markdown file's body as the field `body`; a JSON list as the field `items`.
  const { body, ...rest } = posted.data;
  const markdown = isFolder(source);
  const data = markdown ? rest : 'list' in source && source.list ? posted.data.items : posted.data;
  const schema =
    'list' in source && source.list ? z.array(source.schema(previewContext)) : source.schema(previewContext);
  const result = schema.safeParse(data);
  // The files the form holds, checked as the build checks the saved ones.
  const files = (posted.files ?? []).flatMap(({ field, path, ...facts }) =>
    uploadProblems(path, facts).map((message) => `${file}: ${field}: ${message}`),
  );
  if (!result.success)
    return { ok: false, file, errors: [...formatIssues(file, result.error, schema, data), ...files] };
  if (files.length) return { ok: false, file, errors: files };
  const parsed = result.data as Record<string, unknown>;
  const fileName = file.slice(file.lastIndexOf('/') + 1).replace(/\.(md|json)$/, '');
  // An item's id is its category and its slug field, its address (docs/decisions/0057).
  const id = category
    ? `${category}/${typeof parsed.slug === 'string' ? parsed.slug : fileName}`
    : typeof parsed.slug === 'string'
      ? parsed.slug
      : typeof parsed.page === 'string'
        ? parsed.page
        : fileName;
  return {
    ok: true,
    entry: {
      source: name,
      id,
      ...(category ? { category } : {}),
      file,
      data: parsed,
      body: markdown && typeof body === 'string' ? body : '',
    },
  };
}
