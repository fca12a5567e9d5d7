import { VALIDATION_MESSAGES, ZAddressInputSchema, ZCompanyRegistrationFieldsSchema, ZSignupRequestSchema } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../lib/http';
import { describeFailure, issuesToErrors, validateWith } from './form';

const signup = {
  firstName: 'Amira',
  lastName: 'Haddad',
  email: 'amira@example.com',
  countryCode: '+60',
  phone: '123456789',
  password: 'linen-2026',
  confirmPassword: 'linen-2026',
};

const company = {
  role: 'distributor',
  companyName: 'Ceramica Norte',
  registrationNumber: 'CR-2026-0001',
  registrationExpiry: '2030-01-31',
  headOfficeNumber: '+60 3 1234 5678',
  headquartersAddress: '1 Jalan Tukang, Kuala Lumpur',
  countries: '["MY"]',
  cities: '["Kuala Lumpur"]',
  contactName: 'Amira Haddad',
  contactMobile: '+60 12 345 6789',
  contactEmail: 'amira@example.com',
};

describe('form validation with the contracts', () => {
  it('accepts a valid signup and answers the parsed data', () => {
    const result = validateWith(ZSignupRequestSchema, signup, 'en', 'check');
    expect(result).toMatchObject({ ok: true, data: { email: 'amira@example.com', phone: '123456789' } });
  });

  it.each(['en', 'es', 'ar', 'ms'] as const)('shows the seed messages in %s beside the fields', (language) => {
    const result = validateWith(ZSignupRequestSchema, { ...signup, firstName: '', email: 'not-an-email' }, language, 'check');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.firstName).toBe(VALIDATION_MESSAGES[language].ENTER_VALID_NAME);
    expect(result.errors.email).toBe(VALIDATION_MESSAGES[language].ENTER_VALID_EMAIL);
  });

  it("says 'At least 1 city should be selected' when no city is chosen", () => {
    const result = validateWith(ZCompanyRegistrationFieldsSchema, { ...company, cities: '[]' }, 'en', 'check');
    expect(result).toEqual({ ok: false, errors: { cities: 'At least 1 city should be selected' } });
    const arabic = validateWith(ZCompanyRegistrationFieldsSchema, { ...company, cities: '[]' }, 'ar', 'check');
    expect(arabic).toEqual({ ok: false, errors: { cities: 'يجب اختيار مدينة واحدة على الأقل' } });
  });

  it('uses "required" for an empty field without a message of its own, and the fallback otherwise', () => {
    const address = {
      name: 'Amira Haddad',
      countryCode: '+60',
      mobile: '123456789',
      pincode: '',
      locality: 'Bangsar',
      city: 'Kuala Lumpur',
      state: 'WP',
      flatNumber: '3A',
      addressLine1: '1 Jalan Tukang',
      addressType: 'home',
    };
    expect(validateWith(ZAddressInputSchema, address, 'es', 'Revisa este campo')).toEqual({ ok: false, errors: { pincode: VALIDATION_MESSAGES.es.REQUIRED } });
    expect(validateWith(ZAddressInputSchema, { ...address, pincode: '#!' }, 'es', 'Revisa este campo')).toEqual({ ok: false, errors: { pincode: 'Revisa este campo' } });
  });

  it('keeps the first message of each field', () => {
    const errors = issuesToErrors(
      [
        { path: ['email'], message: 'ENTER_VALID_EMAIL' },
        { path: ['email'], message: 'REQUIRED' },
        { path: [], message: 'PASSWORDS_DO_NOT_MATCH' },
      ],
      'ms',
      { email: 'x' },
      'check',
    );
    expect(errors).toEqual({ email: VALIDATION_MESSAGES.ms.ENTER_VALID_EMAIL, form: VALIDATION_MESSAGES.ms.PASSWORDS_DO_NOT_MATCH });
  });
});

describe('server failures', () => {
  it("puts a server message beside the field it names, when the form has that field", () => {
    const error = new HttpError(400, { code: 'VALIDATION', field: 'logo', message: 'Company Logo Image is not valid' });
    expect(describeFailure(error, ['logo', 'document'], 'offline')).toEqual({ field: 'logo', message: 'Company Logo Image is not valid' });
    expect(describeFailure(error, ['email'], 'offline')).toEqual({ message: 'Company Logo Image is not valid' });
  });

  it('uses the first part of a dotted field, and the network message when there was no answer', () => {
    const error = new HttpError(400, { code: 'VALIDATION', field: 'cities.0', message: 'Check' });
    expect(describeFailure(error, ['cities'], 'offline')).toEqual({ field: 'cities', message: 'Check' });
    expect(describeFailure(new TypeError('Failed to fetch'), ['cities'], 'offline')).toEqual({ message: 'offline' });
    expect(describeFailure(new HttpError(502, 'Bad gateway'), [], 'offline')).toEqual({ message: 'offline' });
  });
});
