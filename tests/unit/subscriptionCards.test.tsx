// The settings dialog's Subscription tab and /account once had two subscription cards that
// disagreed (one said "Active" after the end date had passed, one showed the stored plan key).
// Both now show the one card; this runs both places on the same profiles.
import React from 'react';
import {render, screen, waitFor} from '@testing-library/react';
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import AccountRoot from '../../src/components/AccountRoot';
import SubscriptionPanel from '../../src/components/SubscriptionPanel';
import Account from '../../src/pages/account';
import {loadSupabase} from '../../src/lib/supabase';
import {createFakeSupabase, makeSession, profileRow, storeSession, type FakeSupabase} from './helpers/fakeSupabase';
import {addPayments} from './helpers/paymentsFake';

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

const CASES = [
  {name: 'active, end date ahead', profile: {...PAID, subscription_status: 'active', subscription_end_date: iso(30)}, label: 'Active', active: true, access: true, offer: null},
  {name: 'active, end date passed', profile: {...PAID, subscription_status: 'active', subscription_end_date: iso(-1)}, label: 'Expired', active: false, access: false, offer: 'Subscribe again'},
  {name: 'cancelled, end date ahead', profile: {...PAID, subscription_status: 'cancelled', subscription_end_date: iso(30)}, label: 'Cancelled', active: false, access: true, offer: 'Subscribe again'},
  {name: 'suspended', profile: {...PAID, subscription_status: 'suspended', subscription_end_date: iso(30)}, label: 'Suspended', active: false, access: false, offer: null},
  {name: 'never subscribed', profile: {subscription_status: 'inactive'}, label: 'Inactive', active: false, access: false, offer: 'View Pricing Plans'},
];

describe('the subscription card agrees in the settings dialog and on /account', () => {
  for (const c of CASES) {
    for (const [place, page] of Object.entries(PLACES)) {
      it(`${c.name}: ${place} says ${c.label}`, async () => {
        fake.tables.profiles = {data: profileRow(c.profile), error: null};
        const {container} = render(<AccountRoot>{page()}</AccountRoot>);
        await waitFor(() => expect(screen.getByTestId('subscription-status')).toHaveTextContent(c.label));
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
