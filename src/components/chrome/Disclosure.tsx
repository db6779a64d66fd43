/**
 * A toggle that shows and hides server-rendered content (the small-screen menus). The panel's
 * links are plain HTML passed in as children; this island only owns the open/closed state.
 *
 * The panel is shown exactly when the button says `aria-expanded="true"` (see `.disclosure` in
 * global.css), so what the visitor sees and what assistive technology hears cannot differ. Before
 * hydration, `client:click` keeps that attribute up to date on the server-rendered button (and,
 * without JavaScript, CSS opens the panel while focus is inside). On mounting, this island takes
 * the state from the attribute and marks its root `data-hydrated` in the same synchronous update,
 * which tells the directive to stand aside.
 */
import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
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

  // A layout effect, so the state taken over and `data-hydrated` reach the page together, before
  // the browser handles any other input (state set here is rendered synchronously).
  useLayoutEffect(() => {
    setOpen(buttonRef.current?.getAttribute('aria-expanded') === 'true');
    setHydrated(true);
  }, []);

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

  return (
    <div
      ref={rootRef}
      className={`disclosure ${className}`}
      data-hydrated={hydrated ? '' : undefined}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={showLabel ? undefined : label}
        onClick={() => setOpen((value) => !value)}
        className={buttonClassName}
        // client:click may have changed aria-expanded before hydration; it is taken over above.
        suppressHydrationWarning
      >
        {showLabel && <span>{label}</span>}
        {/* Both menu icons are rendered and CSS shows the one for the state, before hydration too. */}
        {icon === 'menu' ? (
          <>
            <Menu aria-hidden="true" size={24} className="disclosure-when-closed" />
            <X aria-hidden="true" size={24} className="disclosure-when-open" />
          </>
        ) : (
          <ChevronDown aria-hidden="true" size={18} className="disclosure-chevron transition-transform" />
        )}
      </button>
      <div id={panelId} className={`disclosure-panel ${panelClassName}`} onClick={onPanelClick}>
        {children}
      </div>
    </div>
  );
}
