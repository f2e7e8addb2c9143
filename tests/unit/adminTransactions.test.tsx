import React from 'react';
import {render, screen, waitFor, within} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import AccountRoot from '../../src/components/account/AccountRoot';
import AdminTransactionsPage from '../../src/pages/admin-transactions';
import {loadSupabase} from '../../src/lib/supabase';
import {createFakeSupabase, makeSession, makeUser, profileRow, storeSession, type FakeSupabase} from './helpers/fakeSupabase';
import {addPayments, type PaymentsFake} from './helpers/paymentsFake';

vi.mock('@site/src/lib/supabase', () => ({loadSupabase: vi.fn()}));

let fake: FakeSupabase;
let payments: PaymentsFake;

const ROWS = [
  {id: 't1', user_id: 'u1', user_email: 'ada@example.com', transaction_type: 'subscription', amount: 39.2, currency: 'USD', status: 'completed', paypal_subscription_id: 'I-A', created_at: '2025-11-03T10:00:00Z'},
  {id: 't2', user_id: 'u2', user_email: 'bob,"x"@example.com', transaction_type: 'payment_failed', amount: 49, currency: 'USD', status: 'failed', paypal_subscription_id: 'I-B', created_at: '2025-11-02T10:00:00Z'},
  {id: 't3', user_id: null, user_email: null, transaction_type: 'renewal', amount: 49, currency: 'USD', status: 'completed', paypal_subscription_id: 'I-C', created_at: '2025-11-01T10:00:00Z'},
];

/** What admin_transactions_page answers: each row carries the totals over every match. */
const page = (rows: typeof ROWS, totals = {total_count: rows.length, total_revenue: 88.2, total_refunded: 0, total_failed: 1}) => ({
  data: rows.map((r) => ({...r, user_name: null, ...totals})),
  error: null,
});
type PageArgs = {p_type?: string; p_status?: string; p_query?: string; p_from?: string; p_to?: string; p_limit: number; p_offset: number};
const pageArgs = () => payments.rpc.mock.calls.filter((c) => c[0] === 'admin_transactions_page').map((c) => c[1] as PageArgs);

beforeEach(() => {
  fake = createFakeSupabase();
  payments = addPayments(fake);
  vi.mocked(loadSupabase).mockReset();
  vi.mocked(loadSupabase).mockResolvedValue(fake.client);
  window.history.replaceState(null, '', '/admin-transactions');
});

afterEach(() => {
  window.localStorage.clear();
  vi.restoreAllMocks();
});

const signIn = (role?: string) => {
  const user = makeUser({app_metadata: role ? {provider: 'email', role} : {provider: 'email'}});
  storeSession(makeSession(user));
  fake.session = makeSession(user);
  fake.tables.profiles = {data: profileRow(), error: null};
};

const renderPage = () =>
  render(
    <AccountRoot>
      <AdminTransactionsPage />
    </AccountRoot>,
  );

describe('/admin-transactions', () => {
  it('signed out: administrators only, with a way to sign in', async () => {
    renderPage();
    expect(await screen.findByRole('heading', {name: 'Administrators only'})).toBeInTheDocument();
    expect(payments.rpc).not.toHaveBeenCalled();
  });

  it('a normal user: access denied, and nothing is requested', async () => {
    signIn();
    renderPage();
    expect(await screen.findByRole('heading', {name: 'Access denied'})).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('You do not have permission to view this page.');
    expect(payments.rpc).not.toHaveBeenCalled();
  });

  it('a learner promoted since signing in: the session is renewed once and the page opens', async () => {
    signIn();
    const admin = makeSession(makeUser({app_metadata: {provider: 'email', role: 'admin'}}));
    const refreshSession = vi.fn(async () => {
      fake.session = admin;
      fake.emit('TOKEN_REFRESHED', admin);
      return {data: {session: admin, user: admin.user}, error: null};
    });
    Object.assign(fake.auth, {refreshSession});
    payments.rpcs.admin_transactions_page = page(ROWS);
    renderPage();
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(refreshSession).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('heading', {name: 'Access denied'})).toBeNull();
  });

  it('a learner still without the role after the renewal is told to sign in again', async () => {
    signIn();
    const refreshSession = vi.fn(async () => ({data: {session: fake.session, user: fake.session?.user}, error: null}));
    Object.assign(fake.auth, {refreshSession});
    renderPage();
    expect(await screen.findByRole('heading', {name: 'Access denied'})).toBeInTheDocument();
    expect(refreshSession).toHaveBeenCalledTimes(1);
    expect(screen.getByText(/sign out and sign in again/)).toBeInTheDocument();
  });

  it('an admin: every transaction with e-mail, type, amount, status and date; totals', async () => {
    signIn('admin');
    payments.rpcs.admin_transactions_page = page(ROWS);
    renderPage();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[1]).toHaveTextContent('ada@example.com');
    expect(rows[1]).toHaveTextContent('Subscription');
    expect(rows[1]).toHaveTextContent('$39.20 USD');
    expect(rows[1]).toHaveTextContent('Completed');
    expect(rows[3]).toHaveTextContent('Deleted user');
    expect(screen.getByTestId('total-count')).toHaveTextContent('3');
    expect(screen.getByTestId('total-revenue')).toHaveTextContent('$88.20');
    expect(screen.getByText('3 transactions.')).toBeInTheDocument();
    expect(pageArgs()).toEqual([{p_limit: 50, p_offset: 0}]);
  });

  it('filters by status and date range on the server; an inverted range is refused', async () => {
    signIn('admin');
    payments.rpcs.admin_transactions_page = (args) => page(ROWS.filter((r) => !(args as PageArgs).p_status || r.status === (args as PageArgs).p_status));
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('table');
    await user.selectOptions(screen.getByLabelText('Status'), 'failed');
    await waitFor(() => expect(screen.getByText('1 transaction matches the filters.')).toBeInTheDocument());
    expect(pageArgs().at(-1)).toMatchObject({p_status: 'failed'});
    await user.type(screen.getByLabelText('From'), '2025-11-05');
    await user.type(screen.getByLabelText('To'), '2025-11-01');
    expect(await screen.findByRole('alert')).toHaveTextContent('The start date must be on or before the end date.');
    expect(screen.getByLabelText('From')).toHaveAttribute('aria-invalid', 'true');
    // Nothing is asked for an inverted range, and the last answer stays.
    expect(pageArgs().filter((a) => a.p_from && a.p_to && a.p_from > a.p_to)).toEqual([]);
    expect(screen.getByText('1 transaction matches the filters.')).toBeInTheDocument();
    expect(screen.queryByText('Loading transactions…')).toBeNull();
    await user.click(screen.getByRole('button', {name: 'Clear filters'}));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(window.location.search).toBe('');
  });

  it('filters by type and user in Postgres and keeps the filters in the URL; a new filter starts at page 1', async () => {
    signIn('admin');
    payments.rpcs.admin_transactions_page = page(ROWS);
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('table');
    await user.selectOptions(screen.getByLabelText('Type'), 'renewal');
    await waitFor(() => expect(pageArgs().at(-1)).toEqual({p_type: 'renewal', p_limit: 50, p_offset: 0}));
    expect(window.location.search).toBe('?type=renewal');
    await user.type(screen.getByLabelText('User'), ' ada@example.com {Enter}');
    await waitFor(() => expect(pageArgs().at(-1)).toEqual({p_type: 'renewal', p_query: 'ada@example.com', p_limit: 50, p_offset: 0}));
    expect(new URLSearchParams(window.location.search).get('q')).toBe('ada@example.com');
  });

  it('a URL with filters and a page: the page opens with them (reload, Back, a shared link)', async () => {
    signIn('admin');
    window.history.replaceState(null, '', '/admin-transactions?type=refund&status=completed&q=bob&page=2');
    payments.rpcs.admin_transactions_page = page(ROWS, {total_count: 53, total_revenue: 0, total_refunded: 10, total_failed: 0});
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('table');
    expect(pageArgs()).toEqual([{p_type: 'refund', p_status: 'completed', p_query: 'bob', p_limit: 50, p_offset: 50}]);
    expect(screen.getByLabelText('Type')).toHaveValue('refund');
    expect(screen.getByLabelText('User')).toHaveValue('bob');
    expect(screen.getByText('53 transactions match the filters.')).toBeInTheDocument();
    expect(screen.getByText(/Page 2 of 2/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', {name: 'Previous page'}));
    await waitFor(() => expect(pageArgs().at(-1)).toMatchObject({p_offset: 0}));
    expect(window.location.search).toBe('?type=refund&status=completed&q=bob');
  });

  it('Refresh asks the server again and shows its new answer', async () => {
    signIn('admin');
    payments.rpcs.admin_transactions_page = page(ROWS.slice(0, 1));
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('1 transaction.');
    payments.rpcs.admin_transactions_page = page(ROWS);
    await user.click(screen.getByRole('button', {name: 'Refresh'}));
    expect(await screen.findByText('3 transactions.')).toBeInTheDocument();
    expect(pageArgs()).toHaveLength(2);
  });

  it('filters seen before show their last answer at once while the server is asked again', async () => {
    signIn('admin');
    const byStatus = (args: unknown) => page(ROWS.filter((r) => !(args as PageArgs).p_status || r.status === (args as PageArgs).p_status));
    payments.rpcs.admin_transactions_page = byStatus;
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('3 transactions.');
    await user.selectOptions(screen.getByLabelText('Status'), 'failed');
    await screen.findByText('1 transaction matches the filters.');

    let answer = (_rows: typeof ROWS) => undefined as void;
    payments.rpcs.admin_transactions_page = (() => new Promise((resolve) => (answer = (rows) => resolve(page(rows))))) as unknown as typeof byStatus;
    await user.selectOptions(screen.getByLabelText('Status'), '');
    expect(await screen.findByText('3 transactions.')).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(4);
    expect(screen.queryByText('Loading transactions…')).toBeNull();
    await waitFor(() => expect(pageArgs()).toHaveLength(3));
    answer(ROWS.slice(0, 2));
    expect(await screen.findByText('2 transactions.')).toBeInTheDocument();
  });

  it('exports the shown rows as a CSV Blob download, properly escaped', async () => {
    signIn('admin');
    payments.rpcs.admin_transactions_page = page(ROWS);
    const blobs: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:csv';
    });
    Object.assign(URL, {createObjectURL, revokeObjectURL: vi.fn()});
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', {name: 'Export CSV'}));
    expect(clicked).toEqual([expect.stringMatching(/^transactions_\d{4}-\d{2}-\d{2}\.csv$/)]);
    const text = await blobs[0]?.text();
    expect(blobs[0]?.type).toBe('text/csv;charset=utf-8');
    const lines = (text ?? '').replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Date,User e-mail,User id,Type,Amount,Currency,Status,PayPal subscription id,Transaction id');
    expect(lines[2]).toBe('2025-11-02T10:00:00Z,"bob,""x""@example.com",u2,payment_failed,49.00,USD,failed,I-B,t2');
    expect(lines).toHaveLength(5);
  });
});
