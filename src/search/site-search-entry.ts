/**
 * The site's entry to Pagefind (`pagefindEntry` of ./search.ts), bundled by the build into
 * dist/pagefind/ beside Pagefind's own script (./integration.ts). Pagefind fetches its entry file,
 * then its metadata and WebAssembly, one after the other; the build knows their names, so this
 * module asks for all three at once (`<link rel="preload">`, which Pagefind's own requests then
 * use) before it loads Pagefind, configured once for the site.
 */
/** The files to preload, under /pagefind/ (build-time values, esbuild's `define`). */
declare const __PAGEFIND_FILES__: string[];
/** Pagefind's options, with the build's cache tag. */
declare const __PAGEFIND_OPTIONS__: Record<string, unknown>;
/** How many of the first results to fetch ahead while the island loads. */
declare const __WARM_RESULTS__: number;

interface Pagefind {
  options(options: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
  search(...args: unknown[]): Promise<unknown>;
  debouncedSearch(
    query: string,
    options: Record<string, unknown>,
    ms: number,
  ): Promise<{ results: { data(): Promise<unknown> }[] } | null>;
  filters(): Promise<unknown>;
  preload(...args: unknown[]): Promise<void>;
}

for (const file of __PAGEFIND_FILES__) {
  const link = Object.assign(document.createElement('link'), {
    rel: 'preload',
    as: 'fetch',
    crossOrigin: 'anonymous',
    href: `/pagefind/${file}`,
  });
  document.head.append(link);
}
// Pagefind's own script, written beside this module by the build (not bundled: it is Pagefind's).
const pagefind = (await import(/* @vite-ignore */ './pagefind.js' as string)) as Pagefind;
await pagefind.options(__PAGEFIND_OPTIONS__);
await pagefind.init();

// What is typed in a search field is searched at once, results included, while the island that
// shows them may still be loading: its own search then finds everything already here.
const warm = async (field: EventTarget | Element | null) => {
  const query = field instanceof HTMLInputElement && field.type === 'search' ? field.value.trim() : '';
  if (!query) return;
  const found = await pagefind.debouncedSearch(query, {}, 60);
  await Promise.all(found?.results.slice(0, __WARM_RESULTS__).map((result) => result.data()) ?? []);
};
document.addEventListener('input', (event) => void warm(event.target));
void warm(document.activeElement);

export const { search, debouncedSearch, filters, preload } = pagefind;
