import type { ReactNode } from 'react';
import { Container } from '../../ui/Container';

/** The frame of the login, signup, verification and password pages: one card, centred. */
export function AuthCard({
  title,
  lead,
  children,
  footer,
  wide = false,
  testId,
}: {
  title: ReactNode;
  lead?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
  testId?: string;
}) {
  return (
    <Container className="py-8 sm:py-14">
      <div className={`mx-auto ${wide ? 'max-w-2xl' : 'max-w-md'}`} data-testid={testId}>
        <div className="rounded-3xl border border-sand-200 bg-white p-5 shadow-sm sm:p-8">
          <h1 className="text-3xl font-semibold">{title}</h1>
          {lead ? <p className="mt-2 text-ink-muted">{lead}</p> : null}
          <div className="mt-6">{children}</div>
        </div>
        {footer ? <div className="mt-6 text-center text-sm text-ink-muted">{footer}</div> : null}
      </div>
    </Container>
  );
}

export const TEXT_LINK = 'font-semibold text-moss-700 underline underline-offset-4 hover:text-moss-900';
