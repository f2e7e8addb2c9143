import {describe, expect, it} from 'vitest';
import {createFakeSupabase} from './helpers/fakeSupabase';
import {addPayments, httpError} from './helpers/paymentsFake';
import {
  cancelSubscription,
  checkDiscountCode,
  confirmSubscription,
  createSubscription,
  csvField,
  dayRange,
  fetchAdminTransactions,
  isAdminUser,
  readPayPalReturn,
  totalsOf,
  transactionsCsv,
  type AdminTransaction,
} from '../../src/lib/payments';
import {PREMIUM_PLAN, formatPrice} from '../../shared/plan';

const setup = () => {
  const fake = createFakeSupabase();
  return {fake, payments: addPayments(fake)};
};

describe('the plan', () => {
  it('shows the one price from the shared config', () => {
    expect(formatPrice(PREMIUM_PLAN.priceUsd)).toBe('$49');
    expect(formatPrice(49)).toBe('$49');
    expect(formatPrice(39.2)).toBe('$39.20');
  });
});

describe('checkDiscountCode', () => {
  it('normalises the code, asks the RPC and prices the discount', async () => {
    const {fake, payments} = setup();
    payments.rpcs.check_discount_code = {data: {percent_off: 20}, error: null};
    expect(await checkDiscountCode(fake.client, '  save20 ')).toEqual({data: {code: 'SAVE20', percentOff: 20, amount: 39.2}, error: null});
    expect(payments.rpc).toHaveBeenCalledWith('check_discount_code', {p_code: 'SAVE20'});
  });

  it('passes the server’s message on, and refuses empty or overlong codes without asking', async () => {
    const {fake, payments} = setup();
    payments.rpcs.check_discount_code = {data: {percent_off: null, message: 'This discount code has expired'}, error: null};
    expect(await checkDiscountCode(fake.client, 'OLD')).toEqual({data: null, error: 'This discount code has expired'});
    payments.rpcs.check_discount_code = {data: null, error: {message: 'Too many discount code checks; please wait a few minutes and try again', code: 'PT429'}};
    expect((await checkDiscountCode(fake.client, 'GUESS')).error).toBe('Too many discount code checks; please wait a few minutes and try again');
    expect((await checkDiscountCode(fake.client, '   ')).error).toBe('Enter a discount code');
    expect((await checkDiscountCode(fake.client, 'X'.repeat(41))).error).toBe('Unknown discount code');
    expect(payments.rpc).toHaveBeenCalledTimes(2);
  });
});

describe('functions', () => {
  it('create-subscription: sends plan, code and request id; returns the approval link', async () => {
    const {fake, payments} = setup();
    const created = {subscriptionId: 'I-ABC', approvalUrl: 'http://127.0.0.1:1/paypal-sim/checkout/I-ABC', amount: 39.2, currency: 'USD', percentOff: 20, discountCode: 'SAVE20'};
    payments.functions['create-subscription'] = {data: created, error: null};
    expect(await createSubscription(fake.client, {discountCode: 'save20', requestId: 'req-12345678'})).toEqual({data: created, error: null});
    expect(payments.invoke).toHaveBeenCalledWith('create-subscription', {body: {plan: 'premium_yearly', discountCode: 'SAVE20', requestId: 'req-12345678'}});
  });

  it('create-subscription: the server’s {error} text; never follows a non-http link', async () => {
    const {fake, payments} = setup();
    payments.functions['create-subscription'] = {data: null, error: httpError(409, {error: 'This discount code has been fully redeemed'})};
    expect(await createSubscription(fake.client)).toEqual({data: null, error: 'This discount code has been fully redeemed'});
    payments.functions['create-subscription'] = {data: {subscriptionId: 'I-A', approvalUrl: 'javascript:alert(1)'}, error: null};
    expect((await createSubscription(fake.client)).error).toBe('PayPal did not return a usable approval link');
    payments.functions['create-subscription'] = {data: null, error: httpError(502, 'not json')};
    expect((await createSubscription(fake.client)).error).toMatch(/server error 502/);
  });

  it('confirm-subscription: checks the id first, then returns the activated profile', async () => {
    const {fake, payments} = setup();
    expect((await confirmSubscription(fake.client, 'javascript:1')).error).toMatch(/no valid subscription id/);
    expect(payments.invoke).not.toHaveBeenCalled();
    payments.functions['confirm-subscription'] = {data: {status: 'active', subscriptionId: 'I-ABC', profile: null}, error: null};
    expect((await confirmSubscription(fake.client, 'I-ABC')).data?.status).toBe('active');
    expect(payments.invoke).toHaveBeenCalledWith('confirm-subscription', {body: {subscriptionId: 'I-ABC'}});
  });

  it('cancel-subscription', async () => {
    const {fake, payments} = setup();
    payments.functions['cancel-subscription'] = {data: null, error: httpError(409, {error: 'You have no active subscription to cancel'})};
    expect(await cancelSubscription(fake.client)).toEqual({data: null, error: 'You have no active subscription to cancel'});
    expect(payments.invoke).toHaveBeenCalledWith('cancel-subscription', {body: {}});
  });
});

describe('the PayPal return URL', () => {
  it('reads return and cancel', () => {
    expect(readPayPalReturn('?paypal=return&subscription_id=I-ABC123&ba_token=x')).toEqual({kind: 'return', subscriptionId: 'I-ABC123'});
    expect(readPayPalReturn('?paypal=return&subscription_id=%3Cscript%3E')).toEqual({kind: 'return', subscriptionId: null});
    expect(readPayPalReturn('?paypal=cancel&token=I-ABC')).toEqual({kind: 'cancel', subscriptionId: 'I-ABC'});
    expect(readPayPalReturn('?paypal=cancel&token=junk')).toEqual({kind: 'cancel'});
    expect(readPayPalReturn('?x=1')).toBeNull();
  });
});

describe('admin rules', () => {
  it('admins are app_metadata.role = admin only', () => {
    expect(isAdminUser({app_metadata: {role: 'admin'}})).toBe(true);
    expect(isAdminUser({app_metadata: {provider: 'email'}})).toBe(false);
    expect(isAdminUser(null)).toBe(false);
  });
});

const row = (over: Partial<AdminTransaction> = {}): AdminTransaction => ({
  id: 't1',
  user_id: 'u1',
  user_email: 'ada@example.com',
  transaction_type: 'subscription',
  amount: 39.2,
  currency: 'USD',
  status: 'completed',
  paypal_subscription_id: 'I-ABC',
  created_at: '2025-11-03T10:00:00.000Z',
  ...over,
});

describe('admin transactions', () => {
  it('queries the RPC with status and local-day range filters, newest first', async () => {
    const {fake, payments} = setup();
    payments.rpcs.admin_transactions = {data: [{...row(), amount: 39.2}, {...row({id: 't2', created_at: '2025-11-04T10:00:00.000Z'}), amount: 49}], error: null};
    const result = await fetchAdminTransactions(fake.client, {status: 'completed', from: '2025-11-01', to: '2025-11-30'});
    expect(result.data?.map((r) => [r.id, r.amount])).toEqual([
      ['t2', 49],
      ['t1', 39.2],
    ]);
    const {start, end} = dayRange('2025-11-01', '2025-11-30');
    expect(payments.rpcCalls).toEqual([
      ['admin_transactions', 'select', '*'],
      ['admin_transactions', 'eq', 'status', 'completed'],
      ['admin_transactions', 'gte', 'created_at', start],
      ['admin_transactions', 'lt', 'created_at', end],
      ['admin_transactions', 'order', 'created_at', {ascending: false}],
    ]);
    expect(new Date(end as string).getTime() - new Date(start as string).getTime()).toBeGreaterThanOrEqual(29 * 86_400_000);
    expect(dayRange('nonsense', undefined)).toEqual({start: null, end: null});
  });

  it('totals revenue, refunds and failures in cents', () => {
    const totals = totalsOf([
      row({amount: 0.1}),
      row({id: 'b', transaction_type: 'renewal', amount: 0.2}),
      row({id: 'c', transaction_type: 'refund', amount: 0.1}),
      row({id: 'd', transaction_type: 'payment_failed', status: 'failed', amount: 49}),
      row({id: 'e', transaction_type: 'cancellation', amount: 0}),
    ]);
    expect(totals).toEqual({count: 5, revenue: 0.3, refunded: 0.1, net: 0.2, failed: 1});
  });

  it('CSV: RFC 4180 quoting, CRLF, and formula-looking text neutralised', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('-5.00')).toBe('-5.00');
    expect(csvField(null)).toBe('');
    const csv = transactionsCsv([row({user_email: 'o"brien,x@example.com'})]);
    expect(csv.split('\r\n')).toEqual([
      'Date,User e-mail,User id,Type,Amount,Currency,Status,PayPal subscription id,Transaction id',
      '2025-11-03T10:00:00.000Z,"o""brien,x@example.com",u1,subscription,39.20,USD,completed,I-ABC,t1',
      '',
    ]);
  });
});
