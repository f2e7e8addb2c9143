// The Premium plan: the one source of truth for its price, shared by the PayPal functions (which
// decide what is charged) and the site (src/config/site.ts re-exports the price for display).
// Plain TypeScript without imports so both Deno (hosted Edge Functions) and the site bundle can use it.
export const PREMIUM_PLAN = {
  /** Stored in profiles.subscription_plan. */
  key: 'premium_yearly',
  name: 'Premium (yearly)',
  /** Full yearly price in whole currency units. */
  priceUsd: 49,
  currency: 'USD',
  interval: 'YEAR',
} as const;

export const PREMIUM_PRICE_USD: number = PREMIUM_PLAN.priceUsd;

/** The price after a percentage discount, rounded to cents (half up). */
export function discountedPrice(percentOff: number | null | undefined, base: number = PREMIUM_PLAN.priceUsd): number {
  const percent = percentOff ?? 0;
  if (!Number.isInteger(percent) || percent < 0 || percent > 100) throw new RangeError('percentOff must be a whole number from 0 to 100');
  const cents = Math.round(base * 100);
  return Math.round((cents * (100 - percent)) / 100) / 100;
}

/** PayPal's money format: a string with two decimals. */
export function formatAmount(value: number): string {
  return value.toFixed(2);
}
