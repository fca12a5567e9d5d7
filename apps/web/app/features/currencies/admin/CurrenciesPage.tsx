import { ZCurrencyUpsertRequestSchema, zCurrencyCode, type TCurrencyRate } from '@tessera/contracts';
import { useEffect, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import { currencyName } from '../../../lib/display-names';
import { formatDateLabel, formatTime } from '../../../lib/format';
import { usePreferences } from '../../../lib/preferences';
import { Button } from '../../../ui/Button';
import { useSnackbar } from '../../../ui/snackbar';
import type { FieldErrors } from '../../../lib/errors';
import { useDraft } from '../../../lib/draft-field';
import { useAction, type ActionHandlers } from '../../../lib/route-data';
import { portalClient } from '../../portal-shell/clients';
import { Card, Notice, PageTitle } from '../../../ui/bits';
import { TextField } from '../../../ui/fields';
import { useAdmin } from '../../portal-shell/AdminPortal';

const PATH = '/v1/admin/currencies';

export interface CurrencyList {
  defaultCurrency: string;
  currencies: TCurrencyRate[];
}

const admin = () => portalClient('admin');

/** The currencies, for the route's clientLoader. */
export async function loadCurrencies(signal: AbortSignal): Promise<CurrencyList> {
  return (await admin().get<{ data: CurrencyList }>(PATH, { signal })).data;
}

/** PUT /v1/admin/currencies/:code: the route's clientAction runs it (docs/web.md). */
export const currencyActions: ActionHandlers = {
  save: async ({ code, body }: { code: string; body: unknown }) =>
    (await admin().request<{ data: TCurrencyRate }>('PUT', `${PATH}/${encodeURIComponent(code)}`, { body })).data,
};

/**
 * Saving a currency, checked first with the schema the server uses: `save(code, values)` answers the
 * client-side errors (nothing sent) or submits; `done` once the server has it, and the loader brings the list.
 */
function useSaveCurrency(done: () => void, setErrors: (errors: FieldErrors) => void) {
  const { t } = useTranslation('portal');
  const snackbar = useSnackbar();
  const saving = useAction<TCurrencyRate>({
    done: (saved) => {
      snackbar(t('admin.currencies.saved', { code: saved.code }));
      done();
    },
    failed: (problem) => {
      snackbar(problem.message, { variant: 'error' });
      setErrors({ [problem.field ?? 'rate']: problem.message });
    },
  });
  const save = (code: string, values: { rate: string; symbol: string; enabled: boolean }) => {
    const parsed = ZCurrencyUpsertRequestSchema.safeParse({
      rate: values.rate,
      enabled: values.enabled,
      ...(values.symbol.trim() ? { symbol: values.symbol } : {}),
    });
    if (!parsed.success) {
      const errors: FieldErrors = {};
      for (const issue of parsed.error.issues)
        errors[String(issue.path[0])] ??= t(`admin.currencies.invalid.${issue.path[0] === 'symbol' ? 'symbol' : 'rate'}`);
      return setErrors(errors);
    }
    setErrors({});
    void saving.submit('save', { code, body: parsed.data });
  };
  return { save, busy: saving.pending };
}

function CurrencyRow({ currency, base, canEdit }: { currency: TCurrencyRate; base: string; canEdit: boolean }) {
  const { t } = useTranslation('portal');
  const { language } = usePreferences();
  const { values, setValues, setErrors, bind } = useDraft({ rate: currency.rate, symbol: currency.symbol, enabled: currency.enabled });
  const { save, busy } = useSaveCurrency(() => {}, setErrors);
  // The saved currency comes back from the loader with its new time: the form shows what the server has.
  // (The row keeps its key: a new row would lose the save's confirmation.)
  useEffect(() => setValues({ rate: currency.rate, symbol: currency.symbol, enabled: currency.enabled }), [currency.rate, currency.symbol, currency.enabled, currency.updatedAt, setValues]);
  const changed = values.rate !== currency.rate || values.symbol !== currency.symbol || values.enabled !== currency.enabled;
  const name = currencyName(currency.code, language);
  const when = `${formatDateLabel(currency.updatedAt, language)} ${formatTime(currency.updatedAt, language)}`;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save(currency.code, values);
  }

  return (
    <li className="py-4" data-testid="currency-row" data-code={currency.code}>
      <form
        className="grid gap-3 sm:grid-cols-[minmax(10rem,1.3fr)_1fr_6rem] lg:grid-cols-[minmax(12rem,1.3fr)_1fr_6rem_auto_auto] lg:items-start"
        onSubmit={submit}
        noValidate
      >
        <div>
          <p className="font-semibold text-ink">
            <span dir="ltr">{currency.code}</span> · {name}
          </p>
          <p className="text-sm text-ink-muted">{t('admin.currencies.changed', { when })}</p>
        </div>
        {currency.isDefault ? (
          <p className="text-sm text-ink-muted sm:col-span-2 lg:col-span-4" data-testid="default-currency">
            {t('admin.currencies.isDefault')}
          </p>
        ) : (
          <>
            <TextField label={t('admin.currencies.rateFor', { base })} inputMode="decimal" dir="ltr" autoComplete="off" disabled={!canEdit} {...bind('rate')} />
            <TextField label={t('admin.currencies.symbol')} dir="auto" autoComplete="off" disabled={!canEdit} {...bind('symbol')} />
            <label className="flex min-h-10 items-center gap-2 text-sm lg:pt-7">
              <input
                type="checkbox"
                className="size-4 accent-moss-700"
                checked={values.enabled}
                disabled={!canEdit}
                onChange={(event) => setValues((v) => ({ ...v, enabled: event.target.checked }))}
              />
              {t('admin.currencies.shown')}
            </label>
            {canEdit ? (
              <div className="lg:pt-7">
                <Button type="submit" disabled={busy || !changed} className="w-full lg:w-auto">
                  {busy ? t('admin.currencies.saving') : t('admin.currencies.save')}
                  <span className="sr-only"> {currency.code}</span>
                </Button>
              </div>
            ) : null}
          </>
        )}
      </form>
    </li>
  );
}

function AddCurrency({ base, known }: { base: string; known: readonly string[] }) {
  const { t } = useTranslation('portal');
  const empty = { code: '', rate: '', symbol: '' };
  const { values, setValues, setErrors, bind } = useDraft(empty);
  const { save, busy } = useSaveCurrency(() => setValues(empty), setErrors);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = zCurrencyCode().safeParse(values.code);
    if (!code.success || !Intl.supportedValuesOf('currency').includes(code.data)) return setErrors({ code: t('admin.currencies.invalid.code') });
    if (known.includes(code.data)) return setErrors({ code: t('admin.currencies.invalid.exists', { code: code.data }) });
    save(code.data, { rate: values.rate, symbol: values.symbol, enabled: true });
  }

  return (
    <Card title={t('admin.currencies.add')}>
      <form className="mt-4 grid gap-4 sm:grid-cols-3 lg:grid-cols-[8rem_1fr_8rem_auto] lg:items-start" onSubmit={submit} noValidate data-testid="add-currency">
        <TextField label={t('admin.currencies.code')} hint={t('admin.currencies.codeHint')} dir="ltr" maxLength={3} autoComplete="off" {...bind('code')} />
        <TextField label={t('admin.currencies.rateFor', { base })} inputMode="decimal" dir="ltr" autoComplete="off" {...bind('rate')} />
        <TextField label={t('admin.currencies.symbol')} optional dir="auto" autoComplete="off" {...bind('symbol')} />
        <div className="sm:col-span-3 lg:col-span-1 lg:pt-7">
          <Button type="submit" disabled={busy} className="w-full lg:w-auto">
            {busy ? t('admin.currencies.saving') : t('admin.currencies.addButton')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/**
 * The store team's currencies (issue #11 §6): the rate of each currency buyers may choose (units per
 * one unit of the store's currency), its symbol and whether buyers see it; new currencies added.
 * Owners and moderators change them (the server allows them only); support reads.
 */
export function CurrenciesPage({ list }: { list: CurrencyList }) {
  const { t } = useTranslation('portal');
  const { canReview: canEdit } = useAdmin();
  const base = list.defaultCurrency;

  return (
    <div className="space-y-6">
      <PageTitle title={t('admin.currencies.title')} lead={base ? t('admin.currencies.lead', { base }) : undefined} />
      {!canEdit ? (
        <Notice tone="neutral" testId="currencies-read-only">
          {t('admin.currencies.readOnly')}
        </Notice>
      ) : null}
      <>
        <Card title={t('admin.currencies.list')}>
          <ul className="mt-2 divide-y divide-sand-200" data-testid="currencies">
            {list.currencies.map((currency) => (
              <CurrencyRow key={currency.code} currency={currency} base={base} canEdit={canEdit} />
            ))}
          </ul>
        </Card>
        {canEdit ? <AddCurrency base={base} known={list.currencies.map((c) => c.code)} /> : null}
      </>
    </div>
  );
}
