import type { CustomOption, TCommissionCreate } from '@tessera/contracts';
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n/react';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { useAction, type Problem } from '../../lib/route-data';
import { TextAreaField, TextField } from '../../ui/Field';
import { RequestFormFrame } from '../../ui/RequestForm';
import { toMinor } from '../quotations/QuotationBits';
import { requestForm, type sendRequest } from './api';

type Errors = Partial<Record<string, string>>;
export type RequestTarget = { kind: 'CustomProduct'; productId: string; title: string } | { kind: 'fullyCustom'; storeId: string; storeName: string };

/** The form's target from the address: ?productId=…&title=… (product page) or ?storeId=…&store=… (store page). */
export function requestTarget(params: URLSearchParams): RequestTarget | null {
  const productId = params.get('productId');
  if (productId) return { kind: 'CustomProduct', productId, title: params.get('title') ?? '' };
  const storeId = params.get('storeId');
  if (storeId) return { kind: 'fullyCustom', storeId, storeName: params.get('store') ?? '' };
  return null;
}

/** A refusal under the form's own field: 'newProduct.title' → 'title', 'choices.size' → 'size'. */
const errorsOf = (problem: Problem): Errors => ({ [(problem.field ?? 'form').replace(/^(newProduct|choices)\./, '')]: problem.message });

/**
 * The buyer's request: a customisation of a product (only the options its seller offers, read by the
 * route's loader) or a piece described from scratch to a store. It goes to the route's action
 * (`request`), which creates it and then sends the reference images, and opens the new commission.
 * The server's refusal names the field; it is shown under that field, the rest kept.
 */
export function RequestForm({ target, options }: { target: RequestTarget; options: CustomOption[] }) {
  const { t } = useTranslation('commissions');
  const { t: tc } = useTranslation('catalog');
  const [errors, setErrors] = useState<Errors>({});
  const [key] = useState(newIdempotencyKey);
  // Kept so that a refused image upload, tried again, does not ask a second time.
  const [createdId, setCreatedId] = useState<string | null>(null);
  const sending = useAction<Awaited<ReturnType<typeof sendRequest>>>({
    done: (answer) => {
      if ('createdId' in answer) {
        setCreatedId(answer.createdId);
        setErrors(errorsOf(answer.problem));
      }
    },
    failed: (problem) => setErrors(errorsOf(problem)),
  });

  function send(element: HTMLFormElement) {
    const form = new FormData(element);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    const files = (form.getAll('images') as File[]).filter((file) => file.size > 0);
    const quantity = Number(text('quantity'));
    const notes = text('notes') || undefined;
    const input: TCommissionCreate =
      target.kind === 'CustomProduct'
        ? {
            kind: 'CustomProduct',
            productId: target.productId,
            choices: Object.fromEntries((['size', 'colour', 'material'] as const).filter((o) => text(o)).map((o) => [o, text(o)])),
            ...(text('personalisation') ? { personalisation: text('personalisation') } : {}),
            quantity,
            ...(notes ? { notes } : {}),
          }
        : {
            kind: 'fullyCustom',
            storeId: target.storeId,
            newProduct: {
              title: text('title'),
              description: text('description'),
              ...(text('budget') ? { budget: toMinor(text('budget')) } : {}),
              ...(text('wantedBy') ? { wantedBy: text('wantedBy') } : {}),
            },
            quantity,
            ...(notes ? { notes } : {}),
          };
    setErrors({});
    void sending.upload('request', requestForm(input, key, createdId, files));
  }

  const offered = (option: CustomOption) => options.includes(option);
  return (
    <RequestFormFrame
      title={target.kind === 'CustomProduct' ? tc('requests.customise') : tc('requests.requestCustom')}
      lead={target.kind === 'CustomProduct' ? t('customiseLead') : t('requestCustomLead')}
      subject={target.kind === 'CustomProduct' ? target.title : target.storeName}
      error={errors.form}
      sendLabel={t('send')}
      sending={sending.pending}
      onSend={send}
      testId="commission-form"
      sendTestId="commission-send"
    >
      {target.kind === 'fullyCustom' ? (
        <>
          <TextField label={t('pieceTitle')} name="title" error={errors.title} required maxLength={120} />
          <TextAreaField label={t('description')} name="description" error={errors.description} rows={4} required />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label={t('budget')} name="budget" inputMode="decimal" error={errors.budget} ltr />
            <TextField label={t('wantedBy')} name="wantedBy" type="date" error={errors.wantedBy} />
          </div>
        </>
      ) : (
        <div className="grid gap-4 sm:grid-cols-3">
          {(['size', 'colour', 'material'] as const).filter(offered).map((option) => (
            <TextField key={option} label={t(`option.${option}`)} name={option} error={errors[option]} maxLength={80} data-testid={`choice-${option}`} />
          ))}
        </div>
      )}
      {offered('personalisation') ? (
        <TextField
          label={t('option.personalisation')}
          name="personalisation"
          error={errors.personalisation}
          maxLength={200}
          data-testid="choice-personalisation"
        />
      ) : null}
      <TextField
        label={t('quantity')}
        name="quantity"
        type="number"
        min={1}
        defaultValue={1}
        error={errors.quantity}
        required
        inputMode="numeric"
        className="max-w-xs"
      />
      <TextAreaField label={t('notes')} name="notes" error={errors.notes} rows={3} />
      <TextField label={t('references')} name="images" type="file" multiple accept="image/jpeg,image/png,image/webp" error={errors.images} />
    </RequestFormFrame>
  );
}
