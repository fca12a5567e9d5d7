import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Empty } from './PageState';

/** One request as its list shows it: the title linking to its page, its state beside it, and lines that say what it is. */
export interface RequestCard {
  to: string;
  title: ReactNode;
  badge: ReactNode;
  lines: ReactNode[];
}

/**
 * A buyer's requests (commissions, quotations) as cards, or the empty line: the two lists differ only
 * in what each card says, which the domain's `card` tells.
 */
export function RequestList<T extends { id: string }>({
  items,
  card,
  empty,
  testId,
  rowTestId,
}: {
  items: readonly T[];
  card: (item: T) => RequestCard;
  empty: ReactNode;
  testId: string;
  rowTestId?: string;
}) {
  if (items.length === 0) return <Empty>{empty}</Empty>;
  return (
    <ul className="grid gap-3" data-testid={testId}>
      {items.map((item) => {
        const { to, title, badge, lines } = card(item);
        return (
          <li key={item.id} className="rounded-2xl border border-sand-200 bg-white p-4" data-testid={rowTestId}>
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <Link to={to} className="min-w-0 font-semibold text-moss-900 hover:underline" dir="auto">
                {title}
              </Link>
              {badge}
            </div>
            {lines.map((line, index) => (
              <p key={index} className="mt-1 text-sm text-ink-muted">
                {line}
              </p>
            ))}
          </li>
        );
      })}
    </ul>
  );
}
