import { COLOUR_KEYS, COLOURS, LANGUAGES, MATERIALS, SIZES, type Colour, type Language, type Material, type Size, catalogLabel } from '@tessera/contracts';
import { useId, useState, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import { formatNumber } from '../../../lib/format';
import { LANGUAGE_NAMES } from '../../../lib/i18n';
import { usePreferences } from '../../../lib/preferences';
import { Button } from '../../../ui/Button';
import { CloseIcon } from '../../../ui/icons';
import { PlusIcon } from '../../../ui/more-icons';
import { type FieldErrors } from '../../../lib/errors';
import { Card } from '../../../ui/bits';
import { Tabs } from '../../../ui/Tabs';
import { asciiDigits, emptySpec, materialsTotal, rowKey, toMinor, variantStockTotal, type Draft } from './draft';

/** The language tabs of a translated table (specs, size chart): each language, marked where the English is not translated yet. */
export function translationTabs(untranslated: (lng: Language) => boolean, note: string) {
  return LANGUAGES.map((lng) => ({
    key: lng,
    label: LANGUAGE_NAMES[lng],
    lang: lng,
    badge: untranslated(lng) ? <span className="text-xs font-normal text-ink-muted">{note}</span> : undefined,
  }));
}

/** What every section of the product form receives. */
export interface SectionProps {
  draft: Draft;
  /** Changes the draft and clears the errors of `field` (a dotted path, or a prefix of several). */
  update(change: (draft: Draft) => Draft, field: string): void;
  errors: FieldErrors;
}

const CONTROL_INVALID = 'aria-[invalid=true]:border-clay-600 aria-[invalid=true]:bg-clay-50';

/** A small labelled control for a row of a repeating section. */
function Mini({
  label,
  error,
  className = '',
  children,
}: {
  label: string;
  error?: string | undefined;
  className?: string;
  children: (props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}) {
  const id = useId();
  return (
    <div className={`min-w-0 ${className}`}>
      <label htmlFor={id} className="mb-1 block text-xs font-semibold text-ink-muted">
        {label}
      </label>
      {children({ id, ...(error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {}) })}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs font-medium text-clay-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function MiniInput({
  label,
  error,
  className,
  ...input
}: { label: string; error?: string | undefined; className?: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Mini label={label} error={error} className={className}>
      {(aria) => <input className={`field py-1.5 ${CONTROL_INVALID}`} {...aria} {...input} />}
    </Mini>
  );
}

export function MiniSelect({
  label,
  error,
  className,
  children,
  ...select
}: { label: string; error?: string | undefined; className?: string; children: ReactNode } & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <Mini label={label} error={error} className={className}>
      {(aria) => (
        <select className={`select py-1.5 ${CONTROL_INVALID}`} {...aria} {...select}>
          {children}
        </select>
      )}
    </Mini>
  );
}

export function RemoveButton({ label, onClick }: { label: string; onClick(): void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      title={label}
      className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-clay-700 hover:bg-clay-50"
    >
      <CloseIcon width={18} height={18} />
    </button>
  );
}

export function AddButton({ children, onClick, testId }: { children: ReactNode; onClick(): void; testId?: string }) {
  return (
    <Button variant="ghost" className="-ms-3 mt-3 px-3 text-sm" onClick={onClick} data-testid={testId}>
      <PlusIcon width={18} height={18} />
      {children}
    </Button>
  );
}

export function SectionCard({ title, lead, children, testId }: { title: string; lead?: string; children: ReactNode; testId?: string }) {
  const id = useId();
  return (
    <Card aria-labelledby={id} data-testid={testId}>
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {lead ? <p className="mt-1 text-ink-muted">{lead}</p> : null}
      <div className="mt-4">{children}</div>
    </Card>
  );
}

const ROW = 'rounded-xl border border-sand-200 bg-sand-50/60 p-3';

function Swatch({ colour }: { colour: Colour | '' }) {
  if (!colour) return <span className="block h-5 w-5 shrink-0" aria-hidden="true" />;
  return <span aria-hidden="true" className="block h-5 w-5 shrink-0 rounded-full ring-1 ring-black/15" style={{ background: COLOURS[colour] }} />;
}

export function VariantsEditor({ draft, update, errors }: SectionProps) {
  const { t } = useTranslation('sellerCatalog');
  const { language } = usePreferences();
  const n = (i: number) => formatNumber(i + 1, language);
  const setRow = (index: number, change: Partial<Draft['variants'][number]>, field: string) =>
    update((d) => ({ ...d, variants: d.variants.map((row, i) => (i === index ? { ...row, ...change } : row)) }), `variants.${index}.${field}`);

  return (
    <SectionCard title={t('form.variants')} lead={t('form.variantsLead')} testId="variants-editor">
      {draft.variants.length > 0 ? (
        <ol className="space-y-3">
          {draft.variants.map((row, index) => {
            const override = row.price.trim() ? toMinor(row.price, draft.currency) : null;
            return (
              <li key={row.key} className={ROW} aria-label={t('form.variantNumber', { number: n(index) })}>
                {/* On one line (sm and up) each label has room for two lines, set at its bottom: a label that wraps
                    (Arabic, Malay) leaves the inputs in line. */}
                <div className="grid grid-cols-2 gap-3 sm:grid-cols-[minmax(0,1.3fr)_minmax(0,0.9fr)_minmax(0,1.1fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,0.8fr)_auto] sm:items-start sm:[&_label]:flex sm:[&_label]:min-h-8 sm:[&_label]:items-end">
                  <div className="flex items-end gap-2">
                    <MiniSelect
                      label={t('form.colour')}
                      className="flex-1"
                      value={row.colour}
                      error={errors[`variants.${index}.colour`]}
                      onChange={(e) => setRow(index, { colour: e.target.value as Colour | '' }, 'colour')}
                    >
                      <option value="">{t('form.none')}</option>
                      {COLOUR_KEYS.map((colour) => (
                        <option key={colour} value={colour}>
                          {catalogLabel('colour', colour, language)}
                        </option>
                      ))}
                    </MiniSelect>
                    <span className="mb-2.5">
                      <Swatch colour={row.colour} />
                    </span>
                  </div>
                  <MiniSelect
                    label={t('form.size')}
                    value={row.size}
                    error={errors[`variants.${index}.size`]}
                    onChange={(e) => setRow(index, { size: e.target.value as Size | '' }, 'size')}
                  >
                    <option value="">{t('form.none')}</option>
                    {SIZES.map((size) => (
                      <option key={size} value={size}>
                        {catalogLabel('size', size, language)}
                      </option>
                    ))}
                  </MiniSelect>
                  <MiniInput
                    label={t('form.sku')}
                    dir="ltr"
                    maxLength={60}
                    value={row.sku}
                    error={errors[`variants.${index}.sku`]}
                    onChange={(e) => setRow(index, { sku: e.target.value }, 'sku')}
                  />
                  <MiniInput
                    label={t('form.priceOverride')}
                    inputMode="decimal"
                    dir="ltr"
                    value={row.price}
                    placeholder={draft.price}
                    error={errors[`variants.${index}.price`] ?? (row.price.trim() && override === null ? t('form.invalid') : undefined)}
                    onChange={(e) => setRow(index, { price: asciiDigits(e.target.value) }, 'price')}
                  />
                  <MiniInput
                    label={t('form.mrpOverride')}
                    inputMode="decimal"
                    dir="ltr"
                    value={row.mrp}
                    placeholder={draft.mrp || draft.price}
                    error={errors[`variants.${index}.mrp`] ?? (row.mrp.trim() && toMinor(row.mrp, draft.currency) === null ? t('form.invalid') : undefined)}
                    onChange={(e) => setRow(index, { mrp: asciiDigits(e.target.value) }, 'mrp')}
                    data-testid="variant-mrp"
                  />
                  <MiniInput
                    label={t('form.variantStock')}
                    inputMode="numeric"
                    dir="ltr"
                    value={row.stock}
                    error={errors[`variants.${index}.stock`]}
                    onChange={(e) => setRow(index, { stock: asciiDigits(e.target.value) }, 'stock')}
                    data-testid="variant-stock"
                  />
                  <div className="flex items-end justify-end sm:mt-9">
                    <RemoveButton
                      label={t('form.removeVariant', { number: n(index) })}
                      onClick={() => update((d) => ({ ...d, variants: d.variants.filter((_, i) => i !== index) }), 'variants')}
                    />
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
      ) : null}
      {errors.variants ? <p className="mt-2 text-sm font-medium text-clay-700">{errors.variants}</p> : null}
      <AddButton
        testId="add-variant"
        onClick={() =>
          update((d) => ({ ...d, variants: [...d.variants, { key: rowKey(), colour: '', size: '', sku: '', price: '', mrp: '', stock: '0' }] }), 'variants')
        }
      >
        {t('form.addVariant')}
      </AddButton>
      {draft.variants.length > 0 ? (
        <p className="mt-2 text-sm text-ink-muted">{t('form.stockFromVariants', { total: formatNumber(variantStockTotal(draft), language) })}</p>
      ) : null}
    </SectionCard>
  );
}

/** Where the error of a spec's field in a language is reported (English is the row's own). */
const specField = (index: number, field: 'label' | 'value', lng: Language) =>
  lng === 'en' ? `specs.${index}.${field}` : `specs.${index}.translations.${lng}.${field}`;

export function SpecsEditor({ draft, update, errors }: SectionProps) {
  const { t } = useTranslation('sellerCatalog');
  const { language } = usePreferences();
  // The specs are written in English first; a tab per language translates them, row by row.
  const [tab, setTab] = useState<Language>('en');
  const n = (i: number) => formatNumber(i + 1, language);
  const setText = (index: number, field: 'label' | 'value', text: string) =>
    update(
      (d) => ({ ...d, specs: d.specs.map((row, i) => (i === index ? { ...row, [field]: { ...row[field], [tab]: text } } : row)) }),
      specField(index, field, tab),
    );
  const untranslated = (lng: Language) =>
    lng !== 'en' && draft.specs.some((row) => (row.label.en.trim() && !row.label[lng].trim()) || (row.value.en.trim() && !row.value[lng].trim()));
  const rows = (
    <>
      {draft.specs.length > 0 ? (
        <ol className="space-y-2">
          {draft.specs.map((row, index) => (
            <li key={row.key} className="grid grid-cols-[minmax(0,1fr)_auto] items-end gap-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)_auto]">
              <MiniInput
                label={t('form.specLabel')}
                lang={tab}
                dir={tab === 'ar' ? 'rtl' : 'auto'}
                maxLength={80}
                value={row.label[tab]}
                placeholder={tab === 'en' ? undefined : row.label.en}
                error={errors[specField(index, 'label', tab)]}
                onChange={(e) => setText(index, 'label', e.target.value)}
              />
              <MiniInput
                label={t('form.specValue')}
                lang={tab}
                dir={tab === 'ar' ? 'rtl' : 'auto'}
                maxLength={300}
                className="order-3 col-span-2 sm:order-none sm:col-span-1"
                value={row.value[tab]}
                placeholder={tab === 'en' ? undefined : row.value.en}
                error={errors[specField(index, 'value', tab)]}
                onChange={(e) => setText(index, 'value', e.target.value)}
              />
              <RemoveButton
                label={t('form.removeSpec', { number: n(index) })}
                onClick={() => update((d) => ({ ...d, specs: d.specs.filter((_, i) => i !== index) }), 'specs')}
              />
            </li>
          ))}
        </ol>
      ) : null}
      <AddButton onClick={() => update((d) => ({ ...d, specs: [...d.specs, emptySpec()] }), 'specs')}>{t('form.addSpec')}</AddButton>
    </>
  );
  return (
    <SectionCard title={t('form.specs')} lead={t('form.specsLead')} testId="specs-editor">
      {draft.specs.length > 0 ? (
        <Tabs<Language> label={t('form.specLanguage')} items={translationTabs(untranslated, t('form.specsUntranslated'))} selected={tab} onSelect={setTab}>
          {tab === 'en' ? null : <p className="mb-3 text-sm text-ink-muted">{t('form.specsTranslateHint')}</p>}
          {rows}
        </Tabs>
      ) : (
        rows
      )}
    </SectionCard>
  );
}

export function MaterialsEditor({ draft, update, errors }: SectionProps) {
  const { t } = useTranslation('sellerCatalog');
  const { language } = usePreferences();
  const n = (i: number) => formatNumber(i + 1, language);
  const total = materialsTotal(draft);
  const setRow = (index: number, change: Partial<Draft['materials'][number]>, field: string) =>
    update((d) => ({ ...d, materials: d.materials.map((row, i) => (i === index ? { ...row, ...change } : row)) }), `materials.${index}.${field}`);
  const options = [...MATERIALS]
    .map((m) => ({ value: m, label: catalogLabel('material', m, language) }))
    .sort((a, b) => a.label.localeCompare(b.label, language));

  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold">{t('form.materials')}</legend>
      <ol className="space-y-2">
        {draft.materials.map((row, index) => (
          <li key={row.key} className="grid grid-cols-[minmax(0,1fr)_6rem_auto] items-end gap-2">
            <MiniSelect
              label={t('form.material')}
              value={row.material}
              error={errors[`materials.${index}.material`]}
              onChange={(e) => setRow(index, { material: e.target.value as Material | '' }, 'material')}
              data-testid="material-select"
            >
              <option value="">—</option>
              {options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </MiniSelect>
            <MiniInput
              label={t('form.share')}
              inputMode="numeric"
              dir="ltr"
              value={row.share}
              error={errors[`materials.${index}.share`]}
              onChange={(e) => setRow(index, { share: asciiDigits(e.target.value) }, 'share')}
              data-testid="material-share"
            />
            {draft.materials.length > 1 ? (
              <RemoveButton
                label={t('form.removeMaterial', { number: n(index) })}
                onClick={() => update((d) => ({ ...d, materials: d.materials.filter((_, i) => i !== index) }), 'materials')}
              />
            ) : (
              <span className="w-10" />
            )}
          </li>
        ))}
      </ol>
      <p className={`mt-2 text-sm font-medium ${total === 100 ? 'text-moss-800' : 'text-clay-700'}`} aria-live="polite" data-testid="materials-total">
        {total === 100
          ? t('form.materialsTotal', { total: formatNumber(total, language) })
          : (errors.materials ?? t('form.materialsMustTotal', { total: formatNumber(total, language) }))}
      </p>
      {draft.materials.length < 8 ? (
        <AddButton onClick={() => update((d) => ({ ...d, materials: [...d.materials, { key: rowKey(), material: '', share: '' }] }), 'materials')}>
          {t('form.addMaterial')}
        </AddButton>
      ) : null}
    </fieldset>
  );
}
