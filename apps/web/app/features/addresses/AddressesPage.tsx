import { ZAddressInputSchema, type TAddress, type TAddressInput, type TProfile } from '@tessera/contracts';
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n/react';
import { usePreferences } from '../../lib/preferences';
import { Alert, FormError } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { dialOf, regionOfDial } from '../../ui/countries';
import { CheckboxField, ChoiceCards, TextField } from '../../ui/Field';
import { describeFailure, useFormState, validateWith } from '../../ui/form';
import { MapPinIcon, PlusIcon } from '../../ui/more-icons';
import { useSnackbar } from '../../ui/snackbar';
import { AccountLoading } from '../auth/AccountLoading';
import { BuyerPhoneField } from '../auth/auth-form';
import { useBuyerAccount } from '../auth/useBuyerAccount';
import { AccountLayout, Panel } from '../profile/AccountLayout';
import { addAddress, deleteAddress, listAddresses, setDefaultAddress, updateAddress } from './api';

type Editing = { mode: 'new' } | { mode: 'edit'; address: TAddress } | null;

/** List, add, edit, delete and choose the default delivery address (exactly one default). */
export function AddressesPage() {
  const { t } = useTranslation();
  const account = useBuyerAccount();
  const snackbar = useSnackbar();
  const [addresses, setAddresses] = useState<TAddress[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [editing, setEditing] = useState<Editing>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const signedIn = account.signedIn && account.profile !== null;

  const load = useCallback(async () => {
    try {
      setAddresses(await listAddresses());
      setLoadFailed(false);
    } catch {
      setLoadFailed(true);
    }
  }, []);

  useEffect(() => {
    if (signedIn) void load();
  }, [signedIn, load]);

  async function act(id: string, work: () => Promise<unknown>, done: string) {
    setBusyId(id);
    try {
      await work();
      snackbar(done);
      await load();
    } catch (error) {
      snackbar(describeFailure(error, [], t('form.network')).message, { variant: 'error' });
    } finally {
      setBusyId(null);
      setConfirming(null);
    }
  }

  if (!account.profile) return <AccountLoading failed={account.failed} />;

  const adding = editing?.mode === 'new';
  return (
    <AccountLayout title={t('addresses.title')} lead={t('addresses.lead')} testId="addresses-page">
      <div className="space-y-5">
        {!adding ? (
          <Button onClick={() => setEditing({ mode: 'new' })} disabled={addresses === null} data-testid="add-address">
            <PlusIcon width={18} height={18} /> {t('addresses.add')}
          </Button>
        ) : (
          <AddressForm
            profile={account.profile}
            first={(addresses?.length ?? 0) === 0}
            onCancel={() => setEditing(null)}
            onSaved={async () => {
              setEditing(null);
              await load();
            }}
          />
        )}
        {loadFailed ? (
          <Alert tone="error">
            {t('addresses.loadError')}{' '}
            <button type="button" className="font-semibold underline" onClick={() => void load()}>
              {t('common.retry')}
            </button>
          </Alert>
        ) : null}
        {addresses === null && !loadFailed ? (
          <p className="text-ink-muted" role="status">
            {t('common.loading')}
          </p>
        ) : null}
        {addresses?.length === 0 && !adding ? (
          <div className="flex flex-col items-center rounded-3xl border border-dashed border-sand-300 bg-white px-6 py-12 text-center" data-testid="addresses-empty">
            <span className="inline-flex h-14 w-14 items-center justify-center rounded-full bg-moss-50 text-moss-700">
              <MapPinIcon width={26} height={26} />
            </span>
            <p className="mt-4 font-semibold text-moss-900">{t('addresses.empty')}</p>
          </div>
        ) : null}
        <ul className="grid gap-4 md:grid-cols-2" data-testid="address-list">
          {addresses?.map((address) =>
            editing?.mode === 'edit' && editing.address.id === address.id ? (
              <li key={address.id} className="md:col-span-2">
                <AddressForm
                  profile={account.profile!}
                  address={address}
                  first={false}
                  onCancel={() => setEditing(null)}
                  onSaved={async () => {
                    setEditing(null);
                    await load();
                  }}
                />
              </li>
            ) : (
              <li key={address.id}>
                <AddressCard
                  address={address}
                  busy={busyId === address.id}
                  confirming={confirming === address.id}
                  onEdit={() => setEditing({ mode: 'edit', address })}
                  onMakeDefault={() => void act(address.id, () => setDefaultAddress(address.id), t('addresses.defaultSet'))}
                  onDelete={() => setConfirming(address.id)}
                  onCancelDelete={() => setConfirming(null)}
                  onConfirmDelete={() => void act(address.id, () => deleteAddress(address.id), t('addresses.deleted'))}
                />
              </li>
            ),
          )}
        </ul>
      </div>
    </AccountLayout>
  );
}

function AddressCard({
  address,
  busy,
  confirming,
  onEdit,
  onMakeDefault,
  onDelete,
  onCancelDelete,
  onConfirmDelete,
}: {
  address: TAddress;
  busy: boolean;
  confirming: boolean;
  onEdit(): void;
  onMakeDefault(): void;
  onDelete(): void;
  onCancelDelete(): void;
  onConfirmDelete(): void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <article
      aria-labelledby={titleId}
      data-testid="address-card"
      data-default={address.isDefault ? 'true' : 'false'}
      className={`flex h-full flex-col rounded-3xl border bg-white p-5 ${address.isDefault ? 'border-moss-600 ring-1 ring-moss-600' : 'border-sand-200'}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={titleId} className="me-auto font-sans text-lg font-semibold" dir="auto">
          {address.name}
        </h2>
        <span className="rounded-full bg-sand-100 px-2.5 py-0.5 text-xs font-semibold text-moss-800">
          {address.addressType === 'home' ? t('addresses.fields.home') : t('addresses.fields.work')}
        </span>
        {address.isDefault ? (
          <span className="rounded-full bg-moss-700 px-2.5 py-0.5 text-xs font-semibold text-white" data-testid="default-badge">
            {t('addresses.default')}
          </span>
        ) : null}
      </div>
      <address className="mt-3 flex-1 not-italic leading-6 text-ink rtl:text-right" dir="auto">
        {address.flatNumber}, {address.addressLine1}
        <br />
        {address.locality}
        {address.landmark ? ` · ${address.landmark}` : ''}
        <br />
        {address.city}, {address.state} {address.pincode}
        <br />
        <span dir="ltr">
          {address.countryCode} {address.mobile}
        </span>
      </address>
      {confirming ? (
        <div className="mt-4 rounded-2xl bg-clay-50 p-3" role="group" aria-label={t('addresses.confirmDelete')}>
          <p className="text-sm font-semibold text-clay-700">{t('addresses.confirmDelete')}</p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Button className="bg-clay-700 px-4 py-1.5 text-sm hover:bg-clay-600" onClick={onConfirmDelete} disabled={busy}>
              {t('addresses.confirmYes')}
            </Button>
            <Button variant="ghost" className="px-4 py-1.5 text-sm" onClick={onCancelDelete} disabled={busy}>
              {t('addresses.keep')}
            </Button>
          </div>
        </div>
      ) : (
        <div className="mt-4 flex flex-wrap gap-2 border-t border-sand-200 pt-4">
          <Button variant="secondary" className="px-4 py-1.5 text-sm" onClick={onEdit} disabled={busy}>
            {t('addresses.edit')}
          </Button>
          {address.isDefault ? null : (
            <Button variant="ghost" className="px-4 py-1.5 text-sm" onClick={onMakeDefault} disabled={busy}>
              {t('addresses.makeDefault')}
            </Button>
          )}
          <Button variant="ghost" className="px-4 py-1.5 text-sm text-clay-700 hover:bg-clay-50" onClick={onDelete} disabled={busy}>
            {t('addresses.delete')}
          </Button>
        </div>
      )}
    </article>
  );
}

const ADDRESS_FIELDS = ['name', 'countryCode', 'mobile', 'pincode', 'locality', 'city', 'state', 'landmark', 'flatNumber', 'addressLine1', 'addressType'] as const;

function AddressForm({
  profile,
  address,
  first,
  onCancel,
  onSaved,
}: {
  profile: TProfile;
  address?: TAddress;
  first: boolean;
  onCancel(): void;
  onSaved(): Promise<void>;
}) {
  const { t } = useTranslation();
  const { language } = usePreferences();
  const snackbar = useSnackbar();
  const headingId = useId();
  const [busy, setBusy] = useState(false);
  const form = useFormState({
    name: address?.name ?? profile.name,
    region: regionOfDial(address?.countryCode ?? profile.countryCode),
    mobile: address?.mobile ?? profile.phone ?? '',
    pincode: address?.pincode ?? '',
    locality: address?.locality ?? '',
    city: address?.city ?? '',
    state: address?.state ?? '',
    landmark: address?.landmark ?? '',
    flatNumber: address?.flatNumber ?? '',
    addressLine1: address?.addressLine1 ?? '',
    addressType: address?.addressType ?? 'home',
    isDefault: address?.isDefault || first ? 'yes' : '',
  });
  const { values } = form;
  const defaultLocked = first || address?.isDefault === true;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const candidate = {
      name: values.name,
      countryCode: dialOf(values.region),
      mobile: values.mobile,
      pincode: values.pincode,
      locality: values.locality,
      city: values.city,
      state: values.state,
      ...(values.landmark.trim() ? { landmark: values.landmark } : {}),
      flatNumber: values.flatNumber,
      addressLine1: values.addressLine1,
      addressType: values.addressType,
      isDefault: values.isDefault === 'yes',
    };
    const checked = validateWith<TAddressInput>(ZAddressInputSchema, candidate, language, t('form.checkField'));
    if (!checked.ok) {
      const errors = { ...checked.errors };
      if (errors.countryCode && !errors.mobile) errors.mobile = errors.countryCode;
      form.showErrors(errors);
      return;
    }
    setBusy(true);
    try {
      if (address) await updateAddress(address.id, checked.data);
      else await addAddress(checked.data);
      snackbar(address ? t('addresses.updated') : t('addresses.added'));
      await onSaved();
    } catch (error) {
      const failure = describeFailure(error, ADDRESS_FIELDS, t('form.network'));
      const field = failure.field === 'countryCode' ? 'mobile' : failure.field;
      form.showErrors({ [field ?? 'form']: failure.message });
      snackbar(failure.message, { variant: 'error' });
      setBusy(false);
    }
  }

  return (
    <Panel title={address ? t('addresses.formEdit') : t('addresses.formAdd')} id={headingId} className="border-moss-300">
      <form ref={form.formRef} method="post" noValidate onSubmit={submit} className="space-y-4" data-testid="address-form">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t('addresses.fields.name')} autoComplete="name" {...form.bind('name')} />
          <BuyerPhoneField
            label={t('addresses.fields.mobile')}
            region={values.region}
            onRegionChange={(region) => form.set('region', region)}
            current={address?.countryCode ?? profile.countryCode ?? undefined}
            {...form.bind('mobile')}
          />
          <TextField label={t('addresses.fields.flatNumber')} autoComplete="address-line2" {...form.bind('flatNumber')} />
          <TextField label={t('addresses.fields.addressLine1')} autoComplete="address-line1" {...form.bind('addressLine1')} />
          <TextField label={t('addresses.fields.locality')} autoComplete="address-level3" {...form.bind('locality')} />
          <TextField label={t('addresses.fields.landmark')} optionalText={t('form.optional')} {...form.bind('landmark')} />
          <TextField label={t('addresses.fields.city')} autoComplete="address-level2" {...form.bind('city')} />
          <TextField label={t('addresses.fields.state')} autoComplete="address-level1" {...form.bind('state')} />
          <TextField label={t('addresses.fields.pincode')} autoComplete="postal-code" ltr {...form.bind('pincode')} />
        </div>
        <ChoiceCards<'home' | 'work'>
          legend={t('addresses.fields.addressType')}
          name="addressType"
          value={values.addressType as 'home' | 'work'}
          onChange={(type) => form.set('addressType', type)}
          columns="grid-cols-2"
          options={[
            { value: 'home', label: t('addresses.fields.home') },
            { value: 'work', label: t('addresses.fields.work') },
          ]}
        />
        <CheckboxField
          label={t('addresses.fields.isDefault')}
          hint={first ? t('addresses.firstIsDefault') : address?.isDefault ? t('addresses.defaultStays') : undefined}
          checked={values.isDefault === 'yes'}
          disabled={defaultLocked}
          onChange={(event) => form.set('isDefault', event.target.checked ? 'yes' : '')}
        />
        <FormError message={form.errors.form} />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={busy}>
            {busy ? t('form.saving') : t('addresses.save')}
          </Button>
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            {t('form.cancel')}
          </Button>
        </div>
      </form>
    </Panel>
  );
}
