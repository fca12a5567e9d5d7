import type { FormEvent, ReactNode } from 'react';
import { FormError } from './Alert';
import { Button } from './Button';

/**
 * The frame of a buyer's request form (a commission, a quotation): its heading and lead, what it is
 * about, the domain's own fields as children, the error that belongs to no field and the send button.
 * `onSend` gets the form element; the browser's own validation is off (the server's refusal names the field).
 */
export function RequestFormFrame({
  title,
  lead,
  subject,
  error,
  sendLabel,
  sending,
  onSend,
  testId,
  sendTestId,
  children,
}: {
  title: ReactNode;
  lead: ReactNode;
  subject?: ReactNode;
  error: string | undefined;
  sendLabel: ReactNode;
  sending: boolean;
  onSend: (form: HTMLFormElement) => void;
  testId: string;
  sendTestId: string;
  children: ReactNode;
}) {
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSend(event.currentTarget);
  }
  return (
    <form onSubmit={submit} className="grid gap-4 rounded-2xl border border-sand-200 bg-white p-4 sm:p-6" data-testid={testId} noValidate>
      <h2 className="text-lg font-semibold text-moss-900">{title}</h2>
      <p className="text-sm text-ink-muted">{lead}</p>
      {subject ? (
        <p className="font-semibold" dir="auto">
          {subject}
        </p>
      ) : null}
      {children}
      <FormError message={error} />
      <div>
        <Button type="submit" disabled={sending} data-testid={sendTestId}>
          {sendLabel}
        </Button>
      </div>
    </form>
  );
}
