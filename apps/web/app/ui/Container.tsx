import type { HTMLAttributes, ReactNode } from 'react';

/** The page's centred column; other attributes (data-testid, id, aria-*) reach the element. */
export function Container({ children, className = '', ...rest }: HTMLAttributes<HTMLDivElement> & { children: ReactNode; className?: string }) {
  return (
    <div {...rest} className={`mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8 ${className}`}>
      {children}
    </div>
  );
}
