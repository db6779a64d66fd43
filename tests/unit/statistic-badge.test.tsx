// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import StatisticBadge from '../../src/components/home/StatisticBadge';
import { nextIndex } from '../../src/lib/rotation';

const drawing = (name: string) => ({ name, body: `<path d="M4 4h${name.length}"/>`, width: 24, height: 24 });
const items = [
  { value: '12+', label: 'Years of Innovation', icon: drawing('calendar-clock') },
  { value: '100+', label: 'Global Clients', icon: drawing('users') },
  { value: '10+', label: 'Countries Served', icon: drawing('globe') },
  { value: '250+', label: 'Products Developed', icon: drawing('package-check') },
  { value: '20%+', label: 'R&D Investment', icon: drawing('flask-conical') },
];
/** The badge's name for screen readers, a prop like the statistics. */
const label = 'Key figures';
const shownIcon = () => screen.getByRole('group', { name: label }).querySelector('svg[data-statistic-icon]');

function mockReducedMotion(reduce: boolean) {
  window.matchMedia = vi.fn().mockImplementation((query: string) => ({
    matches: reduce && query.includes('reduce'),
    media: query,
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
  })) as unknown as typeof window.matchMedia;
}

const shown = () => screen.getByRole('group', { name: label }).textContent;

describe('nextIndex', () => {
  it('advances and wraps from the last to the first', () => {
    expect([0, 1, 2, 3, 4].map((i) => nextIndex(i, 5))).toEqual([1, 2, 3, 4, 0]);
    expect(nextIndex(0, 0)).toBe(0);
  });
});

describe('StatisticBadge', () => {
  it('shows each statistic with its own icon', () => {
    vi.useFakeTimers();
    mockReducedMotion(false);
    render(<StatisticBadge items={items} intervalMs={3000} label={label} />);
    for (const item of items) {
      expect(shownIcon()?.getAttribute('data-statistic-icon')).toBe(item.icon.name);
      expect(shownIcon()?.querySelector('path')?.getAttribute('d')).toBe(`M4 4h${item.icon.name.length}`);
      expect(shownIcon()?.getAttribute('aria-hidden')).toBe('true');
      act(() => vi.advanceTimersByTime(3000));
    }
    cleanup();
    vi.useRealTimers();
  });

  beforeEach(() => {
    vi.useFakeTimers();
    mockReducedMotion(false);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('shows the five statistics in order every interval and wraps to the first', () => {
    render(<StatisticBadge items={items} intervalMs={3000} label={label} />);
    const seen = [shown()];
    for (let i = 0; i < 5; i++) {
      act(() => vi.advanceTimersByTime(2999));
      expect(shown()).toBe(seen.at(-1));
      act(() => vi.advanceTimersByTime(1));
      seen.push(shown());
    }
    expect(seen).toEqual([...items, items[0]!].map((s) => `${s.value}${s.label}`));
  });

  it('pauses while hovered or focused', () => {
    render(<StatisticBadge items={items} intervalMs={3000} label={label} />);
    const badge = screen.getByRole('group', { name: label });
    fireEvent.mouseEnter(badge);
    act(() => vi.advanceTimersByTime(9000));
    expect(shown()).toBe('12+Years of Innovation');
    fireEvent.mouseLeave(badge);
    act(() => vi.advanceTimersByTime(3000));
    expect(shown()).toBe('100+Global Clients');
    fireEvent.focus(badge);
    act(() => vi.advanceTimersByTime(9000));
    expect(shown()).toBe('100+Global Clients');
    fireEvent.blur(badge);
    act(() => vi.advanceTimersByTime(3000));
    expect(shown()).toBe('10+Countries Served');
  });

  it('stays on the first statistic when the visitor prefers reduced motion', () => {
    mockReducedMotion(true);
    render(<StatisticBadge items={items} intervalMs={3000} label={label} />);
    act(() => vi.advanceTimersByTime(15000));
    expect(shown()).toBe('12+Years of Innovation');
  });

  it('uses the interval it is given', () => {
    render(<StatisticBadge items={items} intervalMs={1000} label={label} />);
    act(() => vi.advanceTimersByTime(1000));
    expect(shown()).toBe('100+Global Clients');
  });
});
