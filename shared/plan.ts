// The Premium plan: the one source of truth for its key, name and price, imported by the PayPal
// functions (which decide what is charged), the site (which shows it) and local-supabase's PayPal
// simulator. It lives outside supabase/functions so the site does not depend on the functions;
// plain TypeScript without imports so Deno (hosted Edge Functions), Node and the site bundle can
// all load it. The functions import it by relative path: `supabase functions deploy --use-api`,
// run from the repository root, uploads files imported from outside supabase/ (README, Payments).
export const PREMIUM_PLAN = {
  /** Stored in profiles.subscription_plan. */
  key: 'premium_yearly',
  name: 'Premium (yearly)',
  /** Full yearly price in whole currency units. */
  priceUsd: 49,
  currency: 'USD',
  interval: 'YEAR',
} as const;

/** The price after a percentage discount, rounded to cents (half up). */
export function discountedPrice(percentOff: number | null | undefined, base: number = PREMIUM_PLAN.priceUsd): number {
  const percent = percentOff ?? 0;
  if (!Number.isInteger(percent) || percent < 0 || percent > 100) throw new RangeError('percentOff must be a whole number from 0 to 100');
  const cents = Math.round(base * 100);
  return Math.round((cents * (100 - percent)) / 100) / 100;
}

/** The price as the site shows it: $49.00 → "$49", $34.30 → "$34.30". */
export function formatPrice(amount: number): string {
  return Number.isInteger(amount) ? `$${amount}` : `$${amount.toFixed(2)}`;
}

/** PayPal's money format: a string with two decimals. */
export function formatAmount(value: number): string {
  return value.toFixed(2);
}
