import React from 'react';
import {render, screen, waitFor, within} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import AccountSettings, {ProfileTab} from '../../src/components/account/AccountSettings';
import SubscriptionPanel from '../../src/components/payments/SubscriptionPanel';
import {AuthContext, AuthProvider, type AuthContextValue} from '../../src/lib/auth';
import {loadSupabase} from '../../src/lib/supabase';
import {formatLongDate} from '../../src/lib/longDate';
import {createFakeSupabase, makeSession, makeUser, profileRow, storeSession, type FakeSupabase} from './helpers/fakeSupabase';

vi.mock('@site/src/lib/supabase', () => ({loadSupabase: vi.fn()}));

let fake: FakeSupabase;
const onClose = vi.fn();

beforeEach(() => {
  fake = createFakeSupabase(makeSession());
  vi.mocked(loadSupabase).mockReset();
  vi.mocked(loadSupabase).mockResolvedValue(fake.client);
  storeSession();
  onClose.mockReset();
  window.history.replaceState(null, '', '/');
});

afterEach(() => {
  window.localStorage.clear();
  vi.restoreAllMocks();
});

function renderSettings() {
  return render(
    <AuthProvider>
      <AccountSettings onClose={onClose} />
    </AuthProvider>,
  );
}

const settings = () => screen.getByRole('dialog', {name: 'Account Settings'});

describe('Account Settings: Profile', () => {
  it('shows the name (or "Not set") and the e-mail, with a close button and three tabs', async () => {
    fake.tables.profiles = {data: profileRow({full_name: null}), error: null};
    fake.session = makeSession(makeUser({user_metadata: {}}));
    storeSession(fake.session);
    renderSettings();
    await waitFor(() => expect(within(settings()).getByText('ada@example.com')).toBeInTheDocument());
    expect(within(settings()).getByText('Not set')).toBeInTheDocument();
    expect(within(settings()).getByRole('button', {name: 'Close'})).toBeInTheDocument();
    expect(within(settings()).getAllByRole('tab').map((t) => t.textContent)).toEqual(['Profile', 'Subscription', 'Security']);
    expect(within(settings()).getByRole('tab', {name: 'Profile'})).toHaveAttribute('aria-selected', 'true');
  });

  it('edits the name: disabled e-mail, "Saving..." while busy, success message, leaves edit mode', async () => {
    fake.tables.profiles = {data: profileRow(), error: null};
    const user = userEvent.setup();
    renderSettings();
    await waitFor(() => expect(within(settings()).getByText('Ada Lovelace')).toBeInTheDocument());
    await user.click(screen.getByRole('button', {name: 'Edit Profile'}));
    expect(screen.getByLabelText('Email')).toBeDisabled();
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    const name = screen.getByLabelText('Full Name');
    expect(name).toHaveValue('Ada Lovelace');
    await user.clear(name);
    await user.type(name, 'Ada King');
    let answer: (v: unknown) => void = () => undefined;
    fake.tables.profiles = () => new Promise((r) => (answer = r as (v: unknown) => void)) as never;
    await user.click(screen.getByRole('button', {name: 'Save'}));
    expect(await screen.findByRole('button', {name: 'Saving...'})).toBeDisabled();
    answer({data: profileRow({full_name: 'Ada King'}), error: null});
    expect(await screen.findByRole('status')).toHaveTextContent('Profile updated successfully!');
    expect(screen.queryByLabelText('Full Name')).not.toBeInTheDocument();
    expect(within(settings()).getAllByText('Ada King').length).toBeGreaterThan(0);
    expect(fake.calls).toContainEqual(['profiles', 'update', {full_name: 'Ada King'}]);
  });

  it('shows a service error as given and Cancel leaves edit mode', async () => {
    fake.tables.profiles = {data: profileRow(), error: null};
    const user = userEvent.setup();
    renderSettings();
    await waitFor(() => expect(within(settings()).getByText('Ada Lovelace')).toBeInTheDocument());
    await user.click(screen.getByRole('button', {name: 'Edit Profile'}));
    fake.tables.profiles = {data: null, error: {code: '23514', message: 'new row for relation "profiles" violates check constraint'}};
    await user.click(screen.getByRole('button', {name: 'Save'}));
    expect(await screen.findByRole('alert')).toHaveTextContent('new row for relation "profiles" violates check constraint');
    await user.click(screen.getByRole('button', {name: 'Cancel'}));
    expect(screen.getByRole('button', {name: 'Edit Profile'})).toBeInTheDocument();
  });

  it('says "No user logged in" when there is no user', async () => {
    const user = userEvent.setup();
    const value = {
      state: {status: 'signedOut', loading: false, user: null, session: null, profile: null},
      preview: {userId: null, email: 'x@example.com', fullName: 'X', expiresAt: null},
      getClient: async () => fake.client,
      setProfile: () => undefined,
      signOut: async () => null,
    } as unknown as AuthContextValue;
    // A preview identity (the stored session) but no signed-in user.
    value.state = {status: 'loading', loading: true, user: null, session: null, profile: null};
    render(
      <AuthContext.Provider value={value}>
        <ProfileTab onSignedOut={onClose} />
      </AuthContext.Provider>,
    );
    await user.click(screen.getByRole('button', {name: 'Edit Profile'}));
    await user.click(screen.getByRole('button', {name: 'Save'}));
    expect(await screen.findByRole('alert')).toHaveTextContent('No user logged in');
  });

  it('"Sign Out" signs out and closes the dialog', async () => {
    const user = userEvent.setup();
    renderSettings();
    await waitFor(() => expect(within(settings()).getByText('ada@example.com')).toBeInTheDocument());
    await user.click(screen.getByRole('button', {name: 'Sign Out'}));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fake.auth.signOut).toHaveBeenCalled();
  });

  it('switches tabs with the arrow keys', async () => {
    const user = userEvent.setup();
    renderSettings();
    const profileTab = screen.getByRole('tab', {name: 'Profile'});
    profileTab.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', {name: 'Subscription'})).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Subscription');
    expect(screen.getByRole('heading', {name: 'Subscription Management'})).toBeInTheDocument();
  });
});

describe('Security: two-factor', () => {
  const factor = {id: 'factor-1', friendly_name: 'My phone', factor_type: 'totp', status: 'verified', created_at: '2026-01-05T10:00:00Z', updated_at: '2026-01-05T10:00:00Z'};
  const listing = (factors: unknown[]) => ({data: {all: factors, totp: factors, phone: [], webauthn: []}, error: null});

  async function openSecurity() {
    const user = userEvent.setup();
    renderSettings();
    await user.click(screen.getByRole('tab', {name: 'Security'}));
    return {user, section: () => within(screen.getByRole('tabpanel', {name: 'Security'}))};
  }

  it('lists the learner’s authenticator apps', async () => {
    fake.auth.mfa.listFactors.mockImplementation(async () => listing([factor]));
    const {section} = await openSecurity();
    expect(await section().findByRole('list', {name: 'Authenticator apps'})).toHaveTextContent('My phone');
    expect(section().queryByText('Two-factor authentication is off.')).toBeNull();
  });

  it('a failed read of the apps says so with Retry, never "off"', async () => {
    let failing = true;
    fake.auth.mfa.listFactors.mockImplementation(async () =>
      failing ? {data: null, error: {message: 'Failed to fetch', status: 0}} : listing([factor]),
    );
    const {user, section} = await openSecurity();
    const alert = await section().findByRole('alert');
    expect(alert).toHaveTextContent('Could not read your authenticator apps: Failed to fetch');
    expect(section().queryByText('Two-factor authentication is off.')).toBeNull();
    expect(section().queryByRole('button', {name: 'Add Authenticator App'})).toBeNull();
    failing = false;
    await user.click(within(alert).getByRole('button', {name: 'Retry'}));
    expect(await section().findByRole('list', {name: 'Authenticator apps'})).toHaveTextContent('My phone');
    expect(section().queryByRole('alert')).toBeNull();
  });

  it('removing an app reads the list again', async () => {
    let factors = [factor];
    fake.auth.mfa.listFactors.mockImplementation(async () => listing(factors));
    fake.auth.mfa.unenroll.mockImplementation(async ({factorId}: {factorId: string}) => {
      factors = factors.filter((f) => f.id !== factorId);
      return {data: {id: factorId}, error: null};
    });
    const {user, section} = await openSecurity();
    await section().findByRole('list', {name: 'Authenticator apps'});
    await user.click(section().getByRole('button', {name: /^Remove\s*My phone$/}));
    expect(await section().findByText('Two-factor authentication is off.')).toBeInTheDocument();
    expect(section().getByText('Removed My phone.')).toBeInTheDocument();
    expect(fake.auth.mfa.unenroll).toHaveBeenCalledWith({factorId: 'factor-1'});
  });
});

describe('Subscription panel', () => {
  const NEXT_YEAR = new Date(Date.now() + 200 * 86_400_000).toISOString();
  const LAST_WEEK = new Date(Date.now() - 7 * 86_400_000).toISOString();
  const renderPanel = () =>
    render(
      <AuthProvider>
        <SubscriptionPanel />
      </AuthProvider>,
    );

  it('says it is loading, then "No Active Subscription" with a link to the pricing plans', async () => {
    fake.tables.profiles = {data: profileRow({subscription_status: 'cancelled'}), error: null};
    renderPanel();
    expect(screen.getByText('Loading subscription information...')).toBeInTheDocument();
    expect(await screen.findByText('No Active Subscription')).toBeInTheDocument();
    expect(screen.getByText('Upgrade to Premium to access all course content and features.')).toBeInTheDocument();
    expect(screen.getByRole('link', {name: 'View Pricing Plans'})).toHaveAttribute('href', '/pricing');
    expect(screen.getByRole('link', {name: 'Contact Support'})).toHaveAttribute('href', 'mailto:support@researchmethods.academy');
    expect(screen.getByRole('heading', {name: 'Need Help?'})).toBeInTheDocument();
  });

  it('asks a signed-out visitor to sign in', async () => {
    window.localStorage.clear();
    renderPanel();
    expect(await screen.findByText('Please sign in to view subscription information.')).toBeInTheDocument();
  });

  it('shows an active plan with its details and the PayPal management link', async () => {
    fake.tables.profiles = {
      data: profileRow({
        subscription_status: 'active',
        subscription_plan: 'premium_yearly',
        subscription_amount: 39.2,
        discount_code: 'STUDENT20',
        subscription_start_date: '2025-11-01T12:00:00Z',
        subscription_end_date: NEXT_YEAR,
        paypal_subscription_id: 'I-ABC123',
      }),
      error: null,
    };
    renderPanel();
    expect(await screen.findByText('Active')).toBeInTheDocument();
    // The human plan label, never the stored key.
    expect(screen.getByText('Premium (yearly)')).toBeInTheDocument();
    expect(screen.queryByText('premium_yearly')).not.toBeInTheDocument();
    expect(screen.getByText('$39.20/year')).toBeInTheDocument();
    expect(screen.getByText('Discount Applied')).toBeInTheDocument();
    expect(screen.getByText('STUDENT20')).toBeInTheDocument();
    expect(screen.getByText(formatLongDate(new Date('2025-11-01T12:00:00Z')))).toBeInTheDocument();
    expect(screen.getByText(formatLongDate(new Date(NEXT_YEAR)))).toBeInTheDocument();
    expect(screen.getByText('I-ABC123')).toBeInTheDocument();
    const manage = screen.getByRole('link', {name: /Manage on PayPal/});
    expect(manage).toHaveAttribute('href', 'https://www.paypal.com/myaccount/autopay/');
    expect(manage).toHaveAttribute('target', '_blank');
  });

  it('leaves out the discount and PayPal ID when there are none', async () => {
    fake.tables.profiles = {data: profileRow({subscription_status: 'active', subscription_amount: 49, subscription_end_date: NEXT_YEAR}), error: null};
    renderPanel();
    expect(await screen.findByText('$49.00/year')).toBeInTheDocument();
    expect(screen.queryByText('Discount Applied')).not.toBeInTheDocument();
    expect(screen.queryByText('PayPal ID')).not.toBeInTheDocument();
  });

  it('is not "Active" once the end date has passed, whatever the status says', async () => {
    fake.tables.profiles = {data: profileRow({subscription_status: 'active', subscription_plan: 'premium_yearly', subscription_end_date: LAST_WEEK}), error: null};
    renderPanel();
    expect(await screen.findByText('No Active Subscription')).toBeInTheDocument();
    expect(screen.queryByText('Active')).not.toBeInTheDocument();
    expect(screen.queryByText(/Premium access until/)).not.toBeInTheDocument();
  });

  it('tells a cancelled learner how long their Premium lasts, in one voice, and offers to subscribe again', async () => {
    fake.tables.profiles = {data: profileRow({subscription_status: 'cancelled', subscription_plan: 'premium_yearly', subscription_end_date: NEXT_YEAR}), error: null};
    renderPanel();
    expect(await screen.findByText(`Premium until ${formatLongDate(new Date(NEXT_YEAR))}, will not renew.`)).toBeInTheDocument();
    // Not also "No Active Subscription" and "Upgrade to Premium" (issue 26).
    expect(screen.queryByText('No Active Subscription')).not.toBeInTheDocument();
    expect(screen.queryByText(/Upgrade to Premium/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', {name: 'Subscribe again'})).toHaveAttribute('href', '/pricing');
  });

  it('lists transactions newest first with capitalised types, dates, amounts and statuses', async () => {
    fake.tables.profiles = {data: profileRow({subscription_status: 'active'}), error: null};
    fake.tables.subscription_transactions = {
      data: [
        {id: 'a', transaction_type: 'subscription', amount: 49, currency: 'USD', status: 'completed', created_at: '2025-01-05T12:00:00Z'},
        {id: 'b', transaction_type: 'renewal', amount: 49, currency: 'USD', status: 'pending', created_at: '2026-01-05T12:00:00Z'},
      ],
      error: null,
    };
    renderPanel();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Renewal');
    expect(rows[0]).toHaveTextContent('$49.00');
    expect(rows[0]).toHaveTextContent('Pending');
    expect(rows[0]).toHaveTextContent(formatLongDate(new Date('2026-01-05T12:00:00Z')));
    expect(rows[1]).toHaveTextContent('Subscription');
  });

  it('hides the history when empty and reports a load failure', async () => {
    fake.tables.profiles = {data: profileRow(), error: null};
    const {unmount} = renderPanel();
    expect(await screen.findByText('No Active Subscription')).toBeInTheDocument();
    expect(screen.queryByText('Transaction History')).not.toBeInTheDocument();
    unmount();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fake.tables.subscription_transactions = {data: null, error: {message: 'permission denied'}};
    renderPanel();
    expect(await screen.findByText('Failed to load transaction history')).toBeInTheDocument();
  });
});
