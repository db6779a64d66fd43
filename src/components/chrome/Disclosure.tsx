/**
 * A toggle that shows and hides server-rendered content (the small-screen menus). The panel's
 * links are plain HTML passed in as children; this island only owns the open/closed state.
 *
 * Before hydration, CSS opens the panel while focus is inside the wrapper (see global.css,
 * `.disclosure`), so the menu already works on a slow connection; once hydrated, the state below
 * takes over and the CSS fallback is switched off through `data-hydrated`.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { ChevronDown, Menu, X } from 'lucide-react';

export interface DisclosureProps {
  /** Accessible name and visible text of the toggle button. */
  label: string;
  /** "menu" shows a hamburger that turns into a cross; "chevron" a turning arrow. */
  icon?: 'menu' | 'chevron';
  /** Whether the label is visible (menus show only the icon). */
  showLabel?: boolean;
  className?: string;
  buttonClassName?: string;
  panelClassName?: string;
  children?: ReactNode;
}

export default function Disclosure({
  label,
  icon = 'chevron',
  showLabel = true,
  className = '',
  buttonClassName = '',
  panelClassName = '',
  children,
}: DisclosureProps) {
  const [open, setOpen] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => setHydrated(true), []);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  // Choosing a link closes the panel (the page may not change, e.g. for an anchor).
  const onPanelClick = (event: React.MouseEvent) => {
    if ((event.target as HTMLElement).closest('a')) setOpen(false);
  };

  const Icon = icon === 'menu' ? (open ? X : Menu) : ChevronDown;

  return (
    <div
      ref={rootRef}
      className={`disclosure ${className}`}
      data-hydrated={hydrated ? '' : undefined}
      data-open={open ? '' : undefined}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={showLabel ? undefined : label}
        onClick={() => setOpen((value) => !value)}
        className={buttonClassName}
      >
        {showLabel && <span>{label}</span>}
        <Icon
          aria-hidden="true"
          size={icon === 'menu' ? 24 : 18}
          className={icon === 'chevron' ? 'disclosure-chevron transition-transform' : undefined}
        />
      </button>
      <div id={panelId} className={`disclosure-panel ${panelClassName}`} onClick={onPanelClick}>
        {children}
      </div>
    </div>
  );
}
