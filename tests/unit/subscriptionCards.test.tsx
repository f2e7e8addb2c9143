// The settings dialog's Subscription tab and /account once had two subscription cards that
// disagreed (one said "Active" after the end date had passed, one showed the stored plan key).
// Both now show the one card; this runs both places on the same profiles.
import React from 'react';
import {render, screen, waitFor} from '@testing-library/react';
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import AccountRoot from '../../src/components/account/AccountRoot';
import SubscriptionPanel from '../../src/components/payments/SubscriptionPanel';
import Account from '../../src/pages/account';
import {loadSupabase} from '../../src/lib/supabase';
import {createFakeSupabase, makeSession, profileRow, storeSession, type FakeSupabase} from './helpers/fakeSupabase';
import {addPayments} from './helpers/paymentsFake';
import {formatLongDate} from '../../src/lib/longDate';

vi.mock('@site/src/lib/supabase', () => ({loadSupabase: vi.fn()}));

let fake: FakeSupabase;

beforeEach(() => {
  fake = createFakeSupabase();
  addPayments(fake);
  vi.mocked(loadSupabase).mockReset();
  vi.mocked(loadSupabase).mockResolvedValue(fake.client);
  fake.tables.subscription_transactions = {data: [], error: null};
  storeSession();
  fake.session = makeSession();
});

afterEach(() => {
  window.localStorage.clear();
  vi.restoreAllMocks();
});

const DAY = 86_400_000;
const iso = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString();
const PAID = {subscription_plan: 'premium_yearly', subscription_amount: '49.00', subscription_start_date: iso(-400), paypal_subscription_id: 'I-CARD1'};

const PLACES = {
  'the settings dialog': () => <SubscriptionPanel />,
  '/account': () => <Account />,
} as const;

const row = (transaction_type: string, status: string, offsetDays: number, paypal_subscription_id = 'I-CARD1') => ({
  id: `${transaction_type}-${offsetDays}`,
  transaction_type,
  status,
  amount: 49,
  currency: 'USD',
  created_at: iso(offsetDays),
  paypal_subscription_id,
});
const day = (offsetDays: number) => formatLongDate(new Date(Date.now() + offsetDays * DAY));

// One case per state of issue 26; the words are subscriptionHeadline's, the same in both places.
const CASES = [
  {name: 'active, end date ahead', profile: {...PAID, subscription_status: 'active', subscription_end_date: iso(30)}, ledger: [row('subscription', 'completed', -335)], label: 'Active', text: `Premium renews automatically on ${day(30)}.`, active: true, access: true, offer: null, cancel: true},
  {name: 'active, end date passed', profile: {...PAID, subscription_status: 'active', subscription_end_date: iso(-1)}, ledger: [], label: 'Expired', text: `Your Premium subscription ended on ${day(-1)}.`, active: false, access: false, offer: 'Subscribe again', cancel: true},
  {name: 'cancelled, end date ahead', profile: {...PAID, subscription_status: 'cancelled', subscription_end_date: iso(30)}, ledger: [], label: 'Cancelled', text: `Premium until ${day(30)}, will not renew.`, active: false, access: true, offer: 'Subscribe again', cancel: false},
  {name: 'cancelled, end date passed', profile: {...PAID, subscription_status: 'cancelled', subscription_end_date: iso(-3)}, ledger: [row('subscription', 'completed', -368), row('cancellation', 'completed', -100)], label: 'Expired', text: `Your Premium subscription ended on ${day(-3)}.`, active: false, access: false, offer: 'Subscribe again', cancel: false},
  {name: 'refunded', profile: {...PAID, subscription_status: 'cancelled', subscription_end_date: iso(-2)}, ledger: [row('subscription', 'completed', -20), row('refund', 'completed', -2)], label: 'Refunded', text: `Your payment was refunded on ${day(-2)}, so Premium ended that day.`, active: false, access: false, offer: 'Subscribe again', cancel: false},
  {name: 'a refund of another subscription', profile: {...PAID, subscription_status: 'active', subscription_end_date: iso(30)}, ledger: [row('refund', 'completed', -2, 'I-OTHER')], label: 'Active', text: `Premium renews automatically on ${day(30)}.`, active: true, access: true, offer: null, cancel: true},
  {name: 'disputed, access paused', profile: {...PAID, subscription_status: 'suspended', subscription_end_date: iso(30)}, ledger: [row('subscription', 'completed', -335), row('dispute', 'paused', -1)], label: 'Disputed', text: `Payment disputed on ${day(-1)}: Premium is paused while PayPal reviews the dispute.`, active: false, access: false, offer: null, cancel: true},
  {name: 'disputed, decided for the buyer', profile: {...PAID, subscription_status: 'cancelled', subscription_end_date: iso(-1)}, ledger: [row('subscription', 'completed', -335), row('dispute', 'resolved', -5), row('dispute', 'resolved_buyer_favour', -1)], label: 'Disputed', text: `Payment disputed: PayPal decided the dispute for you on ${day(-1)}, so Premium ended that day.`, active: false, access: false, offer: 'Subscribe again', cancel: false},
  {name: 'renewal failed', profile: {...PAID, subscription_status: 'active', subscription_end_date: iso(-1)}, ledger: [row('subscription', 'completed', -366), row('payment_failed', 'failed', -1)], label: 'Payment failed', text: `PayPal could not take your renewal payment on ${day(-1)}, so Premium is paused.`, active: false, access: false, offer: null, cancel: true},
  {name: 'suspended after failures', profile: {...PAID, subscription_status: 'suspended', subscription_end_date: iso(-1)}, ledger: [row('payment_failed', 'failed', -1), row('suspension', 'completed', 0)], label: 'Payment failed', text: `PayPal could not take your renewal payment on ${day(-1)}, so Premium is paused.`, active: false, access: false, offer: null, cancel: true},
  {name: 'never subscribed', profile: {subscription_status: 'inactive'}, ledger: [], label: 'Inactive', text: 'You are on the Free plan.', active: false, access: false, offer: 'View Pricing Plans', cancel: false},
];

describe('the subscription card agrees in the settings dialog and on /account', () => {
  for (const c of CASES) {
    for (const [place, page] of Object.entries(PLACES)) {
      it(`${c.name}: ${place} says ${c.label}`, async () => {
        fake.tables.profiles = {data: profileRow(c.profile), error: null};
        fake.tables.subscription_transactions = {data: c.ledger, error: null};
        const {container} = render(<AccountRoot>{page()}</AccountRoot>);
        await waitFor(() => expect(screen.getByTestId('subscription-status')).toHaveTextContent(c.label));
        expect(screen.getByText(c.text)).toBeInTheDocument();
        expect(screen.queryByRole('button', {name: 'Cancel subscription'}) !== null).toBe(c.cancel);
        // "Active" is said only while Premium renews; "No Active Subscription" only without access.
        expect(screen.queryByText('Active') !== null).toBe(c.active);
        expect(screen.queryByText('No Active Subscription') !== null).toBe(!c.access);
        // One way back to Premium, or none while it renews or PayPal holds it.
        const offers = screen.queryAllByRole('link', {name: /^(Subscribe again|View Pricing Plans)$/}).map((l) => l.textContent);
        expect(offers).toEqual(c.offer ? [c.offer] : []);
        // The plan's name, never its stored key.
        expect(container.textContent).not.toContain('premium_yearly');
        if ('subscription_plan' in c.profile) expect(screen.getByText('Premium (yearly)')).toBeInTheDocument();
      });
    }
  }
});
