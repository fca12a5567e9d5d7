import type { TSellerProductListItem, TSellerQuotation, TVariant } from '@tessera/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import type { Problem } from '../../../lib/route-data';
import { usePreferences } from '../../../lib/preferences';
import { Button } from '../../../ui/Button';
import { SelectField, TextAreaField, TextField } from '../../../ui/Field';
import { answerForm, sellerQuotationsApi, type AnswerInput, type ProductChoices } from '../api';
import { AttachmentsField } from '../Attachments';
import { endOfDay, fieldMessage, toMinor } from '../QuotationBits';

/** A variant as the seller tells it apart: its colour and size, and what is in stock. */
const variantLabel = (variant: TVariant, stockText: string) =>
  `${[variant.colour, variant.size].filter(Boolean).join(' / ') || variant.sku || '—'} · ${stockText}`;

/** The store's products for a request's category, narrowed by a title search. */
export type FindProducts = (categoryId: string, q: string) => Promise<ProductChoices>;
/**
 * The page's answer submission (SellerQuotationsPage): an answered request leaves the open list, so
 * the form that sent it is gone when the answer is in; the page says so and keeps a refusal per request.
 */
export interface Answering {
  send(form: FormData): void;
  pending: boolean;
  refusal(requestId: string): Problem | null;
}
/** How long typing pauses before the search is asked. */
const SEARCH_PAUSE_MS = 250;

/**
 * The store's quotation for one request: for an RFQ the product (and its variant when it has some)
 * the store quotes, then price, quantity breaks, lead time, validity, terms and files. The files
 * are checked when chosen and uploaded when the form is sent; a refusal of the server is shown
 * under the field it names and nothing is saved.
 */
export function AnswerForm({ row, findProducts, answering }: { row: TSellerQuotation; findProducts: FindProducts; answering: Answering }) {
  const { t } = useTranslation('quotations');
  const { t: tp } = useTranslation('portal');
  const { language } = usePreferences();
  const refusal = answering.refusal(row.request.id);
  const raw = refusal ? (refusal.field ?? 'form') : null;
  // A tier's price ("tiers.0.unitPrice") is shown under the quantity breaks; a file's under the files.
  const errors: Partial<Record<string, string>> =
    refusal && raw ? { [raw.startsWith('tiers') ? 'tiers' : raw === 'file' ? 'attachmentIds' : raw]: fieldMessage(refusal.message, raw) } : {};
  const busy = answering.pending;
  const [files, setFiles] = useState<File[]>([]);
  const [productId, setProductId] = useState('');
  const [variants, setVariants] = useState<TVariant[]>([]);
  const inTen = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  const quotesProduct = !row.request.product;
  const categoryId = row.request.category.id;
  const [search, setSearch] = useState('');
  const [choices, setChoices] = useState<ProductChoices | null>(null);
  // The product chosen stays listed while another search is typed.
  const [chosen, setChosen] = useState<TSellerProductListItem | null>(null);

  useEffect(() => {
    if (!quotesProduct) return;
    let live = true;
    const q = search.trim();
    const timer = setTimeout(
      () =>
        findProducts(categoryId, q).then(
          (found) => live && setChoices(found),
          () => live && setChoices({ inCategory: [], others: [] }),
        ),
      q ? SEARCH_PAUSE_MS : 0,
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [quotesProduct, categoryId, search, findProducts]);
  const listed = (products: TSellerProductListItem[]) => products.filter((product) => product.id !== chosen?.id);
  const titleOf = (product: TSellerProductListItem) => product.title[language] ?? product.title.en ?? product.slug;
  const option = (product: TSellerProductListItem) => (
    <option key={product.id} value={product.id}>
      {titleOf(product)}
    </option>
  );
  const nothingFound = choices !== null && choices.inCategory.length === 0 && choices.others.length === 0;

  useEffect(() => {
    setVariants([]);
    if (!productId) return;
    let live = true;
    sellerQuotationsApi.variants(productId).then(
      (found) => live && setVariants(found),
      () => live && setVariants([]),
    );
    return () => {
      live = false;
    };
  }, [productId]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    const tiers = text('tiers')
      .split('\n')
      .map((line) => line.split('='))
      .filter((parts) => parts.length === 2)
      .map(([minimum, price]) => ({ minQuantity: Number(minimum), unitPrice: toMinor(String(price).trim()) }));
    const answer: Omit<AnswerInput, 'attachmentIds'> = {
      ...(quotesProduct ? { productId: text('productId'), ...(text('variantId') ? { variantId: text('variantId') } : {}) } : {}),
      unitPrice: toMinor(text('unitPrice')),
      tiers,
      leadTimeDays: Number(text('leadTimeDays')),
      validUntil: endOfDay(text('validUntil')) ?? 0,
      terms: text('terms'),
    };
    answering.send(answerForm(row.request.id, answer, files));
  }

  return (
    <form onSubmit={submit} className="mt-4 grid gap-3 border-t border-sand-200 pt-4" data-testid="answer-form" noValidate>
      {quotesProduct ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label={t('seller.findProduct')}
            hint={nothingFound ? t('seller.noProductFound') : undefined}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            autoComplete="off"
            className="sm:col-span-2"
            data-testid="answer-product-search"
          />
          <SelectField
            label={t('seller.yourProduct')}
            name="productId"
            error={errors.productId}
            value={productId}
            onChange={(event) => {
              const id = event.target.value;
              setProductId(id);
              setChosen([...(choices?.inCategory ?? []), ...(choices?.others ?? []), ...(chosen ? [chosen] : [])].find((product) => product.id === id) ?? null);
            }}
            data-testid="answer-product"
          >
            <option value="" disabled />
            {chosen ? option(chosen) : null}
            {choices && listed(choices.inCategory).length > 0 ? (
              <optgroup label={t('seller.inCategory', { category: row.request.category.name })}>{listed(choices.inCategory).map(option)}</optgroup>
            ) : null}
            {choices && listed(choices.others).length > 0 ? <optgroup label={t('seller.otherProducts')}>{listed(choices.others).map(option)}</optgroup> : null}
          </SelectField>
          {variants.length > 0 ? (
            <SelectField label={t('seller.variant')} name="variantId" error={errors.variantId} defaultValue="" data-testid="answer-variant">
              <option value="" disabled />
              {variants.map((variant) => (
                <option key={variant.id} value={variant.id}>
                  {variantLabel(variant, t('seller.inStock', { count: variant.stock }))}
                </option>
              ))}
            </SelectField>
          ) : null}
        </div>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField label={t('unitPrice')} name="unitPrice" inputMode="decimal" error={errors.unitPrice} required data-testid="answer-price" />
        <TextField label={t('seller.leadTimeDays')} name="leadTimeDays" type="number" min={0} defaultValue={14} error={errors.leadTimeDays} required />
        <TextField
          label={t('validUntil')}
          name="validUntil"
          type="date"
          defaultValue={inTen}
          error={errors.validUntil}
          required
          data-testid="answer-valid-until"
        />
      </div>
      <TextAreaField label={t('tiers')} hint={t('seller.tiersHint')} name="tiers" rows={2} error={errors.tiers} dir="ltr" />
      <TextAreaField label={t('terms')} name="terms" rows={2} error={errors.terms} dir="auto" data-testid="answer-terms" />
      <AttachmentsField files={files} onChange={setFiles} error={errors.attachmentIds} />
      {errors.form ? (
        <p role="alert" className="rounded-xl bg-clay-50 p-3 text-clay-800">
          {errors.form}
        </p>
      ) : null}
      <div>
        <Button type="submit" disabled={busy} data-testid="answer-send">
          {busy ? tp('common.loading') : t('seller.answer')}
        </Button>
      </div>
    </form>
  );
}
