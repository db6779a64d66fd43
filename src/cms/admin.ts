/**
 * Starts the content editor (Decap CMS) at /admin, with these adjustments to the site's content:
 *
 * - saving a file changes only the lines whose values changed, in the file's own layout
 *   (./layout.js): Decap alone rewrites whole files, folding YAML at 80 characters;
 * - topics.json and certifications.json hold a list at their top level, which Decap cannot edit
 *   directly: the "json-list" format shows that list as one field named `items`;
 * - before each save, empty optional fields are dropped (a cleared field would otherwise be saved
 *   as "" or [], which the content schemas reject), and picture paths get the "./" the rest of
 *   the content uses: Decap writes "images/name.webp", the site writes "./images/name.webp";
 * - a picture or PDF chosen in the form is measured and refused, before the entry can be saved,
 *   with the build's own words when the build would refuse it (too narrow, too large, not a PDF
 *   inside: src/cms/file-checks.ts, loaded with the preview);
 * - a photo chosen in the media library (JPEG, PNG, WebP, up to 20 MB) is made web-sized in the
 *   browser before Decap takes it: at most 2,400 px on its long side, about 500 KB, WebP, with
 *   no EXIF, GPS or other metadata (src/cms/photo.ts);
 * - before anything is saved or deleted, the whole content check runs on the content with the
 *   change (/admin/check), and a save over a version of the entry published meanwhile is refused
 *   (src/cms/save-guard.ts);
 * - an uploaded file's name starts with the entry's slug, so an upload never replaces a file of
 *   another entry of the same folder.
 *
 * Bundled with ./formats.ts by the site's build into /admin/cms.js (./integration.ts), which
 * /admin's page loads. The editor's own code is node_modules' prebuilt Decap bundle, copied next to
 * it by the build, and so is the YAML library the formats of ./formats.ts use; nothing is fetched
 * from elsewhere. Those, and the preview's bundle, are loaded by their addresses at run time.
 */
import type * as Yaml from 'yaml';
import type * as Preview from './preview';
import { frontmatterFormat, jsonFormat, jsonListFormat, sourceKey, unreadableKey } from './formats';

/** Decap's Immutable maps (an entry, a collection, a field), as far as this file reads them. */
export interface DecapMap {
  get(key: string): unknown;
  getIn(path: string[]): unknown;
}
/** Decap's Immutable lists (of fields, of files). */
interface DecapList {
  size: number;
  find(test: (item: DecapMap) => boolean): DecapMap | undefined;
}
/** An Immutable map or list being tidied: `map` and `filter` keep its kind. */
interface DecapCollectionValue {
  toJS(): unknown;
  map(each: (value: unknown, key: string | number) => unknown): DecapCollectionValue;
  filter(test: (value: unknown) => boolean): DecapCollectionValue;
}
/** React's element maker as Decap hands it to the page (`window.h`). */
type H = (type: unknown, props?: Record<string, unknown> | null, ...children: unknown[]) => unknown;
/** A widget as Decap's registry keeps it. */
interface Widget {
  control: unknown;
  preview: unknown;
  schema: unknown;
}
/** Decap's API (`window.CMS`), as far as this file uses it. */
interface DecapCms {
  getWidget(name: string): Widget | undefined;
  registerWidget(name: string, control: unknown, preview: unknown, schema: unknown): void;
  registerCustomFormat(name: string, extension: string, format: object): void;
  registerEventListener(listener: { name: string; handler: (event: { entry: DecapMap }) => unknown }): void;
  init(options: object): void;
}
/** What Decap's bundle puts on the page, and what it reads there. */
interface DecapGlobals {
  CMS?: DecapCms & Parameters<typeof Preview.guardBackends>[0] & Parameters<typeof Preview.registerPreviews>[0];
  CMS_MANUAL_INIT?: boolean;
  createClass?: (spec: object) => unknown;
  h?: H;
  netlifyIdentity?: Identity;
}
/** Netlify's Identity widget, as far as the token is read from it. */
interface Identity {
  currentUser?: () => { jwt: () => Promise<string> } | null;
}
/** The build's file checks (./file-checks.ts, in the preview's bundle) that the form's fields make. */
type FileChecks = Pick<typeof Preview, 'measureAsset' | 'uploadProblems'>;
/** The photo handling (./photo.ts, in the preview's bundle) that uploads pass through. */
type Photos = Pick<typeof Preview, 'isPhoto' | 'photoProblem' | 'webSized'>;

/** Names of the fields that hold a picture or document path (the image and file widgets of config.yml, which src/cms/config.ts generates). */
export const pictureFields = ['image', 'logo', 'file'];

/** The field a top-level JSON list is edited as. */
export const listField = 'items';

/** Format for JSON files whose top level is a list, keeping the file's layout (./formats.ts). */
export const jsonList = jsonListFormat(listField);

/** The formats config.yml names (src/cms/config.ts): each saves only the lines that changed. */
export const formats = { markdown: 'frontmatter-kept', json: 'json-kept', jsonList: 'json-list' };

const isEmpty = (value: unknown) =>
  value === '' ||
  value === null ||
  value === undefined ||
  (typeof value === 'object' && 'size' in value && value.size === 0) ||
  (Array.isArray(value) && value.length === 0) ||
  (value?.constructor === Object && Object.keys(value).length === 0);

/** "images/a.webp" -> "./images/a.webp"; absolute, already relative and remote paths stay. */
const relative = (path: string) => (/^(\.{1,2}\/|\/|[a-z][a-z0-9+.-]*:)/i.test(path) ? path : `./${path}`);

/**
 * The entry's data as the site's content files write it: no empty values, relative picture
 * paths. Works on Decap's Immutable maps and lists and on plain objects and arrays alike.
 */
export function tidy(value: unknown, key?: string | number): unknown {
  if (typeof value === 'string') return pictureFields.includes(String(key)) && value !== '' ? relative(value) : value;
  if (Array.isArray(value)) return value.map((v, i) => tidy(v, i)).filter((v) => !isEmpty(v));
  if (isImmutable(value)) return value.map((v, k) => tidy(v, k)).filter((v) => !isEmpty(v));
  if (value?.constructor === Object) {
    return Object.fromEntries(
      Object.entries(value)
        .map(([k, v]) => [k, tidy(v, k)])
        .filter(([, v]) => !isEmpty(v)),
    );
  }
  return value;
}

/** Whether `value` is one of Decap's Immutable maps or lists. */
const isImmutable = (value: unknown): value is DecapCollectionValue =>
  typeof value === 'object' && value !== null && typeof (value as Partial<DecapCollectionValue>).toJS === 'function';

/** "./images/amber-oud.webp" -> "amber-oud.webp". */
export const fileName = (path: unknown) => (typeof path === 'string' ? path.slice(path.lastIndexOf('/') + 1) : '');

/** "58 / 65 characters", "12 characters, at least 70" as a text field shows its length against its bounds. */
export function characterCount(text: unknown, { min, max }: { min?: number; max?: number } = {}) {
  const length = typeof text === 'string' ? text.trim().length : 0;
  const over = max !== undefined && length > max;
  const under = min !== undefined && length < min;
  const words = max !== undefined ? `${length} / ${max} characters` : `${length} characters`;
  const bound =
    min !== undefined && max !== undefined ? ` (${min}-${max})` : min !== undefined ? `, at least ${min}` : '';
  const advice = over ? `: ${length - max!} too many` : under ? `: ${min! - length} too few` : '';
  return { text: `${words}${bound}${advice}`, ok: !over && !under };
}

/** "Jasmine Night" -> "jasmine-night": a name as the site's file names write it. */
export const slugify = (text: unknown) =>
  String(text ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/**
 * The slug an entry's uploads are named with: its file's name, or for a new entry the one its
 * collection's `slug` template will give it (the identifier field or the field it names). None
 * for an entry that shares its folder of pictures with no other (a collection of one file).
 * Works on Decap's Immutable entry and collection.
 */
export function entrySlug(entry: DecapMap | undefined, collection: DecapMap | undefined): string {
  if (!collection) return '';
  const files = collection.get('files') as DecapList | undefined;
  if (!collection.get('folder') && !(files && files.size > 1)) return '';
  const saved = entry?.get('slug');
  if (typeof saved === 'string' && saved && !entry!.get('newRecord')) return slugify(saved);
  const template = String(collection.get('slug') ?? '{{slug}}');
  const named = /^\{\{fields\.([\w-]+)\}\}$/.exec(template)?.[1];
  const field = named ?? String(collection.get('identifier_field') ?? 'title');
  return slugify(entry?.getIn(['data', field]));
}

/**
 * The name an upload is saved under: the entry's slug first ("jasmine-night-photo.webp"), unless
 * it already starts so ("jasmine-night.webp"). Pictures of a folder's entries share one folder, so
 * two entries never upload the same name, and Decap's "replace it?" is only ever asked about the
 * entry's own file.
 */
export function uploadName(name: string, slug: string): string {
  if (!slug) return name;
  const lower = name.toLowerCase();
  return lower.startsWith(`${slug}-`) || lower.startsWith(`${slug}.`) ? name : `${slug}-${name}`;
}

/** The entry whose form is open, as its picture and file fields last saw it (one form is open at a time). */
let openEntry: { entry: DecapMap; collection: DecapMap } | undefined;

/** The change events this file dispatched itself, with the files made ready: Decap takes those. */
const readied = new WeakSet<Event>();

/**
 * Makes the files chosen in the media library's upload button ready before Decap reads them (a
 * listener of the capture phase runs before Decap's own): each photo made web-sized, without its
 * metadata (`photos.webSized`, src/cms/photo.ts: a 20 MB phone photo becomes a WebP of about
 * 500 KB), or refused with words that say what to do; then every file named by its entry. A photo
 * takes a moment to draw, so Decap's event is stopped and a new one, with the ready files, sent
 * in its place.
 */
export function readyUploads(photos: Photos, say = (words: string) => window.alert(words)) {
  return (event: Event) => {
    const input = event.target;
    if (readied.has(event) || !(input instanceof HTMLInputElement) || input.type !== 'file' || !input.files?.length)
      return;
    const slug = openEntry ? entrySlug(openEntry.entry, openEntry.collection) : '';
    const files = [...input.files];
    const hand = (ready: File[], again: boolean) => {
      const names = ready.map((file) => uploadName(file.name, slug));
      if (!again && names.every((name, i) => name === ready[i]!.name)) return;
      const renamed = new DataTransfer();
      ready.forEach((file, i) =>
        renamed.items.add(new File([file], names[i]!, { type: file.type, lastModified: file.lastModified })),
      );
      input.files = renamed.files;
      if (!again) return;
      const change = new Event('change', { bubbles: true });
      readied.add(change);
      input.dispatchEvent(change);
    };
    if (!files.some(photos.isPhoto)) return hand(files, false);
    event.stopImmediatePropagation();
    input.setAttribute('aria-busy', 'true');
    (async () => {
      const ready: File[] = [];
      for (const file of files) {
        if (!photos.isPhoto(file)) {
          ready.push(file);
          continue;
        }
        const problem = photos.photoProblem(file);
        if (problem) {
          say(problem);
          continue;
        }
        try {
          ready.push(await photos.webSized(file));
        } catch (error) {
          say(error instanceof Error ? error.message : String(error));
        }
      }
      input.removeAttribute('aria-busy');
      if (ready.length) hand(ready, true);
      else input.value = '';
    })();
  };
}

/** The props Decap gives a widget's control, as far as the wrapper reads them. */
interface WidgetProps {
  value: unknown;
  field: DecapMap;
  entry: DecapMap;
  collection: DecapMap;
  getAsset: (
    path: string,
    field?: unknown,
  ) => (Parameters<FileChecks['measureAsset']>[0] & { path?: string }) | undefined;
  validate?: () => void;
}
/** What a wrapped control answers when asked whether its value may be saved. */
type Validity = boolean | { error?: unknown } | Promise<unknown>;
/** Decap's own control inside the wrapper, as far as the wrapper asks it. */
interface Control {
  shouldComponentUpdate?(nextProps: WidgetProps): boolean;
  isValid?(): Validity;
  getValidateValue?(): unknown;
  focus?(path: string): void;
}
interface WrappedState {
  attempt: number;
  checked?: { value: unknown; problems: string[] };
}
/** The wrapper, as its methods see it (`this`): React's class component made by `createClass`. */
interface WrappedWidget {
  props: WidgetProps;
  state: WrappedState;
  setState(state: Partial<WrappedState>, then?: () => void): void;
  inner?: Control | null;
  timer?: ReturnType<typeof setTimeout>;
  gone?: boolean;
  measuring?: unknown;
  pending?: Promise<string[]>;
  assetFor?: number;
  getAsset?: WidgetProps['getAsset'];
  checkFile(): void;
  setInner(ref: Control | null): void;
  retryingGetAsset(): WidgetProps['getAsset'];
}

/**
 * A widget whose control is Decap's own, wrapped: `render(inner, props)` draws around it. The
 * wrapper hands Decap's checks (validation, focus) to the wrapped control, and with
 * `options.checkFile` ({ measureAsset, uploadProblems } of src/cms/file-checks.ts) adds the
 * build's file checks to them.
 */
function wrapWidget(
  CMS: DecapCms,
  name: string,
  render: (inner: unknown, props: WidgetProps, h: H) => unknown,
  options: { checkFile?: FileChecks; retryAssets?: boolean } = {},
) {
  const { createClass, h } = window as Window & DecapGlobals;
  const original = CMS.getWidget(name);
  if (!original || !createClass || !h) return;
  const spec: ThisType<WrappedWidget> & Record<string, unknown> = {
    getInitialState: () => ({ attempt: 0, checked: undefined }),
    componentDidMount() {
      this.checkFile();
    },
    componentDidUpdate() {
      this.checkFile();
    },
    componentWillUnmount() {
      clearTimeout(this.timer);
      this.gone = true;
      // Leaving the form: uploads on the Media page belong to no entry.
      if (openEntry?.entry === this.props.entry) openEntry = undefined;
    },
    /**
     * Measures the chosen file once per value, as soon as Decap has a copy of it (an upload at
     * once; a saved file when loaded), and asks Decap to validate the field again: a problem shows
     * under the field at once, and keeps the entry from being saved.
     */
    checkFile() {
      const check = options.checkFile;
      const { value, field } = this.props;
      if (!check || this.measuring === value) return;
      if (typeof value !== 'string' || !value) {
        this.measuring = value;
        this.pending = undefined;
        return;
      }
      const path = relative(value);
      const facts = check.measureAsset(this.props.getAsset(value, field), path);
      if (!facts) return;
      this.measuring = value;
      const pending = (this.pending = facts.then(
        (measured) => check.uploadProblems(path, measured),
        () => [],
      ));
      pending.then((problems: string[]) => {
        if (this.gone || this.pending !== pending) return;
        this.pending = undefined;
        this.setState({ checked: { value, problems } }, () => this.props.validate?.());
      });
    },
    setInner(ref: Control | null) {
      this.inner = ref;
    },
    /**
     * Decap asks the control whether to redraw (the file control answers yes when a file was
     * chosen in the media library, and takes it then): the wrapped control answers.
     */
    shouldComponentUpdate(nextProps: WidgetProps, nextState: WrappedState) {
      if (nextState !== this.state) return true;
      const ask = this.inner?.shouldComponentUpdate;
      return ask ? ask.call(this.inner, nextProps) : true;
    },
    isValid() {
      const inner = this.inner?.isValid ? this.inner.isValid() : true;
      if (inner === false || inner instanceof Promise || (typeof inner === 'object' && inner.error)) return inner;
      // Saved a moment after choosing: Decap waits for the measuring ("processing"), then validates again.
      if (this.pending)
        return this.pending.then((problems) => (problems.length ? Promise.reject(problems.join('; ')) : true));
      const { checked } = this.state;
      if (checked && checked.value === this.props.value && checked.problems.length)
        return { error: { type: 'CUSTOM', message: checked.problems.join('; ') } };
      return inner;
    },
    getValidateValue() {
      return this.inner?.getValidateValue?.();
    },
    focus(path: string) {
      this.inner?.focus?.(path);
    },
    /**
     * Decap's picture thumbnail asks for its picture once; a saved picture is not loaded yet then
     * and it keeps showing an empty box. This asks again, with a new function (which the
     * thumbnail watches), until the picture is there.
     */
    retryingGetAsset() {
      if (this.assetFor === this.state.attempt && this.getAsset) return this.getAsset;
      this.assetFor = this.state.attempt;
      this.getAsset = (path: string, field: unknown) => {
        const asset = this.props.getAsset(path, field);
        if (asset?.path === 'empty.svg' && this.state.attempt < 100) {
          clearTimeout(this.timer);
          this.timer = setTimeout(() => this.setState({ attempt: this.state.attempt + 1 }), 150);
        }
        return asset;
      };
      return this.getAsset;
    },
    render() {
      if (options.checkFile) openEntry = { entry: this.props.entry, collection: this.props.collection };
      const props = { ...this.props, ref: this.setInner };
      if (options.retryAssets) props.getAsset = this.retryingGetAsset();
      return render(h(original.control, props), this.props, h);
    },
  };
  CMS.registerWidget(name, createClass(spec), original.preview, original.schema);
}

/**
 * Why the entry's file cannot be read (./formats.ts), for the first text field of its
 * form to say above it: the form of such a file is empty, and says so where the editor looks.
 */
export function unreadableWords({
  entry,
  collection,
  field,
}: Partial<Pick<WidgetProps, 'entry' | 'collection' | 'field'>>) {
  const words = entry?.getIn?.(['data', unreadableKey]);
  if (!words) return undefined;
  const files = collection?.get('files') as DecapList | undefined;
  const fields = (
    files ? files.find((f) => f.get('name') === entry!.get('slug'))?.get('fields') : collection?.get('fields')
  ) as DecapList | undefined;
  // The widgets that carry the note: the first text field of the form.
  const first = fields?.find((f) => ['string', 'text'].includes(String(f.get('widget'))));
  return first && first.get('name') === field?.get('name') ? words : undefined;
}

/**
 * The form's additions to Decap's widgets: character counts, pictures and files shown by name and
 * checked as the build checks them (`checkFile`: { measureAsset, uploadProblems }).
 */
export function improveWidgets(CMS: DecapCms, checkFile: FileChecks) {
  const counted = (inner: unknown, props: WidgetProps, h: H) => {
    const { field, value } = props;
    const words = unreadableWords(props);
    const note = words ? h('p', { className: 'cms-unreadable', role: 'alert' }, words) : null;
    const bounds = (field.get('characters') as { toJS?(): { min?: number; max?: number } } | undefined)?.toJS?.();
    if (!bounds) return note ? h('div', null, note, inner) : inner;
    const { text, ok } = characterCount(value, bounds);
    return h(
      'div',
      null,
      note,
      inner,
      h('p', { className: `cms-characters${ok ? '' : ' cms-characters-over'}`, 'aria-live': 'polite' }, text),
    );
  };
  wrapWidget(CMS, 'string', counted);
  wrapWidget(CMS, 'text', counted);
  const named = (inner: unknown, { value }: WidgetProps, h: H) =>
    h(
      'div',
      null,
      inner,
      typeof value === 'string' && value ? h('p', { className: 'cms-file-name' }, fileName(value)) : null,
    );
  wrapWidget(CMS, 'image', named, { retryAssets: true, checkFile });
  wrapWidget(CMS, 'file', named, { checkFile });
}

/** The few styles of the additions above (Decap styles its own widgets). */
const widgetStyles = `
.cms-characters, .cms-file-name { margin: 6px 0 0; font: 13px/1.4 system-ui, sans-serif; color: #4b5563; }
.cms-characters-over { color: #b91c1c; font-weight: 600; }
.cms-unreadable { margin: 0 0 12px; padding: 12px 16px; border-radius: 6px; background: #fef2f2; color: #991b1b; font: 600 14px/1.5 system-ui, sans-serif; }
`;

function loadScript(src: string) {
  return new Promise<unknown>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.onload = resolve;
    script.onerror = () => reject(new Error(`could not load ${src}`));
    document.head.append(script);
  });
}

/**
 * Whether the editor logs in through Netlify Identity: the Git Gateway backend
 * (CMS_BACKEND=git-gateway, src/cms/backend.ts). With GitHub's, the default, Decap opens
 * Netlify's OAuth window itself, and the Identity widget is not loaded.
 */
export const usesIdentity = (config: { backend?: { name?: string } } | undefined) =>
  config?.backend?.name === 'git-gateway';

/**
 * The logged-in editor's token, which the preview sends to the site's renderer (src/cms/preview.ts):
 * Netlify Identity's (refreshed when it has expired) with Git Gateway, the GitHub token Decap keeps
 * with GitHub's backend; none with the local backend, which has no login.
 */
export async function editorToken(
  identity: Identity | undefined = (globalThis as typeof globalThis & DecapGlobals).netlifyIdentity,
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
): Promise<string | undefined> {
  const user = identity?.currentUser?.();
  if (user) return user.jwt();
  try {
    const token = JSON.parse(storage?.getItem('decap-cms-user') ?? 'null')?.token;
    return typeof token === 'string' && token !== '' ? token : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The preview's bundle and the YAML library's browser build, which the build puts beside this
 * bundle (./integration.ts): loaded by their addresses, never bundled in here.
 */
const previewAddress = '/admin/preview.js';
const yamlAddress = '/admin/yaml/index.js';
const load = (address: string) => import(/* @vite-ignore */ address);

async function start() {
  // The configuration first: it says which backend logs in. On this machine the editor works on
  // the files through decap-server (config.yml: local_backend) and needs no login.
  const local = ['localhost', '127.0.0.1', '[::1]'].includes(location.hostname);
  const previews: Promise<typeof Preview> = load(previewAddress);
  const [YAML, text] = await Promise.all([
    load(yamlAddress) as Promise<typeof Yaml>,
    fetch('/admin/config.yml').then((response) => response.text()),
  ]);
  const config = YAML.parse(text) as { backend?: { name?: string }; collections: Preview.Collection[] };
  if (!local && usesIdentity(config)) await loadScript('/admin/netlify-identity-widget.js');
  const page = window as Window & DecapGlobals;
  page.CMS_MANUAL_INIT = true;
  await loadScript('/admin/decap-cms.js');
  const CMS = page.CMS!;
  CMS.registerCustomFormat(formats.markdown, 'md', frontmatterFormat(YAML));
  CMS.registerCustomFormat(formats.json, 'json', jsonFormat);
  CMS.registerCustomFormat(formats.jsonList, 'json', jsonList);
  // The preview pane draws each entry as the site does, with the site's stylesheet (src/cms/preview.ts);
  // its bundle also holds the build's file checks, which the form's fields make.
  const { registerPreviews, measureAsset, uploadProblems, isPhoto, photoProblem, webSized, guardBackends } =
    await previews;
  // Every save and delete passes the whole content check first, and no save writes over a newer
  // version of its entry (src/cms/save-guard.ts).
  guardBackends(CMS, editorToken);
  improveWidgets(CMS, { measureAsset, uploadProblems });
  document.addEventListener('change', readyUploads({ isPhoto, photoProblem, webSized }), true);
  // The preview posts the data as it would be saved: tidied, without the file's text that the
  // formats of ./layout.js keep beside it.
  const saved = (data: unknown) => (tidy(data) as { delete?(key: string): unknown } | undefined)?.delete?.(sourceKey);
  registerPreviews(CMS, config.collections, { tidy: saved, token: editorToken });
  const style = document.createElement('style');
  style.textContent = widgetStyles;
  document.head.append(style);
  CMS.registerEventListener({ name: 'preSave', handler: ({ entry }) => tidy(entry.get('data')) });
  // Locally, the site's dev server forwards /admin/api/v1 to decap-server (src/cms/integration.ts).
  CMS.init(local ? { config: { local_backend: { url: `${location.origin}/admin/api/v1` } } } : {});
}

if (typeof document !== 'undefined') start();
