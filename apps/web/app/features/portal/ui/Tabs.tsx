import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { usePreferences } from '../../../lib/preferences';

export interface TabItem<K extends string> {
  key: K;
  label: ReactNode;
  /** Language of the label (language names written in their own language). */
  lang?: string;
  /** A small mark after the label, e.g. "text missing". */
  badge?: ReactNode;
}

/**
 * WAI-ARIA tabs with automatic activation: arrow keys move along the reading direction (mirrored
 * in right-to-left pages), Home and End jump to the ends.
 */
export function Tabs<K extends string>({
  label,
  items,
  selected,
  onSelect,
  children,
}: {
  label: string;
  items: readonly TabItem<K>[];
  selected: K;
  onSelect(key: K): void;
  children: ReactNode;
}) {
  const base = useId();
  const { dir } = usePreferences();
  const refs = useRef(new Map<K, HTMLButtonElement>());

  function move(event: KeyboardEvent<HTMLDivElement>) {
    const index = items.findIndex((item) => item.key === selected);
    const forward = dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const backward = dir === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
    let next = index;
    if (event.key === forward) next = (index + 1) % items.length;
    else if (event.key === backward) next = (index - 1 + items.length) % items.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = items.length - 1;
    else return;
    event.preventDefault();
    const item = items[next];
    if (!item) return;
    onSelect(item.key);
    refs.current.get(item.key)?.focus();
  }

  return (
    <div>
      <div role="tablist" aria-label={label} onKeyDown={move} className="flex gap-1 overflow-x-auto border-b border-sand-200">
        {items.map((item) => {
          const active = item.key === selected;
          return (
            <button
              key={item.key}
              ref={(node) => {
                if (node) refs.current.set(item.key, node);
                else refs.current.delete(item.key);
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${item.key}`}
              aria-selected={active}
              aria-controls={`${base}-panel`}
              tabIndex={active ? 0 : -1}
              onClick={() => onSelect(item.key)}
              className={`relative -mb-px inline-flex shrink-0 items-center gap-2 border-b-2 px-3 py-2.5 text-sm font-semibold transition-colors ${
                active ? 'border-moss-700 text-moss-900' : 'border-transparent text-ink-muted hover:border-sand-300 hover:text-ink'
              }`}
            >
              <span lang={item.lang}>{item.label}</span>
              {item.badge}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-tab-${selected}`} className="pt-5">
        {children}
      </div>
    </div>
  );
}
