import {describe, expect, it} from 'vitest';
import {PREMIUM_PLAN, PREMIUM_PRICE_USD, discountedPrice, formatAmount} from './plan';
import {PREMIUM_PRICE_USD as SITE_PRICE} from '../../../src/config/site';

describe('Premium plan pricing', () => {
  it('has one price, shared with the site', () => {
    expect(PREMIUM_PRICE_USD).toBe(49);
    expect(SITE_PRICE).toBe(PREMIUM_PLAN.priceUsd);
  });

  it('applies whole-percent discounts rounded to cents', () => {
    expect(discountedPrice(null)).toBe(49);
    expect(discountedPrice(0)).toBe(49);
    expect(discountedPrice(20)).toBe(39.2);
    expect(discountedPrice(33)).toBe(32.83);
    expect(discountedPrice(100)).toBe(0);
    expect(discountedPrice(15, 9.99)).toBe(8.49);
    expect(() => discountedPrice(101)).toThrow(RangeError);
    expect(() => discountedPrice(2.5)).toThrow(RangeError);
  });

  it('formats amounts as PayPal expects', () => {
    expect(formatAmount(39.2)).toBe('39.20');
    expect(formatAmount(49)).toBe('49.00');
  });
});
