import type { ClientDirective } from 'astro';

/**
 * `client:click`: for an island that is one toggle (a `button[aria-expanded]` and the panel it
 * controls, as in Disclosure.tsx). The toggle answers its first tap at once; the island's code is
 * fetched when the visitor reaches for it and hydrates in the background.
 *
 * Until the island has hydrated, this directive keeps the toggle's state in the button's own
 * `aria-expanded`: a click on the toggle flips it, and choosing a link inside, Escape or a tap
 * outside set it back to "false", as the hydrated island does. CSS shows the panel from that
 * attribute (see `.disclosure` in global.css), so the visitor sees the panel at once and assistive
 * technology hears the same state. The island reads `aria-expanded` when it mounts, carries on from
 * there and marks its root `data-hydrated` in the same synchronous update; from then on the
 * directive stands aside. No click is replayed, so none can be lost, and a second tap while the
 * code is still on its way closes the panel again.
 *
 * Until then, clicks on the toggle stop here: once hydration has started, React would otherwise
 * answer the same click a second time on top of the state it reads on mounting.
 *
 * A visitor who never touches the toggle downloads no JavaScript for it. The island is marked
 * `data-click-armed` when this runs, which switches off the CSS that opens the panel while focus is
 * inside (that is for visitors without JavaScript); a panel that CSS already shows at that moment
 * (a tap before the page finished loading) is kept open.
 */
const clickDirective: ClientDirective = (load, _options, el) => {
  const toggle = el.querySelector<HTMLButtonElement>('button[aria-expanded]');
  if (!toggle) throw new Error('client:click needs an island with a button[aria-expanded]');

  let loading: ReturnType<typeof load> | undefined;
  const prefetch = () => (loading ??= load());
  let hydrating: Promise<void> | undefined;
  const hydrate = () => (hydrating ??= prefetch().then((hydrateIsland) => hydrateIsland()));

  const expanded = () => toggle.getAttribute('aria-expanded') === 'true';
  const setExpanded = (value: boolean) => toggle.setAttribute('aria-expanded', String(value));

  const onClick = (event: MouseEvent) => {
    if (handedOver()) return;
    const target = event.target instanceof Element ? event.target : null;
    if (target && toggle.contains(target)) {
      event.stopImmediatePropagation();
      setExpanded(!expanded());
      void hydrate();
    } else if (target?.closest('a')) {
      setExpanded(false);
    }
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || handedOver() || !expanded()) return;
    setExpanded(false);
    toggle.focus();
  };
  const onPointerDown = (event: PointerEvent) => {
    if (handedOver()) return;
    if (!el.contains(event.target as Node)) setExpanded(false);
  };

  /** Whether the hydrated island answers for itself now; if so, stops listening. */
  const handedOver = () => {
    if (!el.querySelector('[data-hydrated]')) return false;
    el.removeEventListener('pointerdown', prefetch);
    el.removeEventListener('focusin', prefetch);
    el.removeEventListener('click', onClick, true);
    document.removeEventListener('keydown', onKeyDown);
    document.removeEventListener('pointerdown', onPointerDown);
    return true;
  };

  el.addEventListener('pointerdown', prefetch, { passive: true });
  el.addEventListener('focusin', prefetch);
  // Capturing, and added before React adds its own listeners to the same element on hydration.
  el.addEventListener('click', onClick, true);
  document.addEventListener('keydown', onKeyDown);
  document.addEventListener('pointerdown', onPointerDown, { passive: true });

  if (!expanded() && el.contains(document.activeElement)) {
    setExpanded(true);
    void hydrate();
  }
  el.setAttribute('data-click-armed', '');
};

export default clickDirective;
