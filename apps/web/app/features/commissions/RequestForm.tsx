import type { CustomOption, TCommissionCreate } from '@tessera/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../lib/http';
import { Button } from '../../ui/Button';
import { TextAreaField, TextField } from '../../ui/Field';
import { toMinor } from '../quotations/QuotationBits';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { commissionsApi } from './api';

type Errors = Partial<Record<string, string>>;
export type RequestTarget = { kind: 'CustomProduct'; productId: string; title: string } | { kind: 'fullyCustom'; storeId: string; storeName: string };

/**
 * The buyer's request: a customisation of a product (only the options its seller offers, read from
 * the server) or a piece described from scratch to a store. Reference images go up once the request
 * exists. The server's refusal names the field; it is shown under that field, the rest kept.
 */
export function RequestForm({ target, onSent }: { target: RequestTarget; onSent: (id: string) => void }) {
  const { t } = useTranslation('commissions');
  const [options, setOptions] = useState<CustomOption[] | null>(target.kind === 'fullyCustom' ? [] : null);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [key] = useState(newIdempotencyKey);
  const [createdId, setCreatedId] = useState<string | null>(null);
  const productId = target.kind === 'CustomProduct' ? target.productId : null;

  useEffect(() => {
    if (!productId) return;
    commissionsApi.customisation(productId).then(
      (answer) => setOptions(answer.options),
      () => setOptions([]),
    );
  }, [productId]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    const files = (form.getAll('images') as File[]).filter((file) => file.size > 0);
    const quantity = Number(text('quantity'));
    const notes = text('notes') || undefined;
    setBusy(true);
    setErrors({});
    try {
      let id = createdId;
      if (!id) {
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
        id = (await commissionsApi.create(input, key)).id;
        // Kept so that a refused image upload, tried again, does not ask a second time.
        setCreatedId(id);
      }
      if (files.length > 0) await commissionsApi.addImages(id, files);
      onSent(id);
    } catch (failure) {
      const raw = failure instanceof HttpError ? (failure.field ?? 'form') : 'form';
      // 'newProduct.title' → 'title', 'choices.size' → 'size': the form's own field names.
      const field = raw.replace(/^(newProduct|choices)\./, '');
      setErrors({ [field]: failure instanceof Error ? failure.message : String(failure) });
    } finally {
      setBusy(false);
    }
  }

  const offered = (option: CustomOption) => options?.includes(option) ?? false;
  return (
    <form
      onSubmit={(event) => void submit(event)}
      className="grid gap-4 rounded-2xl border border-sand-200 bg-white p-4 sm:p-6"
      data-testid="commission-form"
      noValidate
    >
      <h2 className="text-lg font-semibold text-moss-900">{target.kind === 'CustomProduct' ? t('customise') : t('requestCustom')}</h2>
      <p className="text-sm text-ink-muted">{target.kind === 'CustomProduct' ? t('customiseLead') : t('requestCustomLead')}</p>
      <p className="font-semibold" dir="auto">
        {target.kind === 'CustomProduct' ? target.title : target.storeName}
      </p>
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
      {errors.form ? (
        <p role="alert" className="rounded-xl bg-clay-50 p-3 text-clay-800">
          {errors.form}
        </p>
      ) : null}
      <div>
        <Button type="submit" disabled={busy || options === null} data-testid="commission-send">
          {t('send')}
        </Button>
      </div>
    </form>
  );
}
