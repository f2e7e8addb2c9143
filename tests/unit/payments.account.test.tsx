import React from 'react';
import {render, screen, waitFor, within} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import AccountRoot from '../../src/components/account/AccountRoot';
import Account from '../../src/pages/account';
import AccountSettings from '../../src/components/account/AccountSettings';
import {loadSupabase} from '../../src/lib/supabase';
import {createFakeSupabase, makeSession, profileRow, storeSession, type FakeSupabase} from './helpers/fakeSupabase';
import {formatLongDate} from '../../src/lib/longDate';
import {addPayments, httpError, type PaymentsFake} from './helpers/paymentsFake';

vi.mock('@site/src/lib/supabase', () => ({loadSupabase: vi.fn()}));

let fake: FakeSupabase;
let payments: PaymentsFake;

const END = new Date(Date.now() + 300 * 86_400_000).toISOString();
const ACTIVE = {
  subscription_status: 'active',
  subscription_plan: 'premium_yearly',
  subscription_amount: 39.2,
  discount_code: 'SAVE20',
  subscription_start_date: new Date().toISOString(),
  subscription_end_date: END,
  paypal_subscription_id: 'I-ABC123',
};
const TX = {id: 't1', transaction_type: 'subscription', amount: 39.2, currency: 'USD', status: 'completed', created_at: new Date().toISOString()};

beforeEach(() => {
  fake = createFakeSupabase();
  payments = addPayments(fake);
  vi.mocked(loadSupabase).mockReset();
  vi.mocked(loadSupabase).mockResolvedValue(fake.client);
  window.history.replaceState(null, '', '/account');
});

afterEach(() => {
  window.localStorage.clear();
  vi.restoreAllMocks();
});

const signIn = (profile: Record<string, unknown> = {}) => {
  storeSession();
  fake.session = makeSession();
  fake.tables.profiles = {data: profileRow(profile), error: null};
};

const renderAccount = () =>
  render(
    <AccountRoot>
      <Account />
    </AccountRoot>,
  );

describe('/account', () => {
  it('signed out: an invitation to sign in, and help', async () => {
    const user = userEvent.setup();
    renderAccount();
    expect(await screen.findByRole('heading', {name: 'Sign in to see your account'})).toBeInTheDocument();
    expect(screen.getByRole('link', {name: 'Contact Support'})).toHaveAttribute('href', 'mailto:support@researchmethods.academy');
    await user.click(screen.getByRole('button', {name: 'Sign In'}));
    expect(await screen.findByRole('dialog', {name: 'Sign In'})).toBeInTheDocument();
  });

  it('a non-subscriber: inactive card, upgrade prompt, empty history', async () => {
    signIn();
    fake.tables.subscription_transactions = {data: [], error: null};
    renderAccount();
    expect(await screen.findByTestId('subscription-status')).toHaveTextContent('Inactive');
    expect(screen.getByRole('link', {name: 'View Pricing Plans'})).toHaveAttribute('href', '/pricing');
    expect(screen.queryByRole('button', {name: 'Cancel subscription'})).not.toBeInTheDocument();
    expect(await screen.findByText(/No payments yet/)).toBeInTheDocument();
  });

  it('a subscriber: details, Manage on PayPal, Help, and the history with details', async () => {
    signIn(ACTIVE);
    fake.tables.subscription_transactions = {data: [TX], error: null};
    renderAccount();
    const card = await screen.findByRole('region', {name: /^Subscription/});
    await waitFor(() => expect(within(card).getByTestId('subscription-status')).toHaveTextContent('Active'));
    for (const text of ['Premium (yearly)', '$39.20/year', 'SAVE20', 'I-ABC123', 'Renews on']) expect(card).toHaveTextContent(text);
    expect(within(card).getByRole('link', {name: /Manage on PayPal/})).toHaveAttribute('href', 'https://www.paypal.com/myaccount/autopay/');
    expect(within(card).getByRole('link', {name: 'Help'}).getAttribute('href')).toMatch(/^mailto:support@researchmethods\.academy/);
    expect(within(card).queryByRole('link', {name: 'View Pricing Plans'})).not.toBeInTheDocument();
    const row = await screen.findByRole('row', {name: /Subscription/});
    expect(row).toHaveTextContent('Premium (yearly): first year');
    expect(row).toHaveTextContent('$39.20 USD');
    expect(row).toHaveTextContent('Completed');
  });

  it('back from PayPal: confirms, announces progress, shows Active, reloads the history and cleans the URL', async () => {
    window.history.replaceState(null, '', '/account?paypal=return&subscription_id=I-ABC123&ba_token=BA-1');
    signIn();
    fake.tables.subscription_transactions = {data: [], error: null};
    let release: () => void = () => undefined;
    payments.functions['confirm-subscription'] = () =>
      new Promise((resolve) => {
        release = () => {
          fake.tables.profiles = {data: profileRow(ACTIVE), error: null};
          fake.tables.subscription_transactions = {data: [TX], error: null};
          resolve({data: {status: 'active', subscriptionId: 'I-ABC123', profile: profileRow(ACTIVE)}, error: null});
        };
      });
    renderAccount();
    expect(await screen.findByText('Confirming your subscription with PayPal…')).toBeInTheDocument();
    expect(screen.getByText('Confirming your subscription with PayPal…').closest('[role="status"]')).not.toBeNull();
    expect(window.location.search).toBe('');
    expect(payments.invoke).toHaveBeenCalledWith('confirm-subscription', {body: {subscriptionId: 'I-ABC123'}});
    release();
    expect(await screen.findByText('Welcome to Premium!')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('subscription-status')).toHaveTextContent('Active'));
    expect(await screen.findByRole('row', {name: /Subscription/})).toBeInTheDocument();
    // Confirmed once (the card also asks health which PayPal to link to).
    expect(payments.invoke.mock.calls.filter(([name]) => name === 'confirm-subscription')).toHaveLength(1);
  });

  it('a failed confirmation says why and can be retried', async () => {
    window.history.replaceState(null, '', '/account?paypal=return&subscription_id=I-ABC123');
    signIn();
    payments.functions['confirm-subscription'] = {data: null, error: httpError(400, {error: 'The PayPal subscription is not active (APPROVAL_PENDING)'})};
    const user = userEvent.setup();
    renderAccount();
    expect(await screen.findByText(/We could not confirm your subscription: The PayPal subscription is not active/)).toBeInTheDocument();
    payments.functions['confirm-subscription'] = {data: {status: 'active', subscriptionId: 'I-ABC123', profile: profileRow({...ACTIVE})}, error: null};
    await user.click(screen.getByRole('button', {name: 'Try again'}));
    expect(await screen.findByText('Welcome to Premium!')).toBeInTheDocument();
  });

  it('?paypal=cancel: a calm note, nothing confirmed', async () => {
    window.history.replaceState(null, '', '/account?paypal=cancel&token=I-ABC123');
    signIn();
    renderAccount();
    expect(await screen.findByText('Checkout cancelled.')).toBeInTheDocument();
    expect(screen.getByText(/Nothing was charged/)).toBeInTheDocument();
    expect(payments.invoke).not.toHaveBeenCalledWith('confirm-subscription', expect.anything());
    // The abandoned checkout gives back the discount use it held.
    await waitFor(() => expect(payments.rpc).toHaveBeenCalledWith('release_checkout', {p_subscription_id: 'I-ABC123'}));
  });

  it('the paid-subscriptions list reads a cancelled, resumable current one as the card does, with no Cancel', async () => {
    signIn({...ACTIVE, subscription_status: 'cancelled'});
    payments.rpcs.can_resume_subscription = {data: true, error: null};
    const second = {paypal_subscription_id: 'I-SECOND1', paypal_status: 'CANCELLED', amount: 49, currency: 'USD', discount_code: null, activated_at: new Date().toISOString(), cancelled_at: null, is_current: false};
    payments.rpcs.my_paypal_subscriptions = {data: [second, {...second, paypal_subscription_id: 'I-ABC123', paypal_status: 'SUSPENDED', is_current: true}], error: null};
    renderAccount();
    const section = await screen.findByRole('region', {name: 'Your PayPal subscriptions'});
    const current = within(section).getByRole('row', {name: /I-ABC123/});
    await waitFor(() => expect(current).toHaveTextContent('Cancelled'));
    expect(current).not.toHaveTextContent('Suspended');
    expect(within(section).queryAllByRole('button')).toHaveLength(0);
    expect(screen.getByRole('button', {name: 'Resume subscription'})).toBeInTheDocument();
  });

  it('lists every paid subscription and cancels a second one that still bills', async () => {
    signIn(ACTIVE);
    const second = {paypal_subscription_id: 'I-SECOND1', paypal_status: 'ACTIVE', amount: 49, currency: 'USD', discount_code: null, activated_at: new Date().toISOString(), cancelled_at: null, is_current: false};
    const current = {...second, paypal_subscription_id: 'I-ABC123', amount: 39.2, is_current: true};
    payments.rpcs.my_paypal_subscriptions = {data: [second, current], error: null};
    payments.functions['cancel-subscription'] = () => {
      payments.rpcs.my_paypal_subscriptions = {data: [{...second, paypal_status: 'CANCELLED'}, current], error: null};
      return {data: {status: 'cancelled', subscriptionId: 'I-SECOND1', accessUntil: null}, error: null};
    };
    const user = userEvent.setup();
    renderAccount();
    const section = await screen.findByRole('region', {name: 'Your PayPal subscriptions'});
    expect(within(section).getByText('I-ABC123')).toBeInTheDocument();
    // Two steps: the first click only asks.
    await user.click(within(section).getByRole('button', {name: 'Cancel subscription I-SECOND1'}));
    expect(payments.invoke).not.toHaveBeenCalledWith('cancel-subscription', expect.anything());
    await user.click(within(section).getByRole('button', {name: 'Yes, cancel I-SECOND1'}));
    expect(payments.invoke).toHaveBeenCalledWith('cancel-subscription', {body: {subscriptionId: 'I-SECOND1'}});
    await waitFor(() => expect(within(section).getByText('Cancelled')).toBeInTheDocument());
    expect(within(section).getAllByRole('button')).toHaveLength(1);
  });

  it('Cancel subscription asks first (focus on Keep Premium), then cancels and says until when', async () => {
    signIn(ACTIVE);
    payments.functions['cancel-subscription'] = () => {
      fake.tables.profiles = {data: profileRow({...ACTIVE, subscription_status: 'cancelled'}), error: null};
      return {data: {status: 'cancelled', subscriptionId: 'I-ABC123', accessUntil: END}, error: null};
    };
    const user = userEvent.setup();
    renderAccount();
    await user.click(await screen.findByRole('button', {name: 'Cancel subscription'}));
    const dialog = screen.getByRole('dialog', {name: 'Cancel your Premium subscription?'});
    expect(within(dialog).getByRole('button', {name: 'Keep Premium'})).toHaveFocus();
    expect(payments.invoke).not.toHaveBeenCalledWith('cancel-subscription', expect.anything());
    await user.click(within(dialog).getByRole('button', {name: 'Yes, cancel subscription'}));
    expect(await screen.findByText(/Your subscription is cancelled\. PayPal will not charge you again, and you keep Premium until/)).toBeInTheDocument();
    expect(payments.invoke).toHaveBeenCalledWith('cancel-subscription', {body: {}});
    await waitFor(() => expect(screen.getByTestId('subscription-status')).toHaveTextContent('Cancelled'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('cancel, then Resume: the card reads "Premium until …, will not renew" with Resume, then Active again', async () => {
    signIn(ACTIVE);
    payments.rpcs.can_resume_subscription = {data: false, error: null};
    payments.functions['cancel-subscription'] = () => {
      fake.tables.profiles = {data: profileRow({...ACTIVE, subscription_status: 'cancelled'}), error: null};
      payments.rpcs.can_resume_subscription = {data: true, error: null};
      return {data: {status: 'cancelled', subscriptionId: 'I-ABC123', accessUntil: END}, error: null};
    };
    payments.functions['resume-subscription'] = () => {
      fake.tables.profiles = {data: profileRow(ACTIVE), error: null};
      payments.rpcs.can_resume_subscription = {data: false, error: null};
      return {data: {status: 'active', subscriptionId: 'I-ABC123', renewsOn: END}, error: null};
    };
    const user = userEvent.setup();
    renderAccount();
    await user.click(await screen.findByRole('button', {name: 'Cancel subscription'}));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', {name: 'Yes, cancel subscription'}));
    const until = formatLongDate(new Date(END));
    expect(await screen.findByText(`Premium until ${until}, will not renew.`)).toBeInTheDocument();
    // Resume, not a new subscription, while the cancelled one may be resumed.
    expect(screen.queryByRole('link', {name: 'Subscribe again'})).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', {name: 'Resume subscription'}));
    expect(payments.invoke).toHaveBeenCalledWith('resume-subscription', {body: {}});
    expect(await screen.findByText(`Your subscription is active again. PayPal charges nothing now and renews it on ${until}.`)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('subscription-status')).toHaveTextContent('Active'));
    expect(screen.getByText(`Premium renews automatically on ${until}.`)).toBeInTheDocument();
    expect(screen.queryByRole('button', {name: 'Resume subscription'})).not.toBeInTheDocument();
  });
});

describe('Account Settings: Subscription tab', () => {
  it('offers the same Cancel subscription as /account: asks first, then cancels and reloads the history', async () => {
    signIn(ACTIVE);
    fake.tables.subscription_transactions = {data: [TX], error: null};
    payments.functions['cancel-subscription'] = () => {
      fake.tables.profiles = {data: profileRow({...ACTIVE, subscription_status: 'cancelled'}), error: null};
      fake.tables.subscription_transactions = {data: [{...TX, id: 't2', transaction_type: 'cancellation', amount: 0}, TX], error: null};
      return {data: {status: 'cancelled', subscriptionId: 'I-ABC123', accessUntil: END}, error: null};
    };
    const user = userEvent.setup();
    render(
      <AccountRoot>
        <AccountSettings onClose={() => undefined} />
      </AccountRoot>,
    );
    await user.click(await screen.findByRole('tab', {name: 'Subscription'}));
    await user.click(await screen.findByRole('button', {name: 'Cancel subscription'}));
    const dialog = screen.getByRole('dialog', {name: 'Cancel your Premium subscription?'});
    expect(within(dialog).getByRole('button', {name: 'Keep Premium'})).toHaveFocus();
    expect(payments.invoke).not.toHaveBeenCalledWith('cancel-subscription', expect.anything());
    await user.click(within(dialog).getByRole('button', {name: 'Yes, cancel subscription'}));
    expect(await screen.findByText(/Your subscription is cancelled\. PayPal will not charge you again, and you keep Premium until/)).toBeInTheDocument();
    expect(payments.invoke).toHaveBeenCalledWith('cancel-subscription', {body: {}});
    await waitFor(() => expect(screen.getByTestId('subscription-status')).toHaveTextContent('Cancelled'));
    expect(screen.queryByRole('button', {name: 'Cancel subscription'})).not.toBeInTheDocument();
    expect(await screen.findByText('Cancellation')).toBeInTheDocument();
  });
});
