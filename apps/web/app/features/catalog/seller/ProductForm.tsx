import {
  CURRENCIES,
  LANGUAGES,
  MAKER_TYPES,
  PRODUCTION_METHODS,
  ZProductInputSchema,
  type Language,
  type TBrand,
  type TCategory,
  type TImage,
  type TProductCustomisation,
  type TSellerProduct,
  catalogLabel,
} from '@tessera/contracts';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import { draftBinder } from '../../../lib/draft-field';
import { useNavigate, useRevalidator } from 'react-router';
import { formatNumber } from '../../../lib/format';
import { usePreferences } from '../../../lib/preferences';
import { Button, ButtonLink } from '../../../ui/Button';
import { ChipsInput } from '../../../ui/ChipsInput';
import { Container } from '../../../ui/Container';
import { CustomisationCard } from '../../commissions/seller/CustomisationCard';
import { useSnackbar } from '../../../ui/snackbar';
import { countryOptions } from '../../../ui/countries';
import { errorAt, errorField, errorText, fieldErrorsFromIssues, type FieldErrors } from '../../../lib/errors';
import { usePortalSession } from '../../portal-shell/session';
import { Badge, PageTitle } from '../../../ui/bits';
import { Dialog } from '../../../ui/Dialog';
import { SelectField, TextField } from '../../../ui/fields';
import { LocalizedTabs } from '../../../ui/LocalizedFields';
import { localized, useSellerStore } from '../../portal-shell/SellerPortal';
import { createProduct, deleteProduct, setPublished, updateProduct, uploadImages } from './api';
import { CertificatesEditor } from './CertificatesEditor';
import { categoryOptions, discountPercent, draftOf, emptyDraft, materialsTotal, payloadOf, toMinor, variantStockTotal, asciiDigits, type Draft } from './draft';
import { PendingImages, SavedImages, type PendingImage } from './ImagesEditor';
import { PublishBlockedNotice, STATUS_TONE } from './ProductList';
import { MaterialsEditor, SectionCard, SpecsEditor, VariantsEditor } from './RowEditors';
import { SizeChartEditor } from './SizeChartEditor';

const TEXT_FIELDS = ['title', 'description', 'highlights'] as const;

/** The language tab holding the first text error, if any. */
function languageWithError(errors: FieldErrors): Language | null {
  for (const lng of LANGUAGES) if (TEXT_FIELDS.some((field) => errorAt(errors, `${field}.${lng}`))) return lng;
  return null;
}

function TextsSection({
  draft,
  update,
  errors,
  tab,
  onTab,
}: {
  draft: Draft;
  update: SectionUpdate;
  errors: FieldErrors;
  tab: Language;
  onTab(tab: Language): void;
}) {
  const { t } = useTranslation('sellerCatalog');
  return (
    <SectionCard title={t('form.texts')}>
      <LocalizedTabs
        label={t('form.textLanguage')}
        missingLabel={t('form.missing')}
        fields={[
          { name: 'title', label: t('form.productTitle'), maxLength: 140 },
          { name: 'description', label: t('form.description'), multiline: true, rows: 6, maxLength: 5000 },
          { name: 'highlights', label: t('form.highlights'), required: false, multiline: true, rows: 4, hint: t('form.highlightsHint') },
        ]}
        values={draft}
        errors={errors}
        tab={tab}
        onTab={onTab}
        onChange={(name, lng, value) => update((d) => ({ ...d, [name]: { ...d[name], [lng]: value } }), `${name}.${lng}`)}
      />
    </SectionCard>
  );
}

type SectionUpdate = (change: (draft: Draft) => Draft, field: string) => void;

function PricingSection({ draft, update, errors }: { draft: Draft; update: SectionUpdate; errors: FieldErrors }) {
  const bind = draftBinder(draft, errors, update);
  const { t } = useTranslation('sellerCatalog');
  const { language } = usePreferences();
  const price = toMinor(draft.price, draft.currency);
  const mrp = draft.mrp.trim() ? toMinor(draft.mrp, draft.currency) : price;
  const discount = discountPercent(price, mrp);
  const hasVariants = draft.variants.length > 0;
  return (
    <SectionCard title={t('form.pricing')}>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <SelectField label={t('form.currency')} name="currency" {...bind('currency')}>
          {CURRENCIES.map((c) => (
            <option key={c.code} value={c.code}>
              {c.code} ({c.symbol})
            </option>
          ))}
        </SelectField>
        <TextField label={t('form.price')} name="price" inputMode="decimal" dir="ltr" hint={t('form.priceHint')} {...bind('price', asciiDigits)} />
        <TextField label={t('form.mrp')} name="mrp" inputMode="decimal" dir="ltr" optional hint={t('form.mrpHint')} {...bind('mrp', asciiDigits)} />
      </div>
      <p className="mt-3 text-sm font-medium text-moss-800" aria-live="polite" data-testid="discount-preview">
        {discount > 0 ? t('form.discount', { percent: formatNumber(discount, language) }) : t('form.noDiscount')}
      </p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <TextField label={t('form.moq')} name="moq" inputMode="numeric" dir="ltr" {...bind('moq', asciiDigits)} />
        <TextField
          label={t('form.stock')}
          name="stock"
          inputMode="numeric"
          dir="ltr"
          disabled={hasVariants}
          hint={hasVariants ? t('form.stockFromVariants', { total: formatNumber(variantStockTotal(draft), language) }) : undefined}
          value={hasVariants ? String(variantStockTotal(draft)) : draft.stock}
          error={errors.stock}
          onChange={(e) => {
            const value = asciiDigits(e.target.value);
            update((d) => ({ ...d, stock: value }), 'stock');
          }}
        />
      </div>
      <label className="mt-4 flex items-start gap-3">
        <input
          type="checkbox"
          className="mt-1 h-5 w-5 shrink-0 accent-moss-700"
          checked={draft.restockable}
          onChange={(e) => {
            const value = e.target.checked;
            update((d) => ({ ...d, restockable: value }), 'restockable');
          }}
        />
        <span>
          <span className="block font-semibold">{t('form.restockable')}</span>
          <span className="block text-sm text-ink-muted">{t('form.restockableHint')}</span>
        </span>
      </label>
    </SectionCard>
  );
}

function ProvenanceSection({ draft, update, errors }: { draft: Draft; update: SectionUpdate; errors: FieldErrors }) {
  const bind = draftBinder(draft, errors, update);
  const { t } = useTranslation('sellerCatalog');
  const { language } = usePreferences();
  const countries = useMemo(() => countryOptions(language), [language]);
  const text = (field: 'originRegion' | 'makerName') => (e: { target: { value: string } }) => {
    const value = e.target.value;
    update((d) => ({ ...d, [field]: value }), field);
  };
  return (
    <SectionCard title={t('form.provenance')} lead={t('form.provenanceLead')} testId="provenance">
      <MaterialsEditor draft={draft} update={update} errors={errors} />
      <div className="mt-6 grid gap-4 sm:grid-cols-2">
        <SelectField label={t('form.originCountry')} name="originCountry" {...bind('originCountry')}>
          <option value="">—</option>
          {countries.map((country) => (
            <option key={country.value} value={country.value} suppressHydrationWarning>
              {country.label}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('form.originRegion')}
          name="originRegion"
          dir="auto"
          optional
          maxLength={80}
          hint={t('form.originRegionHint')}
          value={draft.originRegion}
          error={errors.originRegion}
          onChange={text('originRegion')}
        />
        <TextField
          label={t('form.makerName')}
          name="makerName"
          dir="auto"
          maxLength={120}
          hint={t('form.makerNameHint')}
          value={draft.makerName}
          error={errors.makerName}
          onChange={text('makerName')}
        />
        <SelectField label={t('form.makerType')} name="makerType" {...bind('makerType')}>
          {MAKER_TYPES.map((type) => (
            <option key={type} value={type}>
              {catalogLabel('makerType', type, language)}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('form.productionMethod')} name="productionMethod" {...bind('productionMethod')}>
          {PRODUCTION_METHODS.map((method) => (
            <option key={method} value={method}>
              {catalogLabel('productionMethod', method, language)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('form.leadTime')}
          name="leadTimeDays"
          inputMode="numeric"
          dir="ltr"
          hint={t('form.leadTimeHint')}
          {...bind('leadTimeDays', asciiDigits)}
        />
      </div>
    </SectionCard>
  );
}

function ClassificationSection({ draft, update, errors, choices }: { draft: Draft; update: SectionUpdate; errors: FieldErrors; choices: Choices }) {
  const bind = draftBinder(draft, errors, update);
  const { t } = useTranslation('sellerCatalog');
  const { categories, brands } = choices;
  const options = useMemo(() => categoryOptions(categories), [categories]);
  return (
    <SectionCard title={t('form.classification')}>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label={t('form.category')} name="categoryId" {...bind('categoryId')}>
          <option value="">{t('form.chooseCategory')}</option>
          {options.map((option) => (
            <option key={option.id} value={option.id}>
              {`${'\u00a0\u00a0'.repeat(option.depth)}${option.name}`}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('form.brand')} name="brandId" optional {...bind('brandId')}>
          <option value="">{t('form.noBrand')}</option>
          {brands.map((brand) => (
            <option key={brand.id} value={brand.id}>
              {brand.name}
            </option>
          ))}
        </SelectField>
        <TextField label={t('form.manufacturer')} name="manufacturer" dir="auto" maxLength={120} hint={t('form.manufacturerHint')} {...bind('manufacturer')} />
      </div>
    </SectionCard>
  );
}

/** Client-side checks: the contracts schema, plus what it cannot say (shares totalling 100, MRP not below the price). */
function check(
  draft: Draft,
  language: Language,
  messages: { englishRequired: string; invalid: string; mrpBelowPrice: string; materialsMustTotal(total: string): string },
): FieldErrors {
  const payload = payloadOf(draft);
  const parsed = ZProductInputSchema.safeParse(payload);
  const found: FieldErrors = parsed.success
    ? {}
    : fieldErrorsFromIssues(parsed.error.issues, language, (field) =>
        field === 'title.en' || field === 'description.en' ? messages.englishRequired : messages.invalid,
      );
  if (payload.price > 0 && payload.mrp > 0 && payload.mrp < payload.price) found.mrp = messages.mrpBelowPrice;
  payload.variants.forEach((variant, i) => {
    const price = variant.price ?? payload.price;
    if (variant.mrp != null && variant.mrp > 0 && price > 0 && variant.mrp < price) found[`variants.${i}.mrp`] = messages.mrpBelowPrice;
  });
  const total = materialsTotal(draft);
  if (total !== 100) found.materials = messages.materialsMustTotal(formatNumber(total, language));
  return found;
}

/** The category and brand lists of the form, in the page's language (from the route's loader). */
export interface Choices {
  categories: TCategory[];
  brands: TBrand[];
}

/**
 * The product form (/seller/products/new, /seller/products/:id). The route's loader brings the product,
 * the choices and the customisation; saving is one workflow of several requests (create, each photo,
 * publish) whose partial outcome the form keeps, so it calls the api itself.
 */
export function ProductForm({ product, choices, customisation }: { product: TSellerProduct | null; choices: Choices; customisation?: TProductCustomisation }) {
  const { t } = useTranslation('sellerCatalog');
  const { t: tp } = useTranslation('portal');
  const { t: tr } = useTranslation();
  const { language } = usePreferences();
  const session = usePortalSession();
  const store = useSellerStore();
  const snackbar = useSnackbar();
  const navigate = useNavigate();
  const [saved, setSaved] = useState<TSellerProduct | null>(product);
  const [draft, setDraft] = useState<Draft>(() => (product ? draftOf(product) : emptyDraft()));
  const [images, setImages] = useState<TImage[]>(product?.images ?? []);
  const [pending, setPending] = useState<PendingImage[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [tab, setTab] = useState<Language>('en');
  const [busy, setBusy] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const canPublish = store.data?.status === 'approved';
  // The category and brand names are the page's language: another language reads them again.
  const revalidator = useRevalidator();
  const shownLanguage = useRef(language);
  useEffect(() => {
    if (shownLanguage.current === language) return;
    shownLanguage.current = language;
    void revalidator.revalidate();
    // Only a change of language reads again (the revalidator changes identity often).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [language]);
  const published = saved?.status === 'published';
  const title = localized(saved?.title ?? draft.title, language);

  const update: SectionUpdate = (change, field) => {
    setDraft(change);
    setErrors((current) => {
      const keys = Object.keys(current).filter((k) => k === field || k.startsWith(`${field}.`) || field.startsWith(`${k}.`));
      if (keys.length === 0) return current;
      const next = { ...current };
      for (const k of keys) delete next[k];
      return next;
    });
  };

  function showErrors(found: FieldErrors, message: string = t('form.fixErrors')) {
    setErrors(found);
    const lng = languageWithError(found);
    if (lng) setTab(lng);
    snackbar(message, { variant: 'error' });
    // The first field in error, once React has drawn the messages.
    requestAnimationFrame(() => document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  }

  /** Saves the form; `publish` then publishes it. A new product is created, gets its photos, and its page opens. */
  async function save(publish: boolean) {
    const found = check(draft, language, {
      englishRequired: t('form.englishRequired'),
      invalid: t('form.invalid'),
      mrpBelowPrice: t('form.mrpBelowPrice'),
      materialsMustTotal: (total) => t('form.materialsMustTotal', { total }),
    });
    if (Object.keys(found).length > 0) return showErrors(found);
    setErrors({});
    setBusy(true);
    const client = session.client();
    // The last state the server confirmed; null while nothing was saved.
    let current: TSellerProduct | null = null;
    try {
      current = saved ? await updateProduct(client, saved.id, payloadOf(draft)) : await createProduct(client, payloadOf(draft));
      if (!saved) {
        // One request per photo: a photo the server refuses is named and left out, the others are kept.
        for (const photo of pending) {
          try {
            current = await uploadImages(client, current.id, [photo.file]);
          } catch (failure) {
            if (!errorField(failure)) throw failure;
            snackbar(tr('upload.refused', { name: `\u2068${photo.file.name}\u2069`, reason: errorText(failure, tp) }), { variant: 'error' });
          }
        }
      }
      if (publish && current.status !== 'published') current = await setPublished(client, current.id, true);
      snackbar(publish ? t('form.published') : saved ? t('form.saved') : t('form.created'));
    } catch (failure) {
      const field = errorField(failure);
      const message = errorText(failure, tp);
      if (field && !current) showErrors({ [field === 'title' || field === 'description' ? `${field}.en` : field]: message }, message);
      else snackbar(message, { variant: 'error' });
    } finally {
      setBusy(false);
    }
    if (!current) return;
    if (!saved) {
      // The product exists now: its own page edits it (photos go straight to the server there).
      navigate(`/seller/products/${current.id}`, { replace: true });
      return;
    }
    setSaved(current);
    setImages(current.images);
    setDraft(draftOf(current));
  }

  async function unpublish() {
    if (!saved) return;
    setBusy(true);
    try {
      const next = await setPublished(session.client(), saved.id, false);
      setSaved(next);
      snackbar(t('form.unpublished'));
    } catch (failure) {
      snackbar(errorText(failure, tp), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (!saved) return;
    setBusy(true);
    try {
      await deleteProduct(session.client(), saved.id);
      snackbar(t('form.deleted'));
      navigate('/seller/products', { replace: true });
    } catch (failure) {
      snackbar(errorText(failure, tp), { variant: 'error' });
      setBusy(false);
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void save(false);
  }

  const sectionProps = { draft, update, errors };
  return (
    <Container className="py-8 sm:py-10">
      <ButtonLink to="/seller/products" variant="ghost" className="-ms-3 mb-2 px-3 text-sm">
        <span aria-hidden="true" className="rtl:rotate-180">
          ←
        </span>
        {t('form.back')}
      </ButtonLink>
      <PageTitle title={saved ? t('form.editTitle') : t('form.newTitle')} lead={t('form.lead')}>
        {saved ? (
          <Badge tone={STATUS_TONE[saved.status]} testId="product-form-status">
            {t(`status.${saved.status}`)}
          </Badge>
        ) : null}
      </PageTitle>
      <form onSubmit={submit} noValidate className="space-y-6" data-testid="product-form">
        <PublishBlockedNotice store={store.data} />
        <TextsSection {...sectionProps} tab={tab} onTab={setTab} />
        {saved ? <SavedImages productId={saved.id} images={images} onChange={setImages} /> : <PendingImages files={pending} onChange={setPending} />}
        <ClassificationSection {...sectionProps} choices={choices} />
        <PricingSection {...sectionProps} />
        <VariantsEditor {...sectionProps} />
        <ProvenanceSection {...sectionProps} />
        <CertificatesEditor {...sectionProps} productId={saved?.id ?? null} />
        <SpecsEditor {...sectionProps} />
        <SizeChartEditor {...sectionProps} />
        <SectionCard title={t('form.tags')}>
          <ChipsInput
            label={t('form.tags')}
            name="tags"
            hint={t('form.tagsHint')}
            values={draft.tags}
            error={errorAt(errors, 'tags')}
            maxLength={40}
            addText={t('form.addTag')}
            listLabel={t('form.tagList')}
            removeLabel={(value) => t('form.removeTag', { value })}
            onChange={(values) => update((d) => ({ ...d, tags: [...new Set(values.map((v) => v.trim().toLowerCase()).filter(Boolean))].slice(0, 20) }), 'tags')}
          />
        </SectionCard>

        <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center gap-2 border-t border-sand-200 bg-sand-50/95 px-4 py-3 backdrop-blur sm:static sm:mx-0 sm:gap-3 sm:border-0 sm:bg-transparent sm:p-0">
          <Button type="submit" variant={published ? 'primary' : 'secondary'} disabled={busy} className="flex-1 sm:flex-none" data-testid="save-product">
            {busy ? t('form.saving') : saved ? t('form.save') : t('form.saveDraft')}
          </Button>
          {published ? (
            <Button variant="ghost" disabled={busy} onClick={unpublish} className="flex-1 sm:flex-none" data-testid="unpublish-product">
              {t('form.unpublish')}
            </Button>
          ) : (
            <Button disabled={busy || !canPublish} onClick={() => void save(true)} className="flex-1 sm:flex-none" data-testid="publish-product">
              {t('form.saveAndPublish')}
            </Button>
          )}
          {saved ? (
            <Button variant="ghost" disabled={busy} onClick={() => setConfirmDelete(true)} className="text-clay-700 sm:ms-auto" data-testid="delete-product">
              {t('form.delete')}
            </Button>
          ) : null}
        </div>
      </form>
      {saved && customisation ? <CustomisationCard saved={customisation} /> : null}
      <Dialog open={confirmDelete} title={t('form.deleteTitle')} description={t('form.deleteBody', { title })} onClose={() => setConfirmDelete(false)}>
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={() => setConfirmDelete(false)}>
            {t('form.cancel')}
          </Button>
          <Button onClick={remove} disabled={busy} className="bg-clay-700 hover:bg-clay-700/90" data-testid="confirm-delete">
            {t('form.deleteConfirm')}
          </Button>
        </div>
      </Dialog>
    </Container>
  );
}
