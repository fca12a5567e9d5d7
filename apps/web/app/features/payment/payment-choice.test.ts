import type { TPoints, TWallet } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { toMinorUnits } from '../wallet/TopUpForm';
import { paymentFields, type Funds } from './payment-choice';

const eur = (amount: number) => ({ amount, currency: 'EUR' });
const cart = {
  totals: { subtotalBeforeTax: eur(9000), deliveryFees: eur(500), estimatedTax: eur(500), totalAfterTax: eur(10_000), savings: eur(0), coupon: eur(0) },
};
const wallet = (amount: number): TWallet => ({
  balance: eur(amount),
  currentCredit: eur(amount),
  balanceInRequestedCurrency: eur(amount),
  recentTransactions: [],
  nextCursor: null,
});
const points = (bonusPoint: number, worth: number): TPoints => ({
  bonusPoint,
  worth: eur(worth),
  rules: { pointsPerUnit: 1, pointValue: eur(1) },
  entries: [],
});
const card = { kind: 'new' as const, number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', save: false };

describe('the checkout payment choice', () => {
  it('sends cash on delivery without wallet or points, even when points were ticked', () => {
    const funds: Funds = { wallet: wallet(5000), points: points(300, 300) };
    expect(paymentFields({ method: 'COD', card, usePoints: true }, funds, cart)).toEqual({ paymentType: 'COD' });
  });

  it('sends a typed card without spaces, with month and full year', () => {
    expect(paymentFields({ method: 'Card', card: { ...card, save: true }, usePoints: false }, { wallet: null, points: null }, cart)).toEqual({
      paymentType: 'Card',
      card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123', saveCard: true },
    });
  });

  it('refuses a malformed card before anything is sent', () => {
    expect(paymentFields({ method: 'Card', card: { ...card, expiry: '13/30' }, usePoints: false }, { wallet: null, points: null }, cart)).toEqual({
      problem: 'checkout.invalidCard',
    });
  });

  it('pays wallet + card as a card payment with the whole wallet balance', () => {
    const fields = paymentFields(
      { method: 'WalletCard', card: { kind: 'saved', id: 'card-1' }, usePoints: true },
      { wallet: wallet(2500), points: points(40, 40) },
      cart,
    );
    expect(fields).toEqual({ paymentType: 'Card', card: { savedCardId: 'card-1' }, walletAmount: 2500, points: 40 });
  });

  it('says the wallet is short when its balance (and the points) do not cover the total', () => {
    expect(paymentFields({ method: 'Wallet', card, usePoints: false }, { wallet: wallet(9999), points: null }, cart)).toEqual({
      problem: 'checkout.walletShort',
    });
    expect(paymentFields({ method: 'Wallet', card, usePoints: true }, { wallet: wallet(9000), points: points(1000, 1000) }, cart)).toEqual({
      paymentType: 'Wallet',
      points: 1000,
    });
  });
});

describe('a typed top-up amount', () => {
  it('reads whole and decimal amounts with a point or a comma into minor units', () => {
    expect(toMinorUnits('50', 'EUR')).toBe(5000);
    expect(toMinorUnits('12.5', 'EUR')).toBe(1250);
    expect(toMinorUnits('12,05', 'EUR')).toBe(1205);
  });

  it('refuses what is not an amount of the currency', () => {
    expect(toMinorUnits('12.345', 'EUR')).toBeUndefined();
    expect(toMinorUnits('-5', 'EUR')).toBeUndefined();
    expect(toMinorUnits('abc', 'EUR')).toBeUndefined();
  });
});
