/**
 * The hero's rotating statistic. The server renders the first statistic, so it reads well
 * without JavaScript; once hydrated it advances every `intervalMs`, pauses while hovered or
 * focused, and stays still for visitors who prefer reduced motion (WCAG 2.2.2).
 */
import { useEffect, useState } from 'react';
import { nextIndex } from '../../lib/rotation';

export interface BadgeStatistic {
  value: string;
  label: string;
}

export interface StatisticBadgeProps {
  items: BadgeStatistic[];
  intervalMs: number;
  className?: string;
}

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}

export default function StatisticBadge({ items, intervalMs, className = '' }: StatisticBadgeProps) {
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
      aria-label="Key figures"
      // Focusable so keyboard users can pause the rotation, as hovering does for a mouse.
      tabIndex={0}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      data-statistic-index={index}
    >
      <p className="text-3xl font-extrabold tracking-tight text-brand-800">
        {current.value}
      </p>
      <p className="text-sm font-medium text-muted">
        {current.label}
      </p>
      <div className="mt-3 flex gap-1.5" aria-hidden="true">
        {items.map((item, i) => (
          <span key={item.label} className={`h-1.5 rounded-full transition-all ${i === index ? 'w-5 bg-brand-600' : 'w-1.5 bg-line'}`} />
        ))}
      </div>
    </div>
  );
}
