import type { TCategory } from '@tessera/contracts';
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n/react';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { useAction } from '../../lib/route-data';
import { SelectField, TextAreaField, TextField } from '../../ui/Field';
import { RequestFormFrame } from '../../ui/RequestForm';
import { requestForm, type RequestFields } from './api';
import { AttachmentsField } from './Attachments';
import { endOfDay, fieldMessage, splitList, toMinor } from './QuotationBits';

type Errors = Partial<Record<string, string>>;
export interface RequestProduct {
  id: string;
  title: string;
  moq: number;
  variantId?: string;
}

/** The product the form asks about, from the address (?productId=…&title=…&moq=…&variantId=…, the product page's link). */
export function requestProduct(params: URLSearchParams): RequestProduct | undefined {
  const productId = params.get('productId');
  return productId
    ? { id: productId, title: params.get('title') ?? '', moq: Number(params.get('moq') ?? 1) || 1, variantId: params.get('variantId') ?? undefined }
    : undefined;
}

/**
 * The buyer's request: for one product (from the product page: ?productId=…) or a request for
 * quotation to every store making such things (its categories read by the route's loader). It goes
 * to the route's action (`request`: the files, then the request) and opens the new request. The
 * server's refusal names the field; it is shown under that field, the rest of the form kept.
 */
export function RequestForm({ product, categories }: { product?: RequestProduct; categories: TCategory[] }) {
  const { t } = useTranslation('quotations');
  const { t: tc } = useTranslation('catalog');
  const [errors, setErrors] = useState<Errors>({});
  const [key] = useState(newIdempotencyKey);
  const [files, setFiles] = useState<File[]>([]);
  const sending = useAction({
    failed: (problem) => {
      const field = problem.field ?? 'form';
      setErrors({ [field === 'file' ? 'attachmentIds' : field]: fieldMessage(problem.message, field) });
    },
  });

  function send(element: HTMLFormElement) {
    const form = new FormData(element);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    const quantity = Number(text('quantity'));
    const input: RequestFields = product
      ? {
          kind: 'product',
          productId: product.id,
          ...(product.variantId ? { variantId: product.variantId } : {}),
          quantity,
          wantedBy: endOfDay(text('wantedBy')),
          notes: text('notes'),
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
        };
    setErrors({});
    void sending.upload('request', requestForm(input, key, files));
  }

  return (
    <RequestFormFrame
      title={product ? tc('requests.askQuotation') : t('newRfq')}
      lead={product ? t('askLead') : t('newRfqLead')}
      subject={product?.title}
      error={errors.form}
      sendLabel={t('send')}
      sending={sending.pending}
      onSend={send}
      testId="quotation-form"
      sendTestId="quotation-send"
    >
      {product ? null : (
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
    </RequestFormFrame>
  );
}
