import { describe, expect, it } from 'vitest';
import { currencyName } from '../lib/display-names';
import { countryName, countryOptions, dialCodeOptions, dialOf, placeName, regionOfDial } from './countries';

// Issue #17 §1: country and currency names come from Intl.DisplayNames in the page's language, not
// from tables; these are the names the server renders (Node's full ICU) and the browser hydrates.
describe('country and currency names', () => {
  it('names countries in English, Spanish, Arabic and Malay', () => {
    expect((['en', 'es', 'ar', 'ms'] as const).map((language) => ['MY', 'DE', 'AE'].map((code) => countryName(code, language)))).toEqual([
      ['Malaysia', 'Germany', 'United Arab Emirates'],
      ['Malasia', 'Alemania', 'Emiratos Árabes Unidos'],
      ['ماليزيا', 'ألمانيا', 'الإمارات العربية المتحدة'],
      ['Malaysia', 'Jerman', 'Emiriah Arab Bersatu'],
    ]);
  });

  it('names currencies in the four languages', () => {
    expect((['en', 'es', 'ar', 'ms'] as const).map((language) => currencyName('MYR', language))).toEqual([
      'Malaysian Ringgit',
      'ringit malasio',
      'رينغيت ماليزي',
      'Ringgit Malaysia',
    ]);
    expect(currencyName('nope', 'en')).toBe('nope');
  });

  it('sorts the country list by its names in the language, every country named', () => {
    const spanish = countryOptions('es');
    expect(spanish.find((o) => o.value === 'ES')?.label).toBe('España');
    expect(spanish.findIndex((o) => o.value === 'DE')).toBeLessThan(spanish.findIndex((o) => o.value === 'ES'));
    expect(spanish.filter((o) => o.label === o.value)).toEqual([]);
    expect(countryOptions('ar').filter((o) => o.label === o.value)).toEqual([]);
  });

  it('offers every calling code with the country named, Malaysia first, the code kept left to right', () => {
    const arabic = dialCodeOptions('ar');
    expect(arabic[0]).toEqual({ value: 'MY', short: '+60', label: '\u2066+60\u2069 ماليزيا' });
    expect(arabic.find((o) => o.value === 'ES')?.label).toBe('\u2066+34\u2069 إسبانيا');
    expect(dialCodeOptions('en', { current: '+999' })[0]).toEqual({ value: '+999', label: '\u2066+999\u2069', short: '+999' });
    expect([dialOf('CA'), dialOf('+44'), regionOfDial('+1'), regionOfDial('+34'), regionOfDial(null)]).toEqual(['+1', '+44', 'US', 'ES', 'MY']);
  });

  it('writes a place with the language’s comma', () => {
    expect(placeName('Kuching', 'MY', 'ar')).toBe('Kuching، ماليزيا');
    expect(placeName('Sevilla', 'ES', 'es')).toBe('Sevilla, España');
  });
});
