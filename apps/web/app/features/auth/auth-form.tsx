import type { ComponentProps } from 'react';
import { useTranslation } from '../../lib/i18n/react';
import { useNavigate, useSearchParams } from 'react-router';
import { useHydrated, usePreferences } from '../../lib/preferences';
import { dialCodeOptions } from '../../ui/countries';
import { PasswordField, PhoneField } from '../../ui/Field';
import { describeFailure, type FieldErrors } from '../../ui/form';
import { useSnackbar, type ShowSnackbar } from '../../ui/snackbar';

/** What every account form (login, signup, password pages) works with: texts, language, snackbar, navigation. */
export function useAuthForm() {
  const { t } = useTranslation();
  const { language } = usePreferences();
  const hydrated = useHydrated();
  const snackbar = useSnackbar();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return { t, language, hydrated, snackbar, navigate, params };
}

/** The account forms' password field: its show/hide button is labelled from the shared 'form' texts. */
export function AuthPasswordField(props: Omit<ComponentProps<typeof PasswordField>, 'showLabel' | 'hideLabel'>) {
  const { t } = useTranslation();
  return <PasswordField showLabel={t('form.showPassword')} hideLabel={t('form.hidePassword')} {...props} />;
}

/**
 * A failed request of a form with a mobile number: the message goes beside the field the server named (an
 * error on the country code beside the number, which carries both) or over the form, and in a snackbar.
 */
export function showFailure(
  error: unknown,
  fields: readonly string[],
  form: { showErrors(errors: FieldErrors): void },
  snackbar: ShowSnackbar,
  networkMessage: string,
): void {
  const failure = describeFailure(error, fields, networkMessage);
  const field = failure.field === 'countryCode' ? 'phone' : failure.field;
  form.showErrors({ [field ?? 'form']: failure.message });
  snackbar(failure.message, { variant: 'error' });
}

/**
 * A buyer's mobile number (login, signup, profile, address): the calling code chosen by country (`region`)
 * and the number; `current` keeps a code that is no longer offered selectable where it is already saved.
 */
export function BuyerPhoneField({
  region,
  onRegionChange,
  current,
  ...field
}: Omit<ComponentProps<typeof PhoneField>, 'codeLabel' | 'codeName' | 'codeValue' | 'codeOptions' | 'onCodeChange'> & {
  region: string;
  onRegionChange(region: string): void;
  current?: string | undefined;
}) {
  const { t } = useTranslation();
  const { language } = usePreferences();
  return (
    <PhoneField
      codeLabel={t('auth.fields.countryCode')}
      codeName="countryCode"
      codeValue={region}
      codeOptions={dialCodeOptions(language, { current })}
      onCodeChange={onRegionChange}
      {...field}
    />
  );
}
