import type { TCategory } from '@tessera/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../lib/http';
import { Button } from '../../ui/Button';
import { SelectField, TextAreaField, TextField } from '../../ui/Field';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { quotationsApi, type RequestInput } from './api';
import { AttachmentsField } from './Attachments';
import { endOfDay, fieldMessage, splitList, toMinor } from './QuotationBits';

type Errors = Partial<Record<string, string>>;

/**
 * The buyer's request: for one product (from the product page: ?productId=…) or a request for
 * quotation to every store making such things. The server's refusal names the field; it is shown
 * under that field, the rest of the form kept.
 */
export function RequestForm({ product, onSent }: { product?: { id: string; title: string; moq: number; variantId?: string }; onSent: (id: string) => void }) {
  const { t } = useTranslation('quotations');
  const [categories, setCategories] = useState<TCategory[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [key] = useState(newIdempotencyKey);
  const [files, setFiles] = useState<File[]>([]);

  useEffect(() => {
    if (!product) quotationsApi.categories().then(setCategories, () => setCategories([]));
  }, [product]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    setBusy(true);
    setErrors({});
    try {
      const attachmentIds = files.length > 0 ? (await quotationsApi.upload(files)).map((file) => file.id) : [];
      const quantity = Number(text('quantity'));
      const input: RequestInput = product
        ? {
            kind: 'product',
            productId: product.id,
            ...(product.variantId ? { variantId: product.variantId } : {}),
            quantity,
            wantedBy: endOfDay(text('wantedBy')),
            notes: text('notes'),
            attachmentIds,
          }
        : {
            kind: 'rfq',
            categoryId: text('categoryId'),
            description: text('description'),
            quantity,
            ...(text('targetPrice') ? { targetPrice: toMinor(text('targetPrice')) } : {}),
            deadline: endOfDay(text('deadline')) ?? 0,
            materials: splitList(text('materials')),
            certificates: splitList(text('certificates')),
            attachmentIds,
          };
      const created = await quotationsApi.create(input, key);
      onSent(created.id);
    } catch (failure) {
      const field = failure instanceof HttpError ? (failure.field ?? 'form') : 'form';
      setErrors({ [field === 'file' ? 'attachmentIds' : field]: fieldMessage(failure instanceof Error ? failure.message : String(failure), field) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      onSubmit={(event) => void submit(event)}
      className="grid gap-4 rounded-2xl border border-sand-200 bg-white p-4 sm:p-6"
      data-testid="quotation-form"
      noValidate
    >
      <h2 className="text-lg font-semibold text-moss-900">{product ? t('ask') : t('newRfq')}</h2>
      <p className="text-sm text-ink-muted">{product ? t('askLead') : t('newRfqLead')}</p>
      {product ? (
        <p className="font-semibold" dir="auto">
          {product.title}
        </p>
      ) : (
        <>
          <SelectField label={t('category')} name="categoryId" error={errors.categoryId} required defaultValue="">
            <option value="" disabled />
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </SelectField>
          <TextAreaField label={t('description')} name="description" error={errors.description} rows={3} required dir="auto" />
        </>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('quantity')}
          name="quantity"
          type="number"
          min={product?.moq ?? 1}
          defaultValue={product?.moq ?? ''}
          hint={product ? t('moq', { count: product.moq }) : undefined}
          error={errors.quantity}
          required
          inputMode="numeric"
        />
        {product ? (
          <TextField label={t('wantedBy')} name="wantedBy" type="date" error={errors.wantedBy} />
        ) : (
          <>
            <TextField label={t('targetPrice')} name="targetPrice" inputMode="decimal" error={errors.targetPrice} />
            <TextField label={t('deadline')} name="deadline" type="date" error={errors.deadline} required />
          </>
        )}
      </div>
      {product ? (
        <TextAreaField label={t('notes')} name="notes" error={errors.notes} rows={3} dir="auto" />
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t('materials')} name="materials" error={errors.materials} dir="auto" />
          <TextField label={t('certificates')} name="certificates" error={errors.certificates} dir="auto" />
        </div>
      )}
      <AttachmentsField files={files} onChange={setFiles} error={errors.attachmentIds} />
      {errors.form ? (
        <p role="alert" className="rounded-xl bg-clay-50 p-3 text-clay-800">
          {errors.form}
        </p>
      ) : null}
      <div>
        <Button type="submit" disabled={busy} data-testid="quotation-send">
          {t('send')}
        </Button>
      </div>
    </form>
  );
}
