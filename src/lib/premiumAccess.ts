// Who is Premium, in the browser: the mirror of SQL `public.is_premium()` (live body in
// supabase/schema.sql), which get_premium_lesson and the lesson-progress guard call (no RLS policy
// does). The account's subscription cards and the checkout (through subscription.ts) ask these
// functions; the lock marks ask the database itself (usePremiumAccess.ts).
// tests/integration/premium-access.test.ts runs them and the SQL function on the same table of
// cases. No JSX, no Supabase client: plain profile columns in, answers out.

/** The profile columns the answer depends on. */
export interface PremiumColumns {
  subscription_status?: string | null;
  subscription_end_date?: string | null;
}

type Now = Date | number;

const millis = (now: Now) => (typeof now === 'number' ? now : now.getTime());

/** The end date as epoch milliseconds, or null when absent or unreadable. */
function endOf(profile: PremiumColumns | null | undefined): number | null {
  const end = profile?.subscription_end_date;
  if (!end) return null;
  const parsed = Date.parse(end);
  return Number.isFinite(parsed) ? parsed : null;
}

/**
 * Premium access, exactly as `public.is_premium()`: status active or cancelled, with an end date
 * that has not passed. Suspended, expired, inactive and a missing end date: no access.
 */
export function hasPremiumAccess(profile: PremiumColumns | null | undefined, now: Now = Date.now()): boolean {
  const end = endOf(profile);
  const status = profile?.subscription_status;
  return (status === 'active' || status === 'cancelled') && end !== null && end > millis(now);
}

/** "Active" in the account dialogs: status active and the end date not passed (access and renewing). */
export function isActiveSubscription(profile: PremiumColumns | null | undefined, now: Now = Date.now()): boolean {
  return profile?.subscription_status === 'active' && hasPremiumAccess(profile, now);
}

/**
 * The end date of Premium that has ended, for "Premium ended on <date>": a subscription whose
 * access is over and which has an end date. Null while Premium lasts or when it never started.
 */
export function premiumEndedOn(profile: PremiumColumns | null | undefined, now: Now = Date.now()): string | null {
  if (hasPremiumAccess(profile, now)) return null;
  const status = profile?.subscription_status;
  if (!status || status === 'inactive' || status === 'suspended') return null;
  return endOf(profile) === null ? null : (profile?.subscription_end_date ?? null);
}
