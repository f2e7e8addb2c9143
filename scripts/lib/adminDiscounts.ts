// The date rules of `npm run admin -- discount …`: an expiry date is the last day a code works
// (until 23:59:59 UTC, the moment check_discount_code compares with), so a date already over is
// refused instead of creating a code nobody can use, and `discount list` tells an expired or used-up
// code from one learners can still redeem.
import type {Database} from '../../shared/database.types';

type DiscountRow = Database['public']['Tables']['discount_codes']['Row'];

export type DiscountState = 'active' | 'disabled' | 'expired' | 'used up';

/** The end of the day `date` (YYYY-MM-DD) in UTC as an ISO timestamp, or an error message. */
export function expiryFromDate(date: string, now: Date): {expiresAt: string} | {error: string} {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const end = new Date(`${date}T23:59:59Z`);
  // Date.parse rolls 2026-02-30 over to March; a real date reads back as itself.
  if (!match || Number.isNaN(end.getTime()) || end.toISOString().slice(0, 10) !== date) {
    return {error: `--expires must be a date YYYY-MM-DD (got ${date})`};
  }
  if (end.getTime() <= now.getTime()) {
    const today = now.toISOString().slice(0, 10);
    return {error: `--expires ${date} is already over (today is ${today} UTC): a code expiring then could never be used. Give today's date or a later one.`};
  }
  return {expiresAt: end.toISOString().replace('.000Z', 'Z')};
}

/** What a learner entering the code at checkout would meet, in the order the checkout checks it. */
export function discountState(row: Pick<DiscountRow, 'active' | 'expires_at' | 'redemptions' | 'max_redemptions'>, now: Date): DiscountState {
  if (!row.active) return 'disabled';
  if (row.expires_at !== null && new Date(row.expires_at).getTime() <= now.getTime()) return 'expired';
  if (row.max_redemptions !== null && row.redemptions >= row.max_redemptions) return 'used up';
  return 'active';
}

/** One line of `discount list`: code, percent, state, uses, expiry. */
export function discountLine(row: DiscountRow, now: Date): string {
  return [row.code, `${row.percent_off}%`, discountState(row, now), `${row.redemptions}/${row.max_redemptions ?? '∞'}`, row.expires_at ?? 'no expiry'].join('\t');
}
