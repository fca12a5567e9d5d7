import type { ReactNode } from 'react';

/** The heading and lead of a home page section (how it works, the trade essentials); `id` is the heading's, which the section's aria-labelledby names. */
export function SectionIntro({ id, title, lead }: { id: string; title: ReactNode; lead: ReactNode }) {
  return (
    <div className="max-w-2xl">
      <h2 id={id} className="text-3xl font-semibold sm:text-4xl">
        {title}
      </h2>
      <p className="mt-3 text-lg text-ink-muted">{lead}</p>
    </div>
  );
}
