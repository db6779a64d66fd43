/**
 * The preview pane of /admin: the entry being edited, as the site renders it. As the editor types
 * (at most one request per pause of `previewDelay`), the entry is posted to the site's own
 * renderer, /admin/render (src/pages/admin/render.astro), which validates it with its
 * collection's schema and answers with the real components' HTML (a catalogue item's card and
 * page, a category's or technology's page, a company page) or with the `file: field: message`
 * lines the site would refuse it with. The pane shows that HTML as inert markup (no script of it
 * runs, links stay put) with the site's own stylesheet (/admin/site.css, src/cms/integration.ts).
 * Pictures come from Decap's own store of the entry's files, in place of the stand-ins the
 * renderer writes (src/cms/render/picture.ts): nothing is fetched from elsewhere.
 *
 * Bundled for the browser by src/cms/integration.ts (esbuild) into /admin/preview.js;
 * src/cms/admin.ts loads it.
 */
import { renderPath } from './render/address';
import { standInPath } from './render/picture';
import { filesNamed, measureAsset } from './file-checks';
import type { MeasuredFile } from './render/entry';
import { unreadableKey } from './formats';

// The form's file checks (src/cms/admin.ts) use the same measuring and rules as the preview.
export { measureAsset, uploadProblems } from './file-checks';
// Photos are made web-sized as they are chosen, and each save is checked first (src/cms/admin.ts).
export { isPhoto, photoProblem, webSized } from './photo';
export { guardBackends } from './save-guard';
import { editorLines } from './save-guard';

type Element = unknown;
type H = (type: string, props?: Record<string, unknown> | null, ...children: unknown[]) => Element;

/** Decap's Immutable entry, as far as the preview reads it. */
interface Entry {
  get(key: string): unknown;
}
interface PreviewProps {
  entry: Entry;
  /** The entry's collection (Immutable), as Decap hands it to the preview. */
  collection?: { get(key: string): unknown };
  getAsset: (path: string, field?: unknown) => { fileObj?: unknown; toString(): string } | undefined;
}
interface CmsApi {
  registerPreviewTemplate(name: string, component: unknown): void;
  registerPreviewStyle(href: string): void;
}
/** The collections of config.yml, as far as the previews need them. */
export interface Collection {
  name: string;
  folder?: string;
  files?: { name: string; file?: string }[];
}

/** How long the editor may pause before the preview is drawn again, in milliseconds. */
export const previewDelay = 300;

const toJs = (value: unknown): unknown =>
  value && typeof (value as { toJS?: unknown }).toJS === 'function' ? (value as { toJS(): unknown }).toJS() : value;

/**
 * What the preview posts: the collection, where its files are, the entry's file name, its data as
 * it would be saved, and the measurements of the files it names (those Decap has a copy of).
 */
export function previewRequest(
  collection: Collection,
  entry: Entry,
  tidy: (data: unknown) => unknown = (d) => d,
  files: MeasuredFile[] = [],
) {
  const slug = entry.get('slug');
  const file = collection.files?.find((f) => f.name === slug)?.file;
  return {
    collection: collection.name,
    ...(collection.folder ? { folder: collection.folder } : {}),
    ...(file ? { file } : {}),
    ...(typeof slug === 'string' && slug ? { slug } : {}),
    data: (toJs(tidy(entry.get('data'))) as Record<string, unknown> | undefined) ?? {},
    ...(files.length ? { files } : {}),
  };
}

/** Decap's fields (Immutable lists and maps), as far as `fieldAt` reads them. */
interface FieldList {
  find(test: (field: FieldMap) => boolean): FieldMap | undefined;
}
interface FieldMap {
  get(key: string): unknown;
}

/**
 * Decap's field that the data path `path` ("documents.0.file") names in a form of `fields`. Decap
 * finds a file by its field's folder (a document in the category's documents folder); asked
 * without the field, it looks in the entry's pictures folder, which for a new entry is not yet
 * where anything is, and loads an error in place of the file.
 */
export function fieldAt(fields: FieldList | undefined, path: string): FieldMap | undefined {
  let list = fields;
  let found: FieldMap | undefined;
  for (const part of path.split('.')) {
    if (/^\d+$/.test(part)) continue;
    found = list?.find((field) => field.get('name') === part);
    if (!found) return undefined;
    const single = found.get('field') as FieldMap | undefined;
    list = (found.get('fields') as FieldList | undefined) ?? (single ? [single] : undefined);
  }
  return found;
}

/** The form's fields of the entry: its collection's, or those of its file in a collection of files. */
function formFields(collection: PreviewProps['collection'], entry: Entry): FieldList | undefined {
  const files = collection?.get('files') as FieldList | undefined;
  const file = files?.find((f) => f.get('name') === entry.get('slug'));
  return ((file ?? collection)?.get('fields') as FieldList | undefined) ?? undefined;
}

/** The files `data` (as it would be saved) names, measured from Decap's copies through `assetOf`; those it has no copy of yet are left to the build. */
export async function measuredFiles(
  data: unknown,
  assetOf: (path: string, field: string) => { fileObj?: unknown; toString(): string } | undefined,
): Promise<MeasuredFile[]> {
  const found = await Promise.all(
    filesNamed(data).map(async ({ field, path }) => {
      const facts = await measureAsset(assetOf(path, field), path)?.catch(() => undefined);
      return facts ? [{ field, path, ...facts }] : [];
    }),
  );
  return found.flat();
}

/** Every string of the form's data, by the path the saved file writes it with ("./images/a.webp" -> "images/a.webp"). */
function pathsOf(value: unknown, found = new Map<string, string>()): Map<string, string> {
  if (typeof value === 'string') {
    found.set(value, value);
    if (!/^(\.{1,2}\/|\/|[a-z][a-z0-9+.-]*:)/i.test(value)) found.set(`./${value}`, value);
  } else if (value && typeof value === 'object') {
    for (const child of Object.values(value)) pathsOf(child, found);
  }
  return found;
}

/**
 * The renderer's HTML made inert and local: no scripts, styles or head elements (the pane has the
 * site's stylesheet), and each stand-in picture shown from `assetOf` (Decap's copy of the file).
 */
export function inertHtml(html: string, assetOf: (path: string) => string, doc: Document = document): string {
  const template = doc.createElement('template');
  template.innerHTML = html;
  const root = template.content;
  for (const element of root.querySelectorAll('script, style, link, meta, base, iframe, object, embed, form'))
    element.remove();
  for (const img of root.querySelectorAll('img')) {
    const path = standInPath(img.getAttribute('src') ?? '') ?? standInPath(img.getAttribute('srcset') ?? '');
    if (!path) continue;
    const picture = img.parentElement?.tagName === 'PICTURE' ? img.parentElement : undefined;
    for (const source of picture?.querySelectorAll('source') ?? []) source.remove();
    img.removeAttribute('srcset');
    img.removeAttribute('sizes');
    img.setAttribute('loading', 'eager');
    img.setAttribute('src', assetOf(path));
  }
  for (const element of root.querySelectorAll('*')) {
    for (const attribute of [...element.attributes])
      if (/^on/i.test(attribute.name)) element.removeAttribute(attribute.name);
  }
  const holder = doc.createElement('div');
  holder.append(root);
  return holder.innerHTML;
}

/**
 * Whether the renderer's answer holds any markup: it is a page, so it starts with a document type,
 * and an entry without a page of its own gets nothing after it. Parsed as the pane parses it (a
 * fragment, where a document type is dropped).
 */
export function hasMarkup(html: string, doc: Document = document): boolean {
  const template = doc.createElement('template');
  template.innerHTML = html;
  return template.content.childElementCount > 0 || (template.content.textContent ?? '').trim() !== '';
}

type Answer =
  | { kind: 'html'; html: string }
  | { kind: 'errors'; errors: string[] }
  | { kind: 'none' }
  | { kind: 'failed'; message: string };

/** What the pane says when it has no page to show: drawing, no preview, a failure, or the site's refusals. */
function noteOf(h: H, answer: Exclude<Answer, { kind: 'html' }> | undefined): Element {
  const note = (text: string) => h('p', { className: 'p-6 text-muted' }, text);
  if (!answer) return note(words.drawing);
  if (answer.kind === 'none') return note(words.none);
  if (answer.kind === 'failed')
    return h('p', { className: 'p-6 font-semibold text-red-800', role: 'alert' }, answer.message);
  return h(
    'div',
    { className: 'p-6', role: 'alert', 'data-preview': 'errors' },
    h('p', { className: 'font-semibold' }, words.refused),
    h(
      'ul',
      { className: 'mt-3 list-disc space-y-1 pl-5 text-sm' },
      ...answer.errors.map((line) => h('li', { key: line }, line)),
    ),
  );
}

/**
 * Posts the entry with the editor's login token (the renderer of the built site answers editors
 * only, src/cms/render/editor.ts; the local backend has no login and sends none) and reads the
 * renderer's answer.
 */
export async function fetchPreview(body: string, signal?: AbortSignal, token?: string): Promise<Answer> {
  const response = await fetch(renderPath, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body,
    signal,
  });
  if (response.status === 422) {
    // The entry's own file is not named: the editor never typed its path; its fields are named.
    const { errors, file } = (await response.json()) as { errors: string[]; file?: string };
    return { kind: 'errors', errors: editorLines(errors, file ? [file] : []) };
  }
  if (!response.ok)
    return {
      kind: 'failed',
      message: `The preview could not be drawn (${response.status}): ${(await response.text()).slice(0, 300)}`,
    };
  const html = await response.text();
  return hasMarkup(html) ? { kind: 'html', html } : { kind: 'none' };
}

/** Words of the pane itself (the site's words come with its pages). */
const words = {
  refused: 'The site would refuse this entry; correct it before publishing:',
  none: 'This entry has no page of its own; the pages that use it show the change once it is published.',
  drawing: 'Drawing the preview…',
};

/**
 * Registers the preview for every collection (and every file of a files collection) of the
 * configuration. Decap names a file's preview by the file's name, which may be a collection's too
 * (the overview page "technologies"): so one template serves all, and reads which collection the
 * entry is in from its props.
 */
export function registerPreviews(
  CMS: CmsApi,
  collections: readonly Collection[],
  {
    stylesheet = '/admin/site.css',
    tidy,
    token = async () => undefined,
  }: { stylesheet?: string; tidy?: (data: unknown) => unknown; token?: () => Promise<string | undefined> } = {},
) {
  const { h, createClass } = window as Window &
    typeof globalThis & { h: H; createClass: (spec: Record<string, unknown>) => unknown };
  CMS.registerPreviewStyle(stylesheet);
  const byName = new Map(collections.map((collection) => [collection.name, collection]));
  type Self = {
    props: PreviewProps;
    state: { answer?: Answer };
    timer?: ReturnType<typeof setTimeout>;
    controller?: AbortController;
    sent?: string;
    turn?: number;
    setState(state: object): void;
  };
  const template = createClass({
    getInitialState: () => ({ answer: undefined }),
    componentDidMount(this: Self & { post(): void }) {
      this.post();
    },
    componentDidUpdate(this: Self, previous: PreviewProps) {
      if (previous.entry === this.props.entry) return;
      clearTimeout(this.timer);
      this.timer = setTimeout(() => (this as Self & { post(): void }).post(), previewDelay);
    },
    componentWillUnmount(this: Self) {
      clearTimeout(this.timer);
      this.controller?.abort();
    },
    async post(this: Self) {
      const collection = byName.get(String(this.props.collection?.get('name') ?? ''));
      if (!collection) return this.setState({ answer: { kind: 'none' } });
      // Measuring the files takes a moment: a newer draw started meanwhile wins.
      const turn = (this.turn = (this.turn ?? 0) + 1);
      const data = toJs(this.props.entry.get('data')) as Record<string, unknown> | undefined;
      // A file that could not be read: its words, not the site's complaints about an empty entry.
      const unreadable = data?.[unreadableKey];
      if (typeof unreadable === 'string') return this.setState({ answer: { kind: 'failed', message: unreadable } });
      const paths = pathsOf(data);
      const files = await measuredFiles(toJs(tidy?.(this.props.entry.get('data')) ?? data), (path, field) =>
        this.props.getAsset(
          paths.get(path) ?? path,
          fieldAt(formFields(this.props.collection, this.props.entry), field),
        ),
      );
      if (turn !== this.turn) return;
      const body = JSON.stringify(previewRequest(collection, this.props.entry, tidy, files));
      if (body === this.sent) return;
      this.sent = body;
      this.controller?.abort();
      const controller = (this.controller = new AbortController());
      try {
        const answer = await fetchPreview(body, controller.signal, await token());
        if (!controller.signal.aborted) this.setState({ answer });
      } catch (error) {
        if (!controller.signal.aborted)
          this.setState({
            answer: { kind: 'failed', message: `The preview could not be drawn: ${(error as Error).message}` },
          });
      }
    },
    render(this: Self) {
      const { answer } = this.state;
      if (answer?.kind !== 'html') return noteOf(h, answer);
      const paths = pathsOf(toJs(this.props.entry.get('data')));
      // Each picture from the folder of the field that names it (see `fieldAt`).
      const fields = formFields(this.props.collection, this.props.entry);
      const named = new Map(filesNamed(toJs(tidy?.(this.props.entry.get('data')))).map((f) => [f.path, f.field]));
      const assetOf = (path: string) =>
        String(this.props.getAsset(paths.get(path) ?? path, fieldAt(fields, named.get(path) ?? '')) ?? '');
      return h('div', {
        // Links of the page stay in the pane: it shows the page, it does not browse the site.
        onClick: (event: { target: { closest?(selector: string): unknown }; preventDefault(): void }) => {
          if (event.target.closest?.('a')) event.preventDefault();
        },
        dangerouslySetInnerHTML: { __html: inertHtml(answer.html, assetOf) },
      });
    },
  });
  for (const collection of collections) {
    CMS.registerPreviewTemplate(collection.name, template);
    for (const file of collection.files ?? []) CMS.registerPreviewTemplate(file.name, template);
  }
}
