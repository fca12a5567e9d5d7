import { describe, expect, it } from 'vitest';
import { formatDateLabel, formatFileSize, formatMoney, formatNumber, formatSlot, formatTime, timeZoneName } from './format';

// Intl output uses non-breaking and narrow spaces; compare with plain spaces.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatMoney', () => {
  it('formats minor units in the language locale', () => {
    expect(plain(formatMoney(123450, 'EUR', 'en'))).toBe('€1,234.50');
    expect(plain(formatMoney(123450, 'EUR', 'es'))).toMatch(/^1\.?234,50 €$/);
    expect(plain(formatMoney(99, 'USD', 'ms'))).toMatch(/^US[$D] ?0\.99$/);
    expect(plain(formatMoney(5, 'EUR', 'en'))).toBe('€0.05');
    expect(formatMoney(123450, 'EUR', 'ar')).toContain('€');
  });
});

describe('formatNumber', () => {
  it('groups digits per locale', () => {
    expect(formatNumber(1234567.5, 'en')).toBe('1,234,567.5');
    expect(formatNumber(1234567.5, 'es')).toBe('1.234.567,5');
  });
});

describe('formatTime', () => {
  const afternoon = new Date(2025, 0, 2, 15, 4);
  const morning = new Date(2025, 0, 2, 9, 30);
  it('uses a 12-hour clock with AM/PM in English', () => {
    expect(plain(formatTime(afternoon, 'en'))).toBe('3:04 PM');
    expect(plain(formatTime(morning, 'en'))).toBe('9:30 AM');
  });
  it('uses the day period of the other languages', () => {
    expect(plain(formatTime(afternoon, 'es'))).toMatch(/^3:04 p\. ?m\.$/);
    expect(plain(formatTime(afternoon, 'ms'))).toBe('3:04 PTG');
    expect(formatTime(afternoon, 'ar')).toMatch(/م/);
    expect(formatTime(new Date(2025, 0, 2, 0, 15), 'en')).toMatch(/^12:15/);
  });
});

describe('formatDateLabel', () => {
  const now = new Date(2025, 2, 10, 9, 0);
  it('answers Today and Yesterday in each language', () => {
    expect(formatDateLabel(new Date(2025, 2, 10, 0, 1), 'en', now)).toBe('Today');
    expect(formatDateLabel(new Date(2025, 2, 10, 23, 59), 'es', now)).toBe('Hoy');
    expect(formatDateLabel(new Date(2025, 2, 9, 23, 59), 'en', now)).toBe('Yesterday');
    expect(formatDateLabel(new Date(2025, 2, 9, 0, 0), 'ar', now)).toBe('أمس');
    expect(formatDateLabel(new Date(2025, 2, 9, 12, 0), 'ms', now)).toBe('Semalam');
  });
  it('writes older dates as DD/MM/YYYY', () => {
    expect(formatDateLabel(new Date(2025, 2, 8, 12, 0), 'en', now)).toBe('08/03/2025');
    expect(formatDateLabel(new Date(2024, 11, 31), 'es', now)).toBe('31/12/2024');
    expect(formatDateLabel(new Date(2024, 0, 5).getTime(), 'ms', now)).toBe('05/01/2024');
  });
});

describe('formatFileSize', () => {
  it('steps by 1024 through b, KB and MB', () => {
    expect(formatFileSize(0, 'en')).toBe('0 b');
    expect(formatFileSize(1023, 'en')).toBe('1,023 b');
    expect(formatFileSize(1024, 'en')).toBe('1 KB');
    expect(formatFileSize(1536, 'en')).toBe('1.5 KB');
    expect(formatFileSize(1024 * 1024, 'en')).toBe('1 MB');
    expect(formatFileSize(5.25 * 1024 * 1024, 'es')).toBe('5,25 MB');
    expect(formatFileSize(3 * 1024 * 1024 * 1024, 'en')).toBe('3,072 MB');
  });
});

describe('formatSlot and timeZoneName', () => {
  // Friday 27 November 2026, 04:30–05:30 UTC: 10:00–11:00 in Kolkata, 12:30–13:30 in Kuala Lumpur.
  const start = Date.UTC(2026, 10, 27, 4, 30);
  const end = start + 3_600_000;

  it('shows the slot in the store’s zone, whatever the device’s', () => {
    expect(plain(formatSlot(start, end, 'en', 'Asia/Kolkata'))).toBe('Fri 27 Nov, 10:00 AM–11:00 AM');
    expect(plain(formatSlot(start, end, 'en', 'Asia/Kuala_Lumpur'))).toBe('Fri 27 Nov, 12:30 PM–1:30 PM');
    expect(plain(formatSlot(start, null, 'en', 'UTC'))).toBe('Fri 27 Nov, 4:30 AM');
    // An unknown zone falls back to UTC rather than failing the page.
    expect(plain(formatSlot(start, end, 'en', 'Not/AZone'))).toBe('Fri 27 Nov, 4:30 AM–5:30 AM');
  });

  it('names the zone in the page’s language', () => {
    expect(timeZoneName('Asia/Kuala_Lumpur', 'en', start)).toBe('Malaysia Time');
    expect(timeZoneName('Asia/Kuala_Lumpur', 'ar', start)).toMatch(/[\u0600-\u06FF]/);
    expect(timeZoneName('Not/AZone', 'en', start)).toBe('Not/AZone');
  });
});
