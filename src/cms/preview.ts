/**
 * The preview pane of /admin, drawn as the site draws the entry, with the site's own stylesheet
 * (/admin/site.css, src/cms/integration.ts): a catalogue item as its card on the category page
 * (the markup of src/components/catalogue/ProductCard.astro, its heading, codes, badges, text and
 * facts from the same item model, src/lib/catalogue-item.ts), any other entry as the head of its
 * page. Decap redraws it as the editor types. Bundled for the browser by src/cms/integration.ts
 * (esbuild) into /admin/preview.js; public/admin/cms.js loads it. Nothing is fetched from
 * elsewhere: pictures come from Decap's own store of the entry's files.
 */
import { catalogueItem } from '../lib/catalogue-item';
import labelsFile from '../content/site/labels.json';

type Element = unknown;
type H = (type: string, props?: Record<string, unknown> | null, ...children: unknown[]) => Element;

/** Decap's Immutable entry, as far as the preview reads it. */
interface Entry {
  get(key: string): unknown;
  getIn(path: string[]): unknown;
}
interface PreviewProps {
  entry: Entry;
  getAsset: (path: string) => { toString(): string } | undefined;
}
interface CmsApi {
  registerPreviewTemplate(name: string, component: unknown): void;
  registerPreviewStyle(href: string): void;
}
/** The collections of config.yml, as far as the previews need them. */
interface Collection {
  name: string;
  folder?: string;
  fields?: { name: string; widget: string }[];
  /** A catalogue collection's accent colour (src/cms/config.ts). */
  accent?: string;
  files?: { name: string }[];
}

const factLabels = (labelsFile as { facts: Record<string, string> }).facts;

const toJs = (value: unknown): Record<string, unknown> =>
  value && typeof (value as { toJS?: unknown }).toJS === 'function' ? (value as { toJS(): Record<string, unknown> }).toJS() : ((value as Record<string, unknown>) ?? {});

const asset = (props: PreviewProps, path: unknown) => (typeof path === 'string' && path ? String(props.getAsset(path) ?? '') : '');

/** The card of a catalogue item, as ProductCard.astro renders it (the classes are the same). */
export function productCard(h: H, props: PreviewProps, category: string, accent?: string): Element {
  const data = toJs(props.entry.get('data'));
  const slug = String(props.entry.get('slug') ?? 'new-item');
  let item: ReturnType<typeof catalogueItem> | undefined;
  try {
    item = catalogueItem({ id: `${category}/${slug}`, data: data as never });
  } catch {
    // An item still being filled in may lack what the model reads.
  }
  const name = item?.name ?? String(data.name ?? data.title ?? '');
  const picture = asset(props, data.image);
  return h(
    'div',
    { className: `bg-mist p-6${accent ? ` accent-${accent}` : ''}` },
    h(
      'div',
      { className: 'mx-auto grid max-w-md gap-6' },
      h(
        'article',
        { id: slug, className: 'flex flex-col overflow-hidden rounded-card border border-line bg-paper shadow-card' },
        picture ? h('img', { src: picture, alt: String(data.imageAlt ?? ''), className: 'aspect-[3/2] w-full object-cover' }) : null,
        h(
          'div',
          { className: 'flex flex-1 flex-col p-6' },
          h('h3', { className: 'text-lg font-semibold' }, h('a', { href: '#', className: 'underline-offset-4 hover:underline' }, name)),
          item?.subtitle ? h('p', { className: 'mt-0.5 text-sm font-medium text-[var(--accent-text,var(--color-brand-800))]' }, item.subtitle) : null,
          item?.badges.length
            ? h(
                'ul',
                { className: 'mt-3 flex flex-wrap gap-2' },
                ...item.badges.map((badge) =>
                  h('li', { key: badge, className: 'rounded-full bg-[var(--accent-soft,var(--color-brand-100))] px-2.5 py-0.5 text-xs font-semibold text-[var(--accent-text,var(--color-brand-900))]' }, badge),
                ),
              )
            : null,
          item?.intro ? h('p', { className: 'mt-3 text-muted' }, item.intro) : null,
          item?.facts.length
            ? h(
                'dl',
                { className: 'mt-4 space-y-3 text-sm' },
                ...item.facts.map((fact) =>
                  h(
                    'div',
                    { key: fact.key },
                    h('dt', { className: 'font-semibold text-ink' }, factLabels[fact.key] ?? fact.key),
                    h('dd', { className: 'mt-0.5 text-muted' }, Array.isArray(fact.value) ? fact.value.join(' · ') : String(fact.value)),
                  ),
                ),
              )
            : null,
        ),
      ),
    ),
  );
}

/** Any other entry: the head of its page (heading, introduction, picture) in the site's type. */
export function pageHead(h: H, props: PreviewProps): Element {
  const data = toJs(props.entry.get('data'));
  const hero = toJs(data.hero);
  const heading = String(hero.heading ?? data.title ?? data.name ?? '');
  const intro = hero.intro ?? data.intro ?? data.description;
  const picture = asset(props, data.image);
  return h(
    'section',
    { className: 'bg-mist px-6 pt-12 pb-10' },
    h(
      'div',
      { className: 'mx-auto max-w-3xl' },
      hero.eyebrow ? h('p', { className: 'text-sm font-semibold text-brand-800' }, String(hero.eyebrow)) : null,
      h('h1', { className: 'mt-2 text-3xl font-bold tracking-tight sm:text-4xl' }, heading),
      typeof intro === 'string' ? h('p', { className: 'mt-4 text-lg text-muted' }, intro) : null,
      picture ? h('img', { src: picture, alt: String(data.imageAlt ?? ''), className: 'mt-8 aspect-[3/2] w-full rounded-card object-cover shadow-card' }) : null,
    ),
  );
}

/** Registers a preview for every collection (and every file of a files collection) of the configuration. */
export function registerPreviews(CMS: CmsApi, collections: readonly Collection[], stylesheet = '/admin/site.css') {
  const { h, createClass } = window as unknown as { h: H; createClass: (spec: Record<string, unknown>) => unknown };
  CMS.registerPreviewStyle(stylesheet);
  for (const collection of collections) {
    // A catalogue collection: its items' kind is fixed (a hidden field); its folder is the category.
    const catalogue = collection.folder && collection.fields?.some((f) => f.name === 'kind' && f.widget === 'hidden');
    const category = catalogue ? collection.folder!.split('/').pop() : undefined;
    const render = category
      ? function (this: { props: PreviewProps }) {
          return productCard(h, this.props, category!, collection.accent);
        }
      : function (this: { props: PreviewProps }) {
          return pageHead(h, this.props);
        };
    const template = createClass({ render });
    CMS.registerPreviewTemplate(collection.name, template);
    for (const file of collection.files ?? []) CMS.registerPreviewTemplate(file.name, template);
  }
}
