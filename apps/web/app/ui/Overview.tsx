import type { ReactNode } from 'react';
import { Card } from './bits';

/**
 * A console overview (commissions, quotations): how many stand in each state, one tile a state, then
 * the latest records in a table that scrolls sideways on a phone. The records and their columns are
 * the domain's.
 */
export function StateTotals({ title, totals, testId }: { title: string; totals: Array<{ key: string; label: string; count: number }>; testId?: string }) {
  return (
    <>
      <h2 className="mb-2 font-semibold">{title}</h2>
      <dl className="mb-6 grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-6" data-testid={testId}>
        {totals.map(({ key, label, count }) => (
          <Card key={key} as="div" padded={false} className="p-3">
            <dt className="text-sm text-ink-muted">{label}</dt>
            <dd className="text-xl font-semibold tabular-nums">{count}</dd>
          </Card>
        ))}
      </dl>
    </>
  );
}

/** A titled table wider than a phone: it scrolls, reachable and named for a keyboard (axe: scrollable-region-focusable). */
export function OverviewTable({
  id,
  title,
  columns,
  testId,
  children,
}: {
  id: string;
  title: string;
  columns: string[];
  testId?: string;
  children: ReactNode;
}) {
  return (
    <>
      <h2 id={id} className="mb-2 font-semibold">
        {title}
      </h2>
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-labelledby={id}>
        <table className="w-full text-start text-sm" data-testid={testId}>
          <thead>
            <tr className="text-ink-muted">
              {columns.map((column) => (
                <th key={column} className="p-2 text-start">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      </div>
    </>
  );
}
