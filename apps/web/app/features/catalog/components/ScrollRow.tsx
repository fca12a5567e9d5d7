import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { ChevronIcon } from './inline-icons';

/** Which ends of a scrolling row hide content. */
interface Edges {
  start: boolean;
  end: boolean;
}

/**
 * Reads how far a row has scrolled from its start, in either direction: in a right-to-left page
 * Chromium counts scrollLeft from 0 down to negative numbers, so only its size says how far.
 */
function hiddenEdges(el: HTMLElement): Edges {
  const scrolled = Math.abs(el.scrollLeft);
  const room = el.scrollWidth - el.clientWidth;
  return { start: scrolled > 1, end: room - scrolled > 1 };
}

/**
 * A horizontal row of links that scrolls (the category bar): when links sit off-screen, the side
 * they are on fades out and shows an arrow, on phones and desktops and in both directions. The
 * arrows are for pointers only (keyboard focus scrolls a link into view by itself), so they stay out
 * of the tab order and of the accessibility tree.
 */
export function ScrollRow({ children, className = '', testId }: { children: ReactNode; className?: string; testId?: string }) {
  const row = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState<Edges>({ start: false, end: false });
  const measure = useCallback(() => {
    const el = row.current;
    if (!el) return;
    const next = hiddenEdges(el);
    setEdges((shown) => (shown.start === next.start && shown.end === next.end ? shown : next));
  }, []);

  useEffect(() => {
    const el = row.current;
    if (!el) return;
    measure();
    el.addEventListener('scroll', measure, { passive: true });
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => {
      el.removeEventListener('scroll', measure);
      observer.disconnect();
    };
  }, [measure]);

  const scroll = (towards: 'start' | 'end') => {
    const el = row.current;
    if (!el) return;
    const rtl = getComputedStyle(el).direction === 'rtl';
    const step = el.clientWidth * 0.7 * (towards === 'end' ? 1 : -1) * (rtl ? -1 : 1);
    el.scrollBy({ left: step, behavior: 'smooth' });
  };

  const arrow = (side: 'start' | 'end') => (
    <div
      aria-hidden="true"
      data-testid={testId ? `${testId}-more-${side}` : undefined}
      className={`pointer-events-none absolute inset-y-0 flex items-center ${
        side === 'start' ? 'start-0 bg-gradient-to-r ps-0 pe-6 rtl:bg-gradient-to-l' : 'end-0 bg-gradient-to-l ps-6 pe-0 rtl:bg-gradient-to-r'
      } from-white via-white/90 to-transparent`}
    >
      <button
        type="button"
        tabIndex={-1}
        onClick={() => scroll(side)}
        className="pointer-events-auto inline-flex h-8 w-8 items-center justify-center rounded-full border border-sand-200 bg-white text-moss-800 shadow-sm hover:bg-moss-50"
      >
        <ChevronIcon width={16} height={16} className={side === 'start' ? 'rotate-180' : undefined} />
      </button>
    </div>
  );

  return (
    <div className="relative min-w-0 flex-1">
      <ul ref={row} className={`flex min-w-0 overflow-x-auto [scrollbar-width:none] ${className}`} data-testid={testId}>
        {children}
      </ul>
      {edges.start ? arrow('start') : null}
      {edges.end ? arrow('end') : null}
    </div>
  );
}
