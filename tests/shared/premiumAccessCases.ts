// One table of profiles and who is Premium, run against SQL public.is_premium()
// (tests/integration/premium-access.test.ts) and src/lib/premiumAccess.ts (tests/unit).
// End dates are a day or more from now, so both sides read the same "now".
const DAY = 86_400_000;
const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();

export interface AccessCase {
  label: string;
  subscription_status: string;
  subscription_end_date: string | null;
  premium: boolean;
  /** The account dialogs' "Active" (renewing and paid up). */
  active: boolean;
  /** premiumEndedOn: whether an "ended on <date>" text applies. */
  ended: boolean;
}

export const ACCESS_CASES: AccessCase[] = [
  {label: 'active, end ahead', subscription_status: 'active', subscription_end_date: at(200), premium: true, active: true, ended: false},
  {label: 'active, end passed (webhook lost)', subscription_status: 'active', subscription_end_date: at(-3), premium: false, active: false, ended: true},
  {label: 'active, no end date', subscription_status: 'active', subscription_end_date: null, premium: false, active: false, ended: false},
  {label: 'cancelled before the end', subscription_status: 'cancelled', subscription_end_date: at(30), premium: true, active: false, ended: false},
  {label: 'cancelled after the end', subscription_status: 'cancelled', subscription_end_date: at(-30), premium: false, active: false, ended: true},
  {label: 'suspended, end ahead', subscription_status: 'suspended', subscription_end_date: at(30), premium: false, active: false, ended: false},
  {label: 'expired, end ahead', subscription_status: 'expired', subscription_end_date: at(30), premium: false, active: false, ended: true},
  {label: 'expired, end passed', subscription_status: 'expired', subscription_end_date: at(-30), premium: false, active: false, ended: true},
  {label: 'inactive', subscription_status: 'inactive', subscription_end_date: null, premium: false, active: false, ended: false},
  {label: 'inactive with a stale end date', subscription_status: 'inactive', subscription_end_date: at(30), premium: false, active: false, ended: false},
];
