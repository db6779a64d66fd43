/**
 * What the content schemas cannot say about the editor at /admin, and nothing else: where the
 * editor saves, the words of its menu, a few field labels and widget choices, and where a field
 * goes when the schema's order is not the form's. Which folder or file each collection edits,
 * and its schema, come from src/model/content-collections.ts; a collection named there and not
 * here is labelled with its name.
 * Field names, required flags, allowed values, nesting and hints come from the schemas
 * (src/cms/config.ts derives them), so a new schema field needs no edit here.
 */
import { formerSlugsLabel } from '../content-check/slug-rule';
import { listField } from './admin';

/** Options a field gets wherever a field of that name appears, merged over what its type gives. */
export interface FieldChoice {
  label?: string;
  /**
   * A Decap widget for a text field other than `string` (`text`, `relation`...); for a list of
   * texts, the entries' widget. Fields of other types keep the widget their type gives.
   */
  widget?: string;
  [option: string]: unknown;
}

/** The Markdown text after a file's frontmatter, which the schemas do not describe. */
export interface BodyField {
  label: string;
  hint: string;
  required?: boolean;
}

/** Decap's own keys of one collection (label, folder, slug...), and where its fields go. */
export interface CollectionOverlay {
  label: string;
  label_singular?: string;
  description?: string;
  /** Fields that come first, in this order; the rest follow in the schema's order. */
  fieldOrder?: string[];
  body?: BodyField;
  [option: string]: unknown;
}

export const overlay = {
  /**
   * Production: the editor logs in and saves through the backend the build's environment
   * chooses (src/cms/backend.ts: GitHub through Netlify's OAuth provider by default, or Netlify
   * Identity and Git Gateway); with the editorial workflow each saved change is a draft (a branch and a pull
   * request, which Netlify builds as a deploy preview) until it is published (merged into `main`).
   * On localhost (`npm run cms`) the editor saves the working copy's files through decap-server
   * instead (src/cms/admin.ts points `local_backend` at it); that server has no drafts, so
   * there Decap publishes at once.
   */
  site: {
    local_backend: true,
    publish_mode: 'editorial_workflow',
    // Pictures sit in an images/ folder next to the file that uses them (each collection says so);
    // the editor's Media page lists this folder, which the content never uses.
    media_folder: 'src/content/images',
    public_folder: './images',
    slug: { encoding: 'ascii', clean_accents: true, sanitize_replacement: '-' },
  },

  /** By field name, wherever the field is. */
  fields: {
    image: { label: 'Picture' },
    imageAlt: { label: 'Picture description (alt text)' },
    alt: { label: 'Picture description (alt text)' },
    logo: { label: 'Badge (SVG)' },
    slug: { label: 'Slug (web address)' },
    formerSlugs: { label: formerSlugsLabel },
    colour: { label: 'Accent colour' },
    hero: { label: 'Page head' },
    intro: { label: 'Introduction', widget: 'text' },
    description: { widget: 'text' },
    shortDescription: { widget: 'text' },
    searchDescription: { label: 'Search result description', widget: 'text' },
    text: { widget: 'text' },
    information: { label: 'Technical information', widget: 'text' },
    specialNote: { widget: 'text' },
    paragraphs: { widget: 'text' },
    itemsIntro: { label: 'Paragraph under the items heading', widget: 'text' },
    showOnHome: { label: 'Card on the home page' },
    itemsHeading: { label: 'Heading above the items' },
    itemGroups: { label: 'Groups of items' },
    supportHeading: { label: 'Closing heading' },
    supportActions: { label: 'Closing buttons' },
    action: { label: 'Button' },
    actions: { label: 'Buttons' },
    context: { label: 'Screen-reader context' },
    href: { label: 'Link' },
    // A button's topic is chosen from the topics file rather than typed.
    topic: {
      label: 'Contact topic',
      widget: 'relation',
      collection: 'topics',
      file: 'topics',
      value_field: `${listField}.*.id`,
      search_fields: [`${listField}.*.label`],
      display_fields: [`${listField}.*.label`],
    },
    documents: { label: 'Documents (PDF)' },
    file: { label: 'PDF file' },
    language: { label: 'Language code' },
    status: { label: 'Level or status' },
    verifyUrl: { label: 'Link to verify it' },
    // The technologies an item draws on are chosen from the technologies rather than typed (a
    // field of another type by this name, such as the home page's section, keeps its own widget).
    technologies: {
      widget: 'relation',
      collection: 'technologies',
      value_field: 'slug',
      search_fields: ['title'],
      display_fields: ['title'],
    },
    intervalMs: { label: 'Milliseconds per statistic' },
    display: { label: 'Number as people read it' },
    tel: { label: 'Number for dialling' },
    foundedYear: { label: 'Year founded' },
    footerYear: { label: 'Year in the footer' },
  } satisfies Record<string, FieldChoice>,

  /** Labels of the section types of a page (the `type` of each entry of `sections`). */
  types: { metrics: 'Figures', cta: 'Call to action' } as Record<string, string>,

  collections: {
    technologies: {
      label: 'Technologies',
      label_singular: 'Technology',
      description:
        'Each technology has its own page at /<slug>, a card on Home and /technologies, and menu and footer entries.',
      create: true,
      slug: '{{fields.slug}}',
      preview_path: '{{fields.slug}}',
      body: { label: 'Long description', hint: 'Shown on the page under its head.' },
    },
    categories: {
      label: 'Product categories',
      label_singular: 'Product category',
      description:
        'Each category has its own page at /products/<slug>, a card on /products and /portfolio, and menu and footer entries. Its items are in the catalogue collections below, one per category folder.',
      create: true,
      slug: '{{fields.slug}}',
      preview_path: 'products/{{fields.slug}}',
      fieldOrder: ['title', 'slug', 'order', 'showOnHome'],
      body: { label: 'Long description', hint: 'Shown on the page under its head.' },
    },
    /**
     * One collection per category folder of src/content/products, and one per kind of item when a
     * folder holds several; its label is "Catalogue: " and the category's title (and the group's
     * heading), its kind fixed.
     */
    products: {
      label: 'Catalogue',
      create: true,
      // A new item's file is named by its slug field, its address (docs/decisions/0057), as a
      // technology's and a category's are.
      slug: '{{fields.slug}}',
      body: { label: 'Longer text', hint: 'Optional; shown under the facts of the card.' },
    },
    /** One file of this folder per page, each edited with the schema of its `page`. */
    pages: {
      label: 'Pages',
      label_singular: 'Page',
      description:
        'The words of Home, About, Careers, Contact, Search, the overview pages, the page shown for an unknown address and the offline page.',
      /** Pages listed first, in this order; others follow by file name. */
      fileOrder: ['home', 'about', 'careers', 'contact'],
      /** Each page is served at /<page>, the home page at /, the not-found page at /404. */
      previewPath: (page: string) => (({ home: '', 'not-found': '404' }) as Record<string, string>)[page] ?? page,
    },
    legal: {
      label: 'Legal pages',
      label_singular: 'Legal page',
      description:
        'Privacy policy and terms of service. One "## Heading" per section; the date after "Last updated" is added by the page, its words are in "Menus and page frame".',
      create: false,
      delete: false,
      preview_path: '{{slug}}',
      body: { label: 'Text', hint: 'One "## Heading" per section.', required: true },
    },
    identity: {
      label: 'Company identity',
      description: 'Name, e-mails, phones and offices: every page reads them from here.',
    },
    labels: {
      label: 'Menus and page frame',
      description:
        'The words of the top bar, its menus, the navigation bars, the footer, the skip link and "Last updated" of the legal pages.',
    },
    contactForm: {
      label: 'Contact form',
      description:
        'Every word of the contact form: labels, button, messages after sending, and the page shown when a field needs correcting.',
    },
    synonyms: {
      label: 'Search synonyms',
      description:
        'Words buyers type in a search and what the catalogue says instead, e.g. "fire retardant" finds "flame retardant".',
    },
    topics: {
      label: 'Contact topics',
      description: 'What buttons such as "Request Technical Data" ask about.',
    },
    certifications: {
      label: 'Certifications',
      description: "Badges are SVG drawings made for the site, never a certifier's trademark.",
      media_folder: 'logos',
    },
  } satisfies Record<string, CollectionOverlay>,
};

/** The overlay's shape: its field choices may name any field. */
export type Overlay = Omit<typeof overlay, 'fields'> & { fields: Record<string, FieldChoice> };
