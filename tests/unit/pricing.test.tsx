import React from 'react';
import {render, screen, waitFor, within} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import AccountRoot from '../../src/components/account/AccountRoot';
import Pricing from '../../src/pages/pricing';
import PremiumCheckout from '../../src/components/payments/PremiumCheckout';
import {loadSupabase} from '../../src/lib/supabase';
import {formatLongDate} from '../../src/lib/longDate';
import type {CourseCatalog} from '../../src/catalog/types';
import type {DiscountQuote} from '../../src/lib/payments';
import {createFakeSupabase, makeSession, profileRow, storeSession, type FakeSupabase} from './helpers/fakeSupabase';
import {addPayments, httpError, type PaymentsFake} from './helpers/paymentsFake';

vi.mock('@site/src/lib/supabase', () => ({loadSupabase: vi.fn()}));

const lesson = (slug: string, isPremium: boolean) => ({
  slug,
  hasKnowledgeCheck: true,
  title: `Lesson ${slug}`,
  orderIndex: 1,
  isPremium,
  docId: `modules/m/${slug}`,
  permalink: `/docs/modules/m/${slug}`,
  wordCount: 100,
});
const catalog: CourseCatalog = {
  courses: [
    {slug: 'm', title: 'M', orderIndex: 1, docId: 'modules/m/index', permalink: '/docs/modules/m', lessons: [lesson('a', false), lesson('b', true), lesson('c', true)]},
    {slug: 'f', title: 'F', orderIndex: 2, docId: 'modules/f/index', permalink: '/docs/modules/f', lessons: [lesson('d', false)]},
  ],
};
vi.mock('@site/src/catalog/useCatalog', () => ({useCatalog: () => catalog}));

let fake: FakeSupabase;
let payments: PaymentsFake;

beforeEach(() => {
  fake = createFakeSupabase();
  payments = addPayments(fake);
  vi.mocked(loadSupabase).mockReset();
  vi.mocked(loadSupabase).mockResolvedValue(fake.client);
  window.history.replaceState(null, '', '/pricing');
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

/** The checkout with the quote held like the page does, and navigation captured. */
function Checkout({navigate}: {navigate(url: string): void}) {
  const [quote, setQuote] = React.useState<DiscountQuote | null>(null);
  return (
    <>
      <p data-testid="quote">{quote ? `${quote.code}:${quote.amount}` : 'none'}</p>
      <PremiumCheckout quote={quote} onQuote={setQuote} navigate={navigate} />
    </>
  );
}

describe('/pricing', () => {
  it('shows Free and Premium with the shared price and the premium lessons; signed out → sign in first', async () => {
    const user = userEvent.setup();
    render(
      <AccountRoot>
        <Pricing />
      </AccountRoot>,
    );
    const premium = screen.getByRole('region', {name: 'Premium'});
    expect(screen.getByRole('region', {name: 'Free'})).toHaveTextContent('2 of 4 lessons');
    expect(within(premium).getByTestId('premium-price')).toHaveTextContent('$49 / year');
    expect(within(premium).getByRole('link', {name: 'Lesson b'})).toHaveAttribute('href', '/docs/modules/m/b');
    expect(within(premium).getByText(/All 2 advanced lessons/)).toBeInTheDocument();
    await user.click(await within(premium).findByRole('button', {name: 'Sign in to subscribe'}));
    expect(await screen.findByRole('dialog', {name: 'Sign In'})).toBeInTheDocument();
    expect(payments.rpc).not.toHaveBeenCalled();
  });

  it('says what each plan includes, counted from the catalog: knowledge checks and certificates', () => {
    render(
      <AccountRoot>
        <Pricing />
      </AccountRoot>,
    );
    const free = screen.getByRole('region', {name: 'Free'});
    const premium = screen.getByRole('region', {name: 'Premium'});
    expect(free).toHaveTextContent('Knowledge checks on the 2 free lessons, with a free account');
    expect(free).toHaveTextContent('A verifiable certificate for the module whose checks are all free');
    expect(premium).toHaveTextContent('Knowledge checks on all 4 lessons');
    expect(premium).toHaveTextContent('A verifiable certificate for every module: 2 certificates to earn');
  });

  it('says how renewals and discounts work, as create-subscription charges them', () => {
    render(
      <AccountRoot>
        <Pricing />
      </AccountRoot>,
    );
    const terms = screen.getByRole('region', {name: 'Renewals and discounts'});
    expect(terms).toHaveTextContent('renews automatically once a year');
    expect(terms).toHaveTextContent('for the first year and for every automatic renewal of that subscription');
    expect(terms).toHaveTextContent('A code counts once per account');
    expect(terms).toHaveTextContent('you keep Premium until the end of the year you paid for');
  });

  it('an active subscriber sees the status instead of Subscribe', async () => {
    signIn({subscription_status: 'active', subscription_plan: 'premium_yearly', subscription_end_date: new Date(Date.now() + 1e10).toISOString()});
    render(
      <AccountRoot>
        <Pricing />
      </AccountRoot>,
    );
    expect(await screen.findByText('You have Premium')).toBeInTheDocument();
    expect(screen.getByText(/^Premium \(yearly\)\. Premium renews automatically on /)).toBeInTheDocument();
    expect(screen.queryByRole('button', {name: 'Review and subscribe'})).not.toBeInTheDocument();
  });

  it('a learner whose renewal failed reads the same words as on the account card, and no Subscribe', async () => {
    signIn({subscription_status: 'suspended', subscription_plan: 'premium_yearly', paypal_subscription_id: 'I-FAILED1', subscription_end_date: new Date(Date.now() - 86_400_000).toISOString()});
    fake.tables.subscription_transactions = {
      data: [{id: 't1', transaction_type: 'payment_failed', status: 'failed', amount: 49, currency: 'USD', created_at: new Date().toISOString(), paypal_subscription_id: 'I-FAILED1'}],
      error: null,
    };
    render(
      <AccountRoot>
        <Pricing />
      </AccountRoot>,
    );
    const state = await screen.findByTestId('pricing-subscription-state');
    expect(state).toHaveTextContent(/^Payment failed\. PayPal could not take your renewal payment on .+, so Premium is paused\.$/);
    expect(screen.getByText(/^Update your payment method on PayPal/)).toBeInTheDocument();
    expect(screen.queryByRole('button', {name: 'Review and subscribe'})).not.toBeInTheDocument();
  });

  it('a cancelled learner with days left reads "Premium until …, will not renew" above Subscribe again', async () => {
    const end = new Date(Date.now() + 30 * 86_400_000);
    signIn({subscription_status: 'cancelled', subscription_plan: 'premium_yearly', paypal_subscription_id: 'I-CANC1', subscription_end_date: end.toISOString()});
    render(
      <AccountRoot>
        <Pricing />
      </AccountRoot>,
    );
    const state = await screen.findByTestId('pricing-subscription-state');
    expect(state).toHaveTextContent(`Cancelled. Premium until ${formatLongDate(end)}, will not renew.`);
    expect(screen.getByRole('button', {name: 'Review and subscribe'})).toBeInTheDocument();
  });

  it('discount code: the server’s message for a bad code; a valid one changes the price on the card', async () => {
    signIn();
    payments.rpcs.check_discount_code = (args) =>
      (args as {p_code: string}).p_code === 'SAVE20'
        ? {data: {percent_off: 20}, error: null}
        : {data: {percent_off: null, message: 'This discount code has been fully redeemed'}, error: null};
    const user = userEvent.setup();
    render(
      <AccountRoot>
        <Pricing />
      </AccountRoot>,
    );
    const field = await screen.findByRole('textbox', {name: 'Discount code (optional)'});
    await user.type(field, 'used');
    await user.click(screen.getByRole('button', {name: 'Apply'}));
    expect(await screen.findByRole('alert')).toHaveTextContent('This discount code has been fully redeemed');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field.getAttribute('aria-describedby')).toContain(screen.getByRole('alert').id);
    await user.clear(field);
    await user.type(field, 'save20');
    await user.click(screen.getByRole('button', {name: 'Apply'}));
    expect(await screen.findByRole('status')).toHaveTextContent('Code SAVE20 applied: 20% off.');
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(screen.getByTestId('premium-price')).toHaveTextContent('$39.20 / year');
    expect(screen.getByTestId('premium-price')).toHaveTextContent('instead of $49');
    await user.click(screen.getByRole('button', {name: 'Remove code'}));
    expect(screen.getByTestId('premium-price')).toHaveTextContent('$49 / year');
  });

  it('review → Subscribe creates the subscription on the server and follows the approval link', async () => {
    signIn();
    payments.rpcs.check_discount_code = {data: {percent_off: 20}, error: null};
    payments.functions['create-subscription'] = {
      data: {subscriptionId: 'I-ABC', approvalUrl: 'http://127.0.0.1:9/paypal-sim/checkout/I-ABC', amount: 39.2, currency: 'USD', percentOff: 20, discountCode: 'SAVE20'},
      error: null,
    };
    const navigate = vi.fn();
    const user = userEvent.setup();
    render(
      <AccountRoot>
        <Checkout navigate={navigate} />
      </AccountRoot>,
    );
    await user.type(await screen.findByRole('textbox', {name: 'Discount code (optional)'}), 'save20');
    await user.click(screen.getByRole('button', {name: 'Apply'}));
    await waitFor(() => expect(screen.getByTestId('quote')).toHaveTextContent('SAVE20:39.2'));
    await user.click(screen.getByRole('button', {name: 'Review and subscribe'}));
    const heading = screen.getByRole('heading', {name: 'Review your order'});
    expect(heading).toHaveFocus();
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('$39.20 USD');
    expect(screen.getByText('SAVE20 (−20%)')).toBeInTheDocument();
    expect(payments.invoke).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', {name: 'Subscribe with PayPal'}));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('http://127.0.0.1:9/paypal-sim/checkout/I-ABC'));
    expect(payments.invoke).toHaveBeenCalledWith('create-subscription', {
      body: {plan: 'premium_yearly', discountCode: 'SAVE20', requestId: expect.stringMatching(/^[A-Za-z0-9-]{8,64}$/)},
    });
    expect(screen.getByRole('button', {name: 'Opening PayPal…'})).toBeDisabled();
  });

  it('a refused checkout shows the server’s message and can go back to the code step', async () => {
    signIn();
    payments.functions['create-subscription'] = {data: null, error: httpError(409, {error: 'You already have an active Premium subscription'})};
    const navigate = vi.fn();
    const user = userEvent.setup();
    render(
      <AccountRoot>
        <Checkout navigate={navigate} />
      </AccountRoot>,
    );
    await user.click(await screen.findByRole('button', {name: 'Review and subscribe'}));
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('$49 USD');
    await user.click(screen.getByRole('button', {name: 'Subscribe with PayPal'}));
    expect(await screen.findByRole('alert')).toHaveTextContent('You already have an active Premium subscription');
    expect(navigate).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', {name: 'Back'}));
    expect(screen.getByRole('button', {name: 'Review and subscribe'})).toHaveFocus();
  });
});
