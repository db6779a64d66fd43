/**
 * /admin's preview: what its renderer (src/pages/admin/render.astro) reads of a request and what
 * it answers for an entry (the site's own errors, or the entry as the components read it), and
 * how the editor's page makes the answer inert and shows its pictures from the editor's copies.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import { parseFrontmatter, markdownBody } from '../../src/text/frontmatter.mjs';
import { checkEntry, previewLimits, readPreviewRequest, type PostedEntry } from '../../src/cms/render/entry';
import { pictureStandIn, standInPath } from '../../src/cms/render/picture';
import { fieldAt, hasMarkup, inertHtml, previewRequest } from '../../src/cms/preview';
import { fromJS } from 'immutable';

const site = 'https://site.test';
const post = (body: string, headers: Record<string, string> = {}, method = 'POST') =>
  new Request(`${site}/admin/render`, {
    method,
    headers: { origin: site, 'content-type': 'application/json', ...headers },
    ...(method === 'POST' ? { body } : {}),
  });

/** The first Markdown file of a content folder, as the form holds it (Decap keeps the body as `body`). */
function firstEntry(folder: string) {
  const name = readdirSync(folder)
    .filter((n) => n.endsWith('.md'))
    .sort()[0]!;
  const text = readFileSync(join(folder, name), 'utf8');
  const data: Record<string, unknown> = {
    ...(parseFrontmatter(text) as Record<string, unknown>),
    body: markdownBody(text),
  };
  return { slug: name.replace(/\.md$/, ''), data };
}
const category = readdirSync('src/content/products').sort()[0]!;

describe('the request the renderer reads', () => {
  const entry = JSON.stringify({ collection: 'technologies', folder: 'src/content/technologies', data: {} });

  it('reads a same-origin JSON POST', async () => {
    expect(await readPreviewRequest(post(entry))).toEqual({ ok: true, entry: JSON.parse(entry) });
  });

  it('refuses everything else with a 4xx and a reason', async () => {
    const status = async (request: Request) => {
      const read = await readPreviewRequest(request);
      return read.ok ? 200 : read.status;
    };
    expect(await status(post('', {}, 'GET'))).toBe(405);
    expect(await status(post(entry, { origin: 'https://elsewhere.test' }))).toBe(403);
    const noOrigin = new Request(`${site}/admin/render`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: entry,
    });
    expect(await status(noOrigin)).toBe(403);
    // A form of another site can post text/plain without asking first; JSON it cannot.
    expect(await status(post(entry, { 'content-type': 'text/plain' }))).toBe(415);
    expect(
      await status(post(JSON.stringify({ collection: 'x', data: { text: 'x'.repeat(previewLimits.bodyBytes) } }))),
    ).toBe(413);
    expect(await status(post('{not json'))).toBe(400);
    expect(await status(post(JSON.stringify({ collection: 'technologies', data: [] })))).toBe(400);
  });
});

describe('the answer for an entry', () => {
  it('gives a valid catalogue item its id, category, body and a stand-in for its picture', () => {
    const item = firstEntry(`src/content/products/${category}`);
    const checked = checkEntry({
      collection: category,
      folder: `src/content/products/${category}`,
      slug: item.slug,
      data: item.data,
    });
    expect(checked.ok, JSON.stringify(checked)).toBe(true);
    if (!checked.ok) return;
    expect(checked.entry).toMatchObject({
      source: 'products',
      id: `${category}/${item.slug}`,
      category,
      file: `src/content/products/${category}/${item.slug}.md`,
    });
    expect(checked.entry.body).toBe(item.data.body);
    expect(checked.entry.data.body).toBeUndefined();
    if (typeof item.data.image === 'string') {
      const picture = checked.entry.data.image as { src: string; width: number };
      expect(standInPath(picture.src)).toBe(item.data.image);
      expect(picture.width).toBeGreaterThan(0);
    }
  });

  it("refuses an item without its name in the content check's words, file and field named", () => {
    const item = firstEntry(`src/content/products/${category}`);
    const checked = checkEntry({
      collection: category,
      folder: `src/content/products/${category}`,
      slug: item.slug,
      data: { ...item.data, name: '' },
    });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors).toContainEqual(
      expect.stringMatching(new RegExp(`^src/content/products/${category}/${item.slug}\\.md: name: required: `)),
    );
  });

  it('names a technology and a category by their slug', () => {
    for (const [collection, folder] of [
      ['technologies', 'src/content/technologies'],
      ['categories', 'src/content/categories'],
    ] as const) {
      const entry = firstEntry(folder);
      const checked = checkEntry({ collection, folder, slug: entry.slug, data: entry.data });
      expect(checked.ok, JSON.stringify(checked)).toBe(true);
      if (checked.ok) expect(checked.entry).toMatchObject({ source: collection, id: entry.data.slug });
    }
  });

  it('reads a company page by its file, and refuses what is not content', () => {
    const text = readFileSync('src/content/pages/about.md', 'utf8');
    const about: PostedEntry = {
      collection: 'pages',
      file: 'src/content/pages/about.md',
      slug: 'about',
      data: parseFrontmatter(text) as Record<string, unknown>,
    };
    expect(checkEntry(about)).toMatchObject({
      ok: true,
      entry: { source: 'pages', id: 'about', file: 'src/content/pages/about.md' },
    });
    expect(checkEntry({ ...about, file: '../../etc/passwd' })).toMatchObject({
      ok: true,
      entry: { file: 'src/content/pages/pages.md' },
    });
    expect(checkEntry({ collection: 'nothing', data: {} })).toMatchObject({ ok: false });
    expect(checkEntry({ collection: 'x', folder: 'src/content/products/../secrets', data: {} })).toMatchObject({
      ok: false,
    });
  });
});

describe('pictures', () => {
  it('finds the path a stand-in stands for, also through the image CDN', () => {
    for (const path of ['./images/amber-oud.webp', 'images/Café crème.png']) {
      const { src } = pictureStandIn(path);
      expect(standInPath(src)).toBe(path);
      expect(standInPath(`/.netlify/images?url=${encodeURIComponent(src)}&w=400&fm=avif`)).toBe(path);
      // As the image CDN's address writes it: without the leading "/".
      expect(standInPath(`/.netlify/images?url=${encodeURIComponent(src.slice(1))}&amp;fm=avif&amp;w=400`)).toBe(path);
      expect(standInPath(encodeURIComponent(`/.netlify/images?url=${encodeURIComponent(src)}`))).toBe(path);
    }
    expect(standInPath('/images/other.webp')).toBeUndefined();
  });
});

describe("the editor's page", () => {
  it('shows the answer without its scripts, styles or handlers, pictures from the editor', () => {
    const { src } = pictureStandIn('./images/a.webp');
    const cdn = `/.netlify/images?url=${encodeURIComponent(src)}&amp;w=400`;
    const html = `<style>p{}</style><script>steal()</script><article><picture data-picture="product"><source srcset="${cdn} 400w" type="image/avif"><img src="${cdn}" srcset="${cdn} 400w" loading="lazy" alt="A" onerror="steal()"></picture><h3><a href="/x">Name</a></h3></article>`;
    const { document } = new Window();
    const out = document.createElement('div');
    out.innerHTML = inertHtml(html, (path) => `blob:${path}`, document as unknown as Document);
    expect(out.querySelector('script, style, source, [onerror]')).toBeNull();
    const img = out.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('blob:./images/a.webp');
    expect(img.hasAttribute('srcset')).toBe(false);
    expect(out.querySelector('h3')!.textContent).toBe('Name');
  });

  it('posts the collection, the file and the data as it would be saved', () => {
    const data = new Map<string, unknown>([['name', 'N']]);
    const entry = {
      get: (key: string) =>
        key === 'slug' ? 'about' : key === 'data' ? { toJS: () => Object.fromEntries(data) } : undefined,
    };
    expect(
      previewRequest({ name: 'pages', files: [{ name: 'about', file: 'src/content/pages/about.md' }] }, entry),
    ).toEqual({
      collection: 'pages',
      file: 'src/content/pages/about.md',
      slug: 'about',
      data: { name: 'N' },
    });
  });
});

describe("the renderer's answer", () => {
  it('holds markup unless it is the document type alone (an entry without a page of its own)', () => {
    const doc = new Window().document as unknown as Document;
    expect(hasMarkup('<!DOCTYPE html>\n', doc)).toBe(false);
    expect(hasMarkup('<!DOCTYPE html><div data-preview="page"><h1>Acid red</h1></div>', doc)).toBe(true);
  });
});

describe("the preview finds a file by its field's folder", () => {
  it('reads the field a data path names, through lists and objects', () => {
    const fields = fromJS([
      { name: 'image', widget: 'image', media_folder: '/src/content/products/a/images' },
      { name: 'documents', widget: 'list', fields: [{ name: 'title' }, { name: 'file', media_folder: '/docs' }] },
    ]);
    expect(fieldAt(fields, 'documents.0.file')?.get('media_folder')).toBe('/docs');
    expect(fieldAt(fields, 'image')?.get('media_folder')).toBe('/src/content/products/a/images');
    expect(fieldAt(fields, 'documents.0.missing')).toBeUndefined();
    expect(fieldAt(undefined, 'image')).toBeUndefined();
  });
});
