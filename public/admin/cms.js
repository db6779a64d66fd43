/**
 * Starts the content editor (Decap CMS) at /admin, with two adjustments to the site's content:
 *
 * - topics.json and certifications.json hold a list at their top level, which Decap cannot edit
 *   directly: the "json-list" format shows that list as one field named `items`;
 * - before each save, empty optional fields are dropped (a cleared field would otherwise be saved
 *   as "" or [], which the content schemas reject), and picture paths get the "./" the rest of
 *   the content uses: Decap writes "images/name.webp", the site writes "./images/name.webp".
 *
 * The editor's own code is node_modules' prebuilt Decap bundle, copied next to this file by the
 * site's build (src/cms/integration.ts); nothing is fetched from elsewhere.
 */

/** Names of the fields that hold a picture or document path (the image and file widgets of config.yml, which src/cms/config.ts generates). */
export const pictureFields = ['image', 'logo', 'file'];

/** The field a top-level JSON list is edited as. */
export const listField = 'items';

/** Format for JSON files whose top level is a list. */
export const jsonList = {
  fromFile: (text) => ({ [listField]: JSON.parse(text) }),
  toFile: (data) => `${JSON.stringify(data[listField] ?? [], null, 2)}\n`,
};

const isEmpty = (value) =>
  value === '' ||
  value === null ||
  value === undefined ||
  (typeof value?.size === 'number' && value.size === 0) ||
  (Array.isArray(value) && value.length === 0) ||
  (value?.constructor === Object && Object.keys(value).length === 0);

/** "images/a.webp" -> "./images/a.webp"; absolute, already relative and remote paths stay. */
const relative = (path) => (/^(\.{1,2}\/|\/|[a-z][a-z0-9+.-]*:)/i.test(path) ? path : `./${path}`);

/**
 * The entry's data as the site's content files write it: no empty values, relative picture
 * paths. Works on Decap's Immutable maps and lists and on plain objects and arrays alike.
 */
export function tidy(value, key) {
  if (typeof value === 'string') return pictureFields.includes(key) && value !== '' ? relative(value) : value;
  if (Array.isArray(value)) return value.map((v, i) => tidy(v, i)).filter((v) => !isEmpty(v));
  if (value && typeof value.toJS === 'function') return value.map((v, k) => tidy(v, k)).filter((v) => !isEmpty(v));
  if (value?.constructor === Object) {
    return Object.fromEntries(
      Object.entries(value)
        .map(([k, v]) => [k, tidy(v, k)])
        .filter(([, v]) => !isEmpty(v)),
    );
  }
  return value;
}

function loadScript(src) {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.onload = resolve;
    script.onerror = () => reject(new Error(`could not load ${src}`));
    document.head.append(script);
  });
}

async function start() {
  // Git Gateway logs in through Netlify Identity. On this machine the editor works on the files
  // through decap-server (config.yml: local_backend) and needs no login.
  const local = ['localhost', '127.0.0.1', '[::1]'].includes(location.hostname);
  if (!local) await loadScript('/admin/netlify-identity-widget.js');
  window.CMS_MANUAL_INIT = true;
  await loadScript('/admin/decap-cms.js');
  const { CMS } = window;
  CMS.registerCustomFormat('json-list', 'json', jsonList);
  CMS.registerEventListener({ name: 'preSave', handler: ({ entry }) => tidy(entry.get('data')) });
  // Locally, the site's dev server forwards /admin/api/v1 to decap-server (src/cms/integration.ts).
  CMS.init(local ? { config: { local_backend: { url: `${location.origin}/admin/api/v1` } } } : {});
}

if (typeof document !== 'undefined') start();
