import { describe, expect, it } from 'vitest';
import { loginPath, safeNext } from './account';
import { formatCountdown } from './VerifyMobilePage';

describe('login redirects', () => {
  it('keeps the path readable: /login?next=/checkout', () => {
    expect(loginPath('/checkout')).toBe('/login?next=/checkout');
    expect(loginPath('/profile/company?role=retailer')).toBe('/login?next=/profile/company%3Frole%3Dretailer');
  });

  it('follows only paths on this site', () => {
    expect(safeNext('/checkout')).toBe('/checkout');
    expect(safeNext(null)).toBe('/profile');
    for (const hostile of ['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)']) {
      expect(safeNext(hostile)).toBe('/profile');
    }
  });
});

describe('resend countdown', () => {
  it('shows minutes and seconds, never below zero', () => {
    expect(formatCountdown(60)).toBe('1:00');
    expect(formatCountdown(59.2)).toBe('1:00');
    expect(formatCountdown(9)).toBe('0:09');
    expect(formatCountdown(-3)).toBe('0:00');
  });
});
