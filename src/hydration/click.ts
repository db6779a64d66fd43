import type { ClientDirective } from 'astro';

/**
 * `client:click`: hydrates an island on its first click on a button, then replays that click.
 *
 * For toggles that already work without JavaScript: CSS opens the small-screen menus while focus
 * is inside them (see `.disclosure` in global.css). A visitor who never opens a menu downloads no
 * JavaScript for it, and pages stay at zero script bytes until someone asks for more. Downloading
 * starts as soon as the visitor reaches for the island (pointer down, touch or keyboard focus), so
 * on a slow link the code is usually there by the time the click lands.
 */
const clickDirective: ClientDirective = (load, _options, el) => {
  let loading: ReturnType<typeof load> | undefined;
  const prefetch = () => (loading ??= load());

  const onClick = async (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button) return;
    for (const type of ['pointerdown', 'focusin'] as const) el.removeEventListener(type, prefetch);
    el.removeEventListener('click', onClick, true);
    const hydrate = await prefetch();
    await hydrate();
    // React hydrates a root at once when a click reaches it, so the replayed click toggles the
    // hydrated component exactly as the first one would have.
    button.click();
  };

  el.addEventListener('pointerdown', prefetch, { passive: true });
  el.addEventListener('focusin', prefetch);
  el.addEventListener('click', onClick, true);
};

export default clickDirective;
