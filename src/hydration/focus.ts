import type { ClientDirective } from 'astro';
import { isLiteMode } from '../offline/lite-mode';

/**
 * `client:focus`: for an island whose server-rendered HTML is a working form (the search field).
 * The island's code is fetched and hydrated when the visitor reaches for it: a pointer down or a
 * tap on it, or keyboard focus inside it. Until then the form works as plain HTML, and what is
 * typed meanwhile stays in the field for the island to take over. A visitor who never touches
 * the field downloads no JavaScript for it.
 *
 * `client:focus={['/a.js', '/b.js']}` also starts importing those modules at the same moment, in
 * parallel with the island's own code (for an island that needs a module the bundler does not
 * see).
 *
 * In lite mode (src/offline/lite-mode.ts) it never hydrates: typing loads nothing, and Enter sends the
 * plain form to /search, which answers without JavaScript.
 */
const focusDirective: ClientDirective = (load, options, el) => {
  if (isLiteMode()) return;
  const alongside = Array.isArray(options.value)
    ? options.value.filter((url): url is string => typeof url === 'string' && url.startsWith('/'))
    : [];
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    el.removeEventListener('pointerdown', start);
    el.removeEventListener('focusin', start);
    for (const url of alongside) void import(/* @vite-ignore */ url).catch(() => {});
    void load().then((hydrate) => hydrate());
  };
  el.addEventListener('pointerdown', start, { passive: true });
  el.addEventListener('focusin', start);
  if (el.contains(document.activeElement)) start();
};

export default focusDirective;
