import { LANGUAGES, STORE_LOGO_MAX_BYTES, VALIDATION_MESSAGES, ZStoreUpdateSchema, type Language, type TStore, type TStoreUpdate } from '@tessera/contracts';
import { useId, useMemo, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import { draftBinder } from '../../../lib/draft-field';
import { usePreferences } from '../../../lib/preferences';
import { Button } from '../../../ui/Button';
import { Container } from '../../../ui/Container';
import { useSnackbar } from '../../../ui/snackbar';
import { countryOptions } from '../../../ui/countries';
import { fieldErrorsFromIssues, type FieldErrors } from '../../../lib/errors';
import { Card, PageTitle } from '../../../ui/bits';
import { UploadImage } from '../../portal-shell/blob';
import { SelectField, TextAreaField, TextField } from '../../../ui/fields';
import { LocalizedTabs } from '../../../ui/LocalizedFields';
import { useSellerStore } from '../../portal-shell/SellerPortal';
import { useAction } from '../../../lib/route-data';
import { StoreNotLoaded, StoreStatusNotice } from './SellerHome';

type Texts = Record<Language, string>;
const POLICY_KEYS = ['shipping', 'returns', 'payment', 'customOrders'] as const;

interface Draft {
  storeName: Texts;
  description: Texts;
  storeAliasName: string;
  country: string;
  city: string;
  address: string;
  policies: Record<(typeof POLICY_KEYS)[number], string>;
}

function texts(record: Record<string, string>): Texts {
  return Object.fromEntries(LANGUAGES.map((lng) => [lng, record[lng] ?? ''])) as Texts;
}

function draftOf(store: TStore): Draft {
  return {
    storeName: texts(store.storeName),
    description: texts(store.description),
    storeAliasName: store.storeAliasName,
    country: store.country,
    city: store.city,
    address: store.address ?? '',
    policies: {
      shipping: store.policies.shipping ?? '',
      returns: store.policies.returns ?? '',
      payment: store.policies.payment ?? '',
      customOrders: store.policies.customOrders ?? '',
    },
  };
}

/** Only the languages written; the server requires English and falls back to it. */
function written(text: Texts): Partial<Texts> {
  return Object.fromEntries(LANGUAGES.flatMap((lng) => (text[lng].trim() ? [[lng, text[lng].trim()]] : [])));
}

function payloadOf(draft: Draft): TStoreUpdate {
  const description = written(draft.description);
  return {
    storeName: written(draft.storeName),
    // A description without its English text would be refused: it is checked before sending.
    ...(Object.keys(description).length > 0 ? { description } : {}),
    storeAliasName: draft.storeAliasName.trim(),
    country: draft.country,
    city: draft.city.trim(),
    address: draft.address.trim() || null,
    policies: Object.fromEntries(POLICY_KEYS.map((key) => [key, draft.policies[key].trim()])),
  };
}

function LogoSection({ store }: { store: TStore }) {
  const { t } = useTranslation('portal');
  const snackbar = useSnackbar();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const logo = store.logoImages;
  const hasLogo = Boolean(logo.logoImageweb);

  const saving = useAction<TStore>({
    done: () => snackbar(t('seller.store.logoSaved')),
    failed: (problem) => {
      setError(problem.message);
      snackbar(problem.message, { variant: 'error' });
    },
  });
  const busy = saving.pending;

  function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > STORE_LOGO_MAX_BYTES) {
      setError(t('seller.store.logoTooLarge'));
      snackbar(t('seller.store.logoTooLarge'), { variant: 'error' });
      return;
    }
    setError(null);
    const form = new FormData();
    form.append('logo', file, file.name);
    void saving.upload('uploadLogo', form);
  }

  const sizes = [
    { key: 'web', path: logo.logoImageweb, frame: 'h-32 w-32 sm:h-40 sm:w-40' },
    { key: 'mobile', path: logo.logoImageMobile, frame: 'h-24 w-24' },
    { key: 'thumb', path: logo.logoImageThumb, frame: 'h-16 w-16' },
  ] as const;

  return (
    <Card title={t('seller.store.logo')}>
      <p className="mt-1 text-ink-muted" id={`${inputId}-hint`}>
        {t('seller.store.logoLead')}
      </p>
      {hasLogo ? (
        <ul className="mt-5 flex flex-wrap items-end gap-5" data-testid="logo-previews">
          {sizes.map((size) => (
            <li key={size.key} className="flex flex-col items-center gap-2">
              <UploadImage path={size.path} alt={t(`seller.store.sizes.${size.key}`)} frameClassName={size.frame} testId={`logo-${size.key}`} />
              <span className="text-sm text-ink-muted">{t(`seller.store.sizes.${size.key}`)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-5 rounded-xl border border-dashed border-sand-300 bg-sand-50 px-4 py-6 text-center text-ink-muted">{t('seller.store.noLogo')}</p>
      )}
      <div className="mt-5">
        <input
          ref={input}
          id={inputId}
          type="file"
          name="logo"
          accept="image/png,image/jpeg,image/webp,image/gif"
          className="sr-only"
          onChange={upload}
          disabled={busy}
          aria-describedby={`${inputId}-hint`}
          // The button below opens it: named like it, and out of the tab order so the keyboard meets one control.
          aria-label={hasLogo ? t('seller.store.replaceLogo') : t('seller.store.chooseLogo')}
          tabIndex={-1}
          data-testid="logo-input"
        />
        <Button variant="secondary" onClick={() => input.current?.click()} disabled={busy}>
          {busy ? t('seller.store.uploading') : hasLogo ? t('seller.store.replaceLogo') : t('seller.store.chooseLogo')}
        </Button>
        {error ? (
          <p className="mt-2 text-sm font-medium text-clay-700" role="alert" data-testid="logo-error">
            {error}
          </p>
        ) : null}
      </div>
    </Card>
  );
}

function EditorForm({ store }: { store: TStore }) {
  const { t } = useTranslation('portal');
  const { language } = usePreferences();
  const snackbar = useSnackbar();
  const [draft, setDraft] = useState<Draft>(() => draftOf(store));
  const [tab, setTab] = useState<Language>(language);
  const [errors, setErrors] = useState<FieldErrors>({});
  // The layout's loader brings the saved store to the header and the pages; the form shows what was saved.
  const saving = useAction<TStore>({
    done: (saved) => {
      setDraft(draftOf(saved));
      snackbar(t('seller.store.saved'));
    },
    failed: (problem) => {
      if (problem.field) setErrors({ [problem.field]: problem.message });
      snackbar(problem.message, { variant: 'error' });
    },
  });
  const busy = saving.pending;
  const countries = useMemo(() => countryOptions(language), [language]);
  const messages = VALIDATION_MESSAGES[language];

  function update(change: (draft: Draft) => Draft, field: string) {
    setDraft(change);
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  }
  const bind = draftBinder(draft, errors, update);

  function fallback(field: string): string {
    if (field.startsWith('storeName')) return t('seller.store.englishRequired');
    if (field === 'storeAliasName') return t('seller.signup.storeAliasInvalid');
    return messages.REQUIRED;
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const payload = payloadOf(draft);
    const parsed = ZStoreUpdateSchema.safeParse(payload);
    const found: FieldErrors = parsed.success ? {} : fieldErrorsFromIssues(parsed.error.issues, language, fallback);
    if (Object.keys(written(draft.description)).length > 0 && !draft.description.en.trim()) found['description.en'] = messages.REQUIRED;
    if (!draft.storeName.en.trim()) found['storeName.en'] = t('seller.store.englishRequired');
    if (Object.keys(found).length > 0) {
      setErrors(found);
      // The missing English text sits on the English tab.
      if (found['storeName.en'] || found['description.en']) setTab('en');
      snackbar(Object.values(found)[0] ?? messages.REQUIRED, { variant: 'error' });
      return;
    }
    setErrors({});
    void saving.submit('saveStore', payload);
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-6" data-testid="store-editor">
      <Card title={t('seller.store.texts')}>
        <div className="mt-3">
          <LocalizedTabs
            label={t('seller.store.textLanguage')}
            missingLabel={t('seller.store.missing')}
            fields={[
              { name: 'storeName', label: t('seller.store.name'), maxLength: 80 },
              {
                name: 'description',
                label: t('seller.store.description'),
                required: false,
                multiline: true,
                rows: 6,
                maxLength: 4000,
                hint: t('seller.store.descriptionHint'),
              },
            ]}
            values={draft}
            errors={errors}
            tab={tab}
            onTab={setTab}
            onChange={(name, lng, value) => update((d) => ({ ...d, [name]: { ...d[name], [lng]: value } }), `${name}.${lng}`)}
          />
        </div>
      </Card>

      <Card title={t('seller.store.identity')}>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('seller.store.alias')}
            name="storeAliasName"
            hint={t('seller.signup.storeAliasHint')}
            dir="ltr"
            autoCapitalize="none"
            spellCheck={false}
            {...bind('storeAliasName', (value) => value.toLowerCase())}
          />
          <SelectField label={t('seller.store.country')} name="country" {...bind('country')}>
            {countries.map((country) => (
              <option key={country.value} value={country.value} suppressHydrationWarning>
                {country.label}
              </option>
            ))}
          </SelectField>
          <TextField label={t('seller.store.city')} name="city" dir="auto" {...bind('city')} />
          <TextField label={t('seller.store.address')} name="address" dir="auto" optional maxLength={300} {...bind('address')} />
        </div>
      </Card>

      <Card title={t('seller.store.policies')}>
        <div className="mt-4 grid gap-4 lg:grid-cols-2">
          {POLICY_KEYS.map((key) => (
            <TextAreaField
              key={key}
              label={t(`seller.store.${key}`)}
              name={`policies.${key}`}
              dir="auto"
              optional
              maxLength={2000}
              hint={t('seller.store.policyHint')}
              value={draft.policies[key]}
              error={errors[`policies.${key}`]}
              onChange={(e) => {
                const value = e.target.value;
                update((d) => ({ ...d, policies: { ...d.policies, [key]: value } }), `policies.${key}`);
              }}
            />
          ))}
        </div>
      </Card>

      <div className="sticky bottom-0 z-10 -mx-4 border-t border-sand-200 bg-sand-50/95 px-4 py-3 backdrop-blur sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0">
        <Button type="submit" disabled={busy} className="w-full sm:w-auto">
          {busy ? t('common.saving') : t('seller.store.save')}
        </Button>
      </div>
    </form>
  );
}

export function StoreEditor() {
  const { t } = useTranslation('portal');
  const store = useSellerStore();

  return (
    <Container className="py-8 sm:py-10">
      <PageTitle title={t('seller.store.title')} lead={t('seller.store.lead')} />
      {store.data ? (
        <div className="space-y-6">
          {store.data.status !== 'approved' ? <StoreStatusNotice store={store.data} /> : null}
          <LogoSection store={store.data} />
          <EditorForm key={store.data.id} store={store.data} />
        </div>
      ) : (
        <StoreNotLoaded store={store} />
      )}
    </Container>
  );
}
