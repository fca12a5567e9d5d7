import { VALIDATION_MESSAGES, ZSignupRequestSchema, type TSignupRequest } from '@tessera/contracts';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { FormError } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { dialOf } from '../../ui/countries';
import { ChoiceCards, TextField } from '../../ui/Field';
import { useFormState, validateWith } from '../../ui/form';
import { UserIcon } from '../../ui/icons';
import { BuildingIcon } from '../../ui/more-icons';
import { safeNext } from './account';
import { signUp } from './api';
import { AuthCard, TEXT_LINK } from './AuthCard';
import { AuthPasswordField, BuyerPhoneField, showFailure, useAuthForm } from './auth-form';

export type BuyerKind = 'individual' | 'retailer' | 'distributor';
const FIELDS = ['firstName', 'lastName', 'email', 'countryCode', 'phone', 'password', 'confirmPassword'] as const;

/**
 * Buyer signup (seed §3 'Personal'), plus who the buyer buys for: a retailer or a distributor goes
 * on to the company registration, everyone else to the mobile verification.
 */
export function SignupPage() {
  const { t, language, hydrated, snackbar, navigate, params } = useAuthForm();
  const [busy, setBusy] = useState(false);
  const initialKind = params.get('role');
  const form = useFormState({
    firstName: '',
    lastName: '',
    email: '',
    region: 'MY',
    phone: '',
    password: '',
    confirmPassword: '',
    kind: (initialKind === 'retailer' || initialKind === 'distributor' ? initialKind : 'individual') as string,
  });
  const { values } = form;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const candidate = {
      firstName: values.firstName,
      lastName: values.lastName,
      email: values.email,
      countryCode: dialOf(values.region),
      phone: values.phone,
      password: values.password,
      confirmPassword: values.confirmPassword,
      language,
    };
    const checked = validateWith<TSignupRequest>(ZSignupRequestSchema, candidate, language, t('form.checkField'));
    const errors = checked.ok ? {} : { ...checked.errors };
    // The schema compares the passwords only once every other field is valid: say it at once.
    if (!errors.confirmPassword && values.confirmPassword !== values.password && values.password) {
      errors.confirmPassword = VALIDATION_MESSAGES[language].PASSWORDS_DO_NOT_MATCH;
    }
    if (errors.countryCode && !errors.phone) errors.phone = errors.countryCode;
    if (!checked.ok || Object.keys(errors).length > 0) {
      form.showErrors(errors);
      return;
    }
    setBusy(true);
    try {
      const profile = await signUp(checked.data);
      snackbar(t('auth.signup.welcome', { name: profile.firstName || profile.name }));
      const kind = values.kind as BuyerKind;
      if (kind === 'retailer' || kind === 'distributor') void navigate(`/profile/company?role=${kind}`, { replace: true });
      else void navigate(`/verify-mobile?next=${encodeURIComponent(safeNext(params.get('next')))}`, { replace: true });
    } catch (error) {
      showFailure(error, FIELDS, form, snackbar, t('form.network'));
      setBusy(false);
    }
  }

  return (
    <AuthCard
      wide
      title={t('auth.signup.title')}
      lead={t('auth.signup.lead')}
      testId="signup-page"
      footer={
        <>
          {t('auth.signup.haveAccount')}{' '}
          <Link to="/login" className={TEXT_LINK}>
            {t('auth.signup.loginLink')}
          </Link>
        </>
      }
    >
      <form ref={form.formRef} method="post" noValidate onSubmit={submit} className="space-y-5">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t('auth.fields.firstName')} autoComplete="given-name" {...form.bind('firstName')} />
          <TextField label={t('auth.fields.lastName')} autoComplete="family-name" {...form.bind('lastName')} />
        </div>
        <TextField label={t('auth.fields.email')} type="email" autoComplete="email" inputMode="email" ltr {...form.bind('email')} />
        <BuyerPhoneField
          label={t('auth.fields.phone')}
          hint={t('auth.signup.phoneHint')}
          region={values.region}
          onRegionChange={(region) => form.set('region', region)}
          {...form.bind('phone')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <AuthPasswordField label={t('auth.fields.password')} hint={t('auth.signup.passwordHint')} autoComplete="new-password" {...form.bind('password')} />
          <AuthPasswordField
            label={t('auth.fields.confirmPassword')}
            hint={t('auth.signup.confirmHint')}
            autoComplete="new-password"
            {...form.bind('confirmPassword')}
          />
        </div>
        <ChoiceCards<BuyerKind>
          legend={t('auth.signup.kindLegend')}
          name="kind"
          value={values.kind as BuyerKind}
          onChange={(kind) => form.set('kind', kind)}
          options={[
            {
              value: 'individual',
              label: t('auth.signup.kind.individual'),
              hint: t('auth.signup.kind.individualHint'),
              icon: <UserIcon width={18} height={18} />,
            },
            {
              value: 'retailer',
              label: t('auth.signup.kind.retailer'),
              hint: t('auth.signup.kind.retailerHint'),
              icon: <BuildingIcon width={18} height={18} />,
            },
            {
              value: 'distributor',
              label: t('auth.signup.kind.distributor'),
              hint: t('auth.signup.kind.distributorHint'),
              icon: <BuildingIcon width={18} height={18} />,
            },
          ]}
        />
        <FormError message={form.errors.form} />
        <p className="text-sm text-ink-muted">
          {t('auth.signup.termsBefore')}{' '}
          <Link to="/terms" className={TEXT_LINK}>
            {t('auth.signup.termsLink')}
          </Link>
        </p>
        <Button type="submit" className="w-full sm:w-auto" disabled={!hydrated || busy}>
          {busy ? t('auth.signup.submitting') : t('auth.signup.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
