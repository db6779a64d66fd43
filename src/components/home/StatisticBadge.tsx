/**
 * The hero's rotating statistic: its icon, figure and label. The server renders the first
 * statistic, so it reads well without JavaScript; once hydrated it advances every `intervalMs`,
 * pauses while hovered or focused, and stays still for visitors who prefer reduced motion
 * (WCAG 2.2.2). Icons arrive as drawings (src/lib/icons.ts), so no icon library reaches the
 * browser.
 */
import { useEffect, useState } from 'react';
import { nextIndex } from '../../lib/rotation';
// Types only: erased from the island's bundle.
import type { IconDrawing } from '../../lib/icons';
import type { Statistic } from '../../lib/schemas/company';

/** A statistic of src/content/pages/home.md, its icon name replaced by the icon's drawing. */
export type BadgeStatistic = Omit<Statistic, 'icon'> & { icon: IconDrawing };

export interface StatisticBadgeProps {
  items: BadgeStatistic[];
  intervalMs: number;
  /** What screen readers call the badge, e.g. "Key figures". */
  label: string;
  className?: string;
}

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}

export default function StatisticBadge({ items, intervalMs, label, className = '' }: StatisticBadgeProps) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [reduced, setReduced] = useState(false);

  useEffect(() => {
    const query = window.matchMedia?.('(prefers-reduced-motion: reduce)');
    setReduced(prefersReducedMotion());
    const onChange = () => setReduced(prefersReducedMotion());
    query?.addEventListener?.('change', onChange);
    return () => query?.removeEventListener?.('change', onChange);
  }, []);

  useEffect(() => {
    if (paused || reduced || items.length < 2) return;
    const timer = window.setInterval(() => setIndex((i) => nextIndex(i, items.length)), intervalMs);
    return () => window.clearInterval(timer);
  }, [paused, reduced, intervalMs, items.length]);

  const current = items[index] ?? items[0];
  if (!current) return null;

  return (
    <div
      className={className}
      role="group"
      aria-label={label}
      // Focusable so keyboard users can pause the rotation, as hovering does for a mouse.
      tabIndex={0}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      data-statistic-index={index}
    >
      <div className="flex items-center gap-4">
        <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
          <svg
            xmlns="http://www.w3.org/2000/svg"
            width={24}
            height={24}
            viewBox={`0 0 ${current.icon.width} ${current.icon.height}`}
            fill="none"
            stroke="currentColor"
            strokeWidth={2}
            strokeLinecap="round"
            strokeLinejoin="round"
            className={`lucide lucide-${current.icon.name}`}
            aria-hidden="true"
            focusable="false"
            data-statistic-icon={current.icon.name}
            // The drawing is the icon set's own SVG markup, read at build time, never visitor input.
            dangerouslySetInnerHTML={{ __html: current.icon.body }}
          />
        </span>
        <div>
          <p className="text-3xl font-extrabold tracking-tight text-brand-800">
            {current.value}
          </p>
          <p className="text-sm font-medium text-muted">
            {current.label}
          </p>
        </div>
      </div>
      <div className="mt-3 flex gap-1.5" aria-hidden="true">
        {items.map((item, i) => (
          <span key={item.label} className={`h-1.5 rounded-full transition-all ${i === index ? 'w-5 bg-brand-600' : 'w-1.5 bg-line'}`} />
        ))}
      </div>
    </div>
  );
}
