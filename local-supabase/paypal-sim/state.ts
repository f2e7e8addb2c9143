// The PayPal simulator's state machine: subscriptions, their sales and the webhook events each
// change produces, following the shapes of PayPal's Subscriptions v1 API. No HTTP here.
import crypto from 'node:crypto';
import {PREMIUM_PLAN, formatAmount} from '../../shared/plan';

export type SubscriptionStatus = 'APPROVAL_PENDING' | 'APPROVED' | 'ACTIVE' | 'SUSPENDED' | 'CANCELLED' | 'EXPIRED';

export interface Money {
  currency_code: string;
  value: string;
}

export interface SimSubscription {
  id: string;
  plan_id: string;
  status: SubscriptionStatus;
  status_update_time: string;
  status_change_note?: string;
  custom_id?: string;
  plan_overridden: boolean;
  /** The regular cycle's price (override or the plan's). */
  price: Money;
  quantity: string;
  start_time: string;
  create_time: string;
  update_time: string;
  return_url?: string;
  cancel_url?: string;
  brand_name?: string;
  subscriber?: {email_address: string; payer_id: string; name: {given_name: string; surname: string}};
  billing_info?: {
    outstanding_balance: Money;
    cycle_executions: {tenure_type: 'REGULAR'; sequence: number; cycles_completed: number; cycles_remaining: number; current_pricing_scheme_version: number; total_cycles: number}[];
    last_payment?: {amount: Money; time: string};
    last_failed_payment?: {amount: Money; time: string; reason_code: string};
    next_billing_time?: string;
    failed_payments_count: number;
  };
  sales: SimSale[];
  /** Disputes buyers opened on its sales (absent in state files written before disputes). */
  disputes?: SimDispute[];
}

export interface SimDispute {
  dispute_id: string;
  seller_transaction_id: string;
  amount: Money;
  status: 'OPEN' | 'RESOLVED';
  outcome_code?: 'RESOLVED_BUYER_FAVOUR' | 'RESOLVED_SELLER_FAVOUR';
  create_time: string;
  update_time: string;
}

export interface SimSale {
  id: string;
  amount: {total: string; currency: string; details: {subtotal: string}};
  state: 'completed' | 'refunded';
  create_time: string;
}

export interface WebhookEvent {
  id: string;
  event_version: string;
  create_time: string;
  resource_type: string;
  resource_version?: string;
  event_type: string;
  summary: string;
  resource: Record<string, unknown>;
  links: {href: string; rel: string; method: string}[];
}

/** The note of a suspension PayPal made itself, which the merchant cannot undo with activate. */
const PAYMENT_FAILURES = 'Payment failures';

export class SimError extends Error {
  constructor(
    readonly status: number,
    readonly paypalName: string,
    message: string,
    readonly details: {field?: string; value?: string; location?: string; issue: string; description: string}[] = [],
  ) {
    super(message);
  }
}

/** Any `P-…` plan id is accepted and priced as the one Premium plan (shared/plan.ts). */
export const DEFAULT_PLAN_PRICE: Money = {currency_code: PREMIUM_PLAN.currency, value: formatAmount(PREMIUM_PLAN.priceUsd)};

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
function randomId(length: number): string {
  const bytes = crypto.randomBytes(length);
  let out = '';
  for (const b of bytes) out += ALNUM[b % ALNUM.length];
  return out;
}

export const newSubscriptionId = () => `I-${randomId(12)}`;
export const newSaleId = () => randomId(17);
export const newEventId = () => `WH-${randomId(17)}-${randomId(17)}`;

function addYear(iso: string): string {
  const d = new Date(iso);
  d.setUTCFullYear(d.getUTCFullYear() + 1);
  return d.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
const isoNow = (now: Date) => now.toISOString().replace(/\.\d{3}Z$/, 'Z');

const MONEY = /^([0-9]{1,10})(\.[0-9]{1,2})?$/;

function validMoney(value: unknown, field: string): Money {
  const m = value as Partial<Money> | undefined;
  if (!m || typeof m.value !== 'string' || !MONEY.test(m.value) || typeof m.currency_code !== 'string' || !/^[A-Z]{3}$/.test(m.currency_code)) {
    throw new SimError(400, 'INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', [
      {field, location: 'body', issue: 'INVALID_PARAMETER_VALUE', description: 'The value of a field is invalid.'},
    ]);
  }
  return {currency_code: m.currency_code, value: Number(m.value).toFixed(2)};
}

export interface CreateOptions {
  approveUrl: (id: string) => string;
  selfUrl: (id: string) => string;
}

export class PayPalSimulator {
  readonly subscriptions = new Map<string, SimSubscription>();
  private readonly requestIds = new Map<string, {id: string; at: number}>();
  constructor(private readonly clock: () => Date = () => new Date()) {}

  /** Everything the simulator knows, as JSON-safe data (for the data dir). */
  snapshot(): {subscriptions: SimSubscription[]; requestIds: [string, {id: string; at: number}][]} {
    return {subscriptions: [...this.subscriptions.values()], requestIds: [...this.requestIds.entries()]};
  }

  restore(state: {subscriptions?: SimSubscription[]; requestIds?: [string, {id: string; at: number}][]}): void {
    for (const sub of state.subscriptions ?? []) this.subscriptions.set(sub.id, sub);
    for (const [key, value] of state.requestIds ?? []) this.requestIds.set(key, value);
  }

  /** POST /v1/billing/subscriptions. With a PayPal-Request-Id seen in the last 72 h, the earlier subscription. */
  create(body: unknown, requestId: string | null): {subscription: SimSubscription; replayed: boolean} {
    const now = this.clock();
    if (requestId) {
      const seen = this.requestIds.get(requestId);
      if (seen && now.getTime() - seen.at < 72 * 3600 * 1000) {
        return {subscription: this.get(seen.id), replayed: true};
      }
    }
    const b = (body ?? {}) as Record<string, unknown>;
    if (typeof b.plan_id !== 'string' || b.plan_id === '') {
      throw new SimError(400, 'INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', [
        {field: '/plan_id', location: 'body', issue: 'MISSING_REQUIRED_PARAMETER', description: 'A required field / parameter is missing.'},
      ]);
    }
    if (!/^P-[A-Z0-9-]{1,50}$/.test(b.plan_id)) {
      throw new SimError(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', [
        {field: '/plan_id', value: b.plan_id, location: 'body', issue: 'INVALID_RESOURCE_ID', description: 'Requested resource ID was not found.'},
      ]);
    }
    if (b.custom_id !== undefined && (typeof b.custom_id !== 'string' || b.custom_id.length < 1 || b.custom_id.length > 127 || !/^[\x20-\x7e]+$/.test(b.custom_id))) {
      throw new SimError(400, 'INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', [
        {field: '/custom_id', location: 'body', issue: 'INVALID_STRING_LENGTH', description: 'The value of a field is either too short or too long.'},
      ]);
    }
    let price = DEFAULT_PLAN_PRICE;
    let overridden = false;
    const plan = b.plan as {billing_cycles?: {pricing_scheme?: {fixed_price?: unknown}}[]} | undefined;
    const fixed = plan?.billing_cycles?.[0]?.pricing_scheme?.fixed_price;
    if (plan !== undefined) {
      if (fixed === undefined) {
        throw new SimError(400, 'INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', [
          {field: '/plan/billing_cycles/0/pricing_scheme/fixed_price', location: 'body', issue: 'MISSING_REQUIRED_PARAMETER', description: 'A required field / parameter is missing.'},
        ]);
      }
      price = validMoney(fixed, '/plan/billing_cycles/0/pricing_scheme/fixed_price');
      overridden = true;
    }
    const ctx = (b.application_context ?? {}) as Record<string, unknown>;
    const url = (v: unknown, field: string): string | undefined => {
      if (v === undefined) return undefined;
      try {
        const u = new URL(String(v));
        if (u.protocol === 'http:' || u.protocol === 'https:') return u.toString();
      } catch {
        // fall through
      }
      throw new SimError(400, 'INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', [
        {field, location: 'body', issue: 'INVALID_PARAMETER_SYNTAX', description: 'The value of a field does not conform to the expected format.'},
      ]);
    };
    const stamp = isoNow(now);
    const subscription: SimSubscription = {
      id: newSubscriptionId(),
      plan_id: b.plan_id,
      status: 'APPROVAL_PENDING',
      status_update_time: stamp,
      custom_id: b.custom_id as string | undefined,
      plan_overridden: overridden,
      price,
      quantity: '1',
      start_time: typeof b.start_time === 'string' ? b.start_time : stamp,
      create_time: stamp,
      update_time: stamp,
      return_url: url(ctx.return_url, '/application_context/return_url'),
      cancel_url: url(ctx.cancel_url, '/application_context/cancel_url'),
      brand_name: typeof ctx.brand_name === 'string' ? ctx.brand_name : undefined,
      sales: [],
    };
    this.subscriptions.set(subscription.id, subscription);
    if (requestId) this.requestIds.set(requestId, {id: subscription.id, at: now.getTime()});
    return {subscription, replayed: false};
  }

  get(id: string): SimSubscription {
    const s = this.subscriptions.get(id);
    if (!s) {
      throw new SimError(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', [
        {issue: 'INVALID_RESOURCE_ID', description: 'Invalid subscription id.', location: 'path', field: 'subscription_id', value: id},
      ]);
    }
    return s;
  }

  private setStatus(s: SubscriptionStatus, sub: SimSubscription, note?: string): void {
    const stamp = isoNow(this.clock());
    sub.status = s;
    sub.status_update_time = stamp;
    sub.update_time = stamp;
    if (note) sub.status_change_note = note;
  }

  private statusError(action: string, allowed: SubscriptionStatus[]): SimError {
    return new SimError(422, 'UNPROCESSABLE_ENTITY', 'The requested action could not be performed, semantically incorrect, or failed business validation.', [
      {issue: 'SUBSCRIPTION_STATUS_INVALID', description: `Invalid subscription status for ${action} action; subscription status should be ${allowed.map((a) => a.toLowerCase()).join(' or ')}.`},
    ]);
  }

  private sale(sub: SimSubscription): SimSale {
    const sale: SimSale = {
      id: newSaleId(),
      amount: {total: sub.price.value, currency: sub.price.currency_code, details: {subtotal: sub.price.value}},
      state: 'completed',
      create_time: isoNow(this.clock()),
    };
    sub.sales.push(sale);
    const billing = sub.billing_info;
    if (billing) {
      billing.last_payment = {amount: {...sub.price}, time: sale.create_time};
      const cycle = billing.cycle_executions[0];
      if (cycle) cycle.cycles_completed += 1;
    }
    return sale;
  }

  /** The buyer approves on the checkout page: the subscription starts and the first year is paid. */
  approve(id: string, payer: {email: string} = {email: 'sb-buyer@personal.example.com'}): WebhookEvent[] {
    const sub = this.get(id);
    if (sub.status !== 'APPROVAL_PENDING') throw this.statusError('approve', ['APPROVAL_PENDING']);
    const now = isoNow(this.clock());
    sub.start_time = now;
    sub.subscriber = {email_address: payer.email, payer_id: randomId(13), name: {given_name: 'Sim', surname: 'Buyer'}};
    sub.billing_info = {
      outstanding_balance: {currency_code: sub.price.currency_code, value: '0.00'},
      cycle_executions: [{tenure_type: 'REGULAR', sequence: 1, cycles_completed: 0, cycles_remaining: 0, current_pricing_scheme_version: 1, total_cycles: 0}],
      next_billing_time: addYear(now),
      failed_payments_count: 0,
    };
    this.setStatus('ACTIVE', sub);
    const sale = this.sale(sub);
    return [this.subscriptionEvent('BILLING.SUBSCRIPTION.ACTIVATED', sub, 'Subscription activated'), this.saleEvent(sub, sale)];
  }

  /** POST /v1/billing/subscriptions/{id}/cancel. */
  cancel(id: string, reason: unknown): WebhookEvent[] {
    const note = this.reason(reason);
    const sub = this.get(id);
    if (sub.status !== 'ACTIVE' && sub.status !== 'SUSPENDED') throw this.statusError('cancel', ['ACTIVE', 'SUSPENDED']);
    this.setStatus('CANCELLED', sub, note);
    if (sub.billing_info) delete sub.billing_info.next_billing_time;
    return [this.subscriptionEvent('BILLING.SUBSCRIPTION.CANCELLED', sub, 'Subscription cancelled')];
  }

  /** The reason PayPal requires on cancel, suspend and activate (1 to 128 characters). */
  private reason(reason: unknown): string {
    if (typeof reason !== 'string' || reason.length < 1 || reason.length > 128) {
      throw new SimError(400, 'INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', [
        {
          field: '/reason',
          location: 'body',
          issue: reason === undefined || reason === '' ? 'MISSING_REQUIRED_PARAMETER' : 'INVALID_STRING_LENGTH',
          description: reason === undefined || reason === '' ? 'A required field / parameter is missing.' : 'The value of a field is either too short or too long.',
        },
      ]);
    }
    return reason;
  }

  /** The yearly charge succeeds: a new sale and one more year. */
  renew(id: string): WebhookEvent[] {
    const sub = this.get(id);
    if (sub.status !== 'ACTIVE' && sub.status !== 'SUSPENDED') throw this.statusError('renew', ['ACTIVE', 'SUSPENDED']);
    if (sub.status === 'SUSPENDED') this.setStatus('ACTIVE', sub);
    const billing = sub.billing_info;
    if (billing) {
      billing.next_billing_time = addYear(billing.next_billing_time ?? isoNow(this.clock()));
      billing.outstanding_balance = {currency_code: sub.price.currency_code, value: '0.00'};
    }
    const sale = this.sale(sub);
    return [this.saleEvent(sub, sale)];
  }

  /** The yearly charge fails. */
  failPayment(id: string): WebhookEvent[] {
    const sub = this.get(id);
    if (sub.status !== 'ACTIVE') throw this.statusError('fail-payment', ['ACTIVE']);
    const billing = sub.billing_info;
    if (billing) {
      billing.failed_payments_count += 1;
      billing.last_failed_payment = {amount: {...sub.price}, time: isoNow(this.clock()), reason_code: 'PAYMENT_DENIED'};
      billing.outstanding_balance = {...sub.price};
    }
    return [this.subscriptionEvent('BILLING.SUBSCRIPTION.PAYMENT.FAILED', sub, 'Subscription payment failed')];
  }

  /** PayPal suspends after payment failures (control API). */
  suspend(id: string): WebhookEvent[] {
    return this.suspendWith(id, PAYMENT_FAILURES);
  }

  /** POST /v1/billing/subscriptions/{id}/suspend: the merchant pauses billing; next_billing_time stays. */
  suspendByMerchant(id: string, reason: unknown): WebhookEvent[] {
    return this.suspendWith(id, this.reason(reason));
  }

  private suspendWith(id: string, note: string): WebhookEvent[] {
    const sub = this.get(id);
    if (sub.status !== 'ACTIVE') throw this.statusError('suspend', ['ACTIVE']);
    this.setStatus('SUSPENDED', sub, note);
    return [this.subscriptionEvent('BILLING.SUBSCRIPTION.SUSPENDED', sub, 'Subscription suspended')];
  }

  /**
   * POST /v1/billing/subscriptions/{id}/activate: only a SUSPENDED subscription, and not one PayPal
   * suspended itself after payment failures (PayPal's SUBSCRIPTION_CANNOT_BE_ACTIVATED). Billing
   * goes on at the next_billing_time it had; nothing is charged now.
   */
  activate(id: string, reason: unknown): WebhookEvent[] {
    const note = this.reason(reason);
    const sub = this.get(id);
    if (sub.status !== 'SUSPENDED') throw this.statusError('activate', ['SUSPENDED']);
    if (sub.status_change_note === PAYMENT_FAILURES) {
      throw new SimError(422, 'UNPROCESSABLE_ENTITY', 'The requested action could not be performed, semantically incorrect, or failed business validation.', [
        {issue: 'SUBSCRIPTION_CANNOT_BE_ACTIVATED', description: 'Subscription cannot be activated after payment failure threshold has reached.'},
      ]);
    }
    this.setStatus('ACTIVE', sub, note);
    return [this.subscriptionEvent('BILLING.SUBSCRIPTION.ACTIVATED', sub, 'Subscription activated')];
  }

  expire(id: string): WebhookEvent[] {
    const sub = this.get(id);
    if (sub.status !== 'ACTIVE' && sub.status !== 'SUSPENDED') throw this.statusError('expire', ['ACTIVE', 'SUSPENDED']);
    this.setStatus('EXPIRED', sub);
    if (sub.billing_info) delete sub.billing_info.next_billing_time;
    return [this.subscriptionEvent('BILLING.SUBSCRIPTION.EXPIRED', sub, 'Subscription expired')];
  }

  /** Refunds (or, as a chargeback, reverses) the latest completed sale in full. */
  refund(id: string, type: 'PAYMENT.SALE.REFUNDED' | 'PAYMENT.SALE.REVERSED' = 'PAYMENT.SALE.REFUNDED'): WebhookEvent[] {
    const sub = this.get(id);
    const sale = [...sub.sales].reverse().find((s) => s.state === 'completed');
    if (!sale) {
      throw new SimError(422, 'UNPROCESSABLE_ENTITY', 'The requested action could not be performed, semantically incorrect, or failed business validation.', [
        {issue: 'NO_COMPLETED_SALE', description: 'The subscription has no completed sale to refund.'},
      ]);
    }
    sale.state = 'refunded';
    const now = isoNow(this.clock());
    const refund = {
      id: newSaleId(),
      state: 'completed',
      amount: {total: sale.amount.total, currency: sale.amount.currency},
      sale_id: sale.id,
      parent_payment: `PAYID-${randomId(24)}`,
      create_time: now,
      update_time: now,
      links: [],
    };
    const what = type === 'PAYMENT.SALE.REFUNDED' ? 'refunded' : 'reversed';
    return [this.event(type, 'refund', `A ${sale.amount.total} ${sale.amount.currency} sale payment was ${what}`, refund)];
  }

  /** The buyer opens a dispute on the latest completed sale (CUSTOMER.DISPUTE.CREATED). */
  dispute(id: string): WebhookEvent[] {
    const sub = this.get(id);
    const sale = [...sub.sales].reverse().find((s) => s.state === 'completed');
    if (!sale) throw this.unprocessable('NO_COMPLETED_SALE', 'The subscription has no completed sale to dispute.');
    const disputes = (sub.disputes ??= []);
    if (disputes.some((d) => d.status === 'OPEN' && d.seller_transaction_id === sale.id)) {
      throw this.unprocessable('DISPUTE_ALREADY_OPEN', 'The latest sale already has an open dispute.');
    }
    const now = isoNow(this.clock());
    const dispute: SimDispute = {
      dispute_id: `PP-D-${randomId(10)}`,
      seller_transaction_id: sale.id,
      amount: {currency_code: sale.amount.currency, value: sale.amount.total},
      status: 'OPEN',
      create_time: now,
      update_time: now,
    };
    disputes.push(dispute);
    return [this.event('CUSTOMER.DISPUTE.CREATED', 'dispute', `A new dispute opened with Case # ${dispute.dispute_id}`, this.disputeView(sub, dispute))];
  }

  /** PayPal decides the subscription's open dispute (CUSTOMER.DISPUTE.RESOLVED); the buyer winning returns the sale. */
  resolveDispute(id: string, outcome: 'buyer' | 'seller'): WebhookEvent[] {
    const sub = this.get(id);
    const dispute = [...(sub.disputes ?? [])].reverse().find((d) => d.status === 'OPEN');
    if (!dispute) throw this.unprocessable('NO_OPEN_DISPUTE', 'The subscription has no open dispute.');
    dispute.status = 'RESOLVED';
    dispute.outcome_code = outcome === 'buyer' ? 'RESOLVED_BUYER_FAVOUR' : 'RESOLVED_SELLER_FAVOUR';
    dispute.update_time = isoNow(this.clock());
    if (outcome === 'buyer') {
      const sale = sub.sales.find((s) => s.id === dispute.seller_transaction_id);
      if (sale) sale.state = 'refunded';
    }
    return [this.event('CUSTOMER.DISPUTE.RESOLVED', 'dispute', `A dispute was resolved with case # ${dispute.dispute_id}`, this.disputeView(sub, dispute))];
  }

  /** The subscription as GET /v1/billing/subscriptions/{id} shows it (`plan` only with fields=plan). */
  view(sub: SimSubscription, urls: CreateOptions, withPlan = false): Record<string, unknown> {
    const links = [
      {href: `${urls.selfUrl(sub.id)}/cancel`, rel: 'cancel', method: 'POST'},
      {href: urls.selfUrl(sub.id), rel: 'edit', method: 'PATCH'},
      {href: urls.selfUrl(sub.id), rel: 'self', method: 'GET'},
    ];
    if (sub.status === 'APPROVAL_PENDING') links.unshift({href: urls.approveUrl(sub.id), rel: 'approve', method: 'GET'});
    const out: Record<string, unknown> = {
      id: sub.id,
      plan_id: sub.plan_id,
      start_time: sub.start_time,
      quantity: sub.quantity,
      shipping_amount: {currency_code: sub.price.currency_code, value: '0.0'},
      subscriber: sub.subscriber,
      billing_info: sub.billing_info,
      create_time: sub.create_time,
      update_time: sub.update_time,
      custom_id: sub.custom_id,
      plan_overridden: sub.plan_overridden,
      status: sub.status,
      status_update_time: sub.status_update_time,
      status_change_note: sub.status_change_note,
      links,
    };
    if (withPlan) {
      out.plan = {
        billing_cycles: [
          {
            frequency: {interval_unit: 'YEAR', interval_count: 1},
            tenure_type: 'REGULAR',
            sequence: 1,
            total_cycles: 0,
            pricing_scheme: {fixed_price: {...sub.price}, version: 1},
          },
        ],
        payment_preferences: {auto_bill_outstanding: true, setup_fee_failure_action: 'CANCEL', payment_failure_threshold: 0},
      };
    }
    for (const key of Object.keys(out)) if (out[key] === undefined) delete out[key];
    return out;
  }

  /** Filled in by the HTTP layer so event resources carry real links. */
  urls: CreateOptions = {approveUrl: (id) => `/checkout/${id}`, selfUrl: (id) => `/v1/billing/subscriptions/${id}`};

  private event(type: string, resourceType: string, summary: string, resource: Record<string, unknown>): WebhookEvent {
    const id = newEventId();
    return {
      id,
      event_version: '1.0',
      create_time: isoNow(this.clock()),
      resource_type: resourceType,
      resource_version: resourceType === 'subscription' ? '2.0' : undefined,
      event_type: type,
      summary,
      resource,
      links: [{href: `/v1/notifications/webhooks-events/${id}`, rel: 'self', method: 'GET'}],
    };
  }

  private unprocessable(issue: string, description: string): SimError {
    return new SimError(422, 'UNPROCESSABLE_ENTITY', 'The requested action could not be performed, semantically incorrect, or failed business validation.', [
      {issue, description},
    ]);
  }

  /** A dispute as PayPal's Disputes API shows it (resource of the CUSTOMER.DISPUTE.* events). */
  private disputeView(sub: SimSubscription, dispute: SimDispute): Record<string, unknown> {
    const sale = sub.sales.find((s) => s.id === dispute.seller_transaction_id);
    return {
      dispute_id: dispute.dispute_id,
      create_time: dispute.create_time,
      update_time: dispute.update_time,
      disputed_transactions: [
        {
          seller_transaction_id: dispute.seller_transaction_id,
          create_time: sale?.create_time,
          transaction_status: 'COMPLETED',
          gross_amount: dispute.amount,
          custom: sub.custom_id,
        },
      ],
      reason: 'MERCHANDISE_OR_SERVICE_NOT_AS_DESCRIBED',
      status: dispute.status,
      dispute_amount: dispute.amount,
      ...(dispute.outcome_code
        ? {dispute_outcome: {outcome_code: dispute.outcome_code, ...(dispute.outcome_code === 'RESOLVED_BUYER_FAVOUR' ? {amount_refunded: dispute.amount} : {})}}
        : {}),
      dispute_life_cycle_stage: 'CHARGEBACK',
      dispute_channel: 'INTERNAL',
      links: [],
    };
  }

  private subscriptionEvent(type: string, sub: SimSubscription, summary: string): WebhookEvent {
    return this.event(type, 'subscription', summary, this.view(sub, this.urls));
  }

  private saleEvent(sub: SimSubscription, sale: SimSale): WebhookEvent {
    return this.event('PAYMENT.SALE.COMPLETED', 'sale', `Payment completed for $ ${sale.amount.total} ${sale.amount.currency}`, {
      id: sale.id,
      state: 'completed',
      amount: sale.amount,
      payment_mode: 'INSTANT_TRANSFER',
      protection_eligibility: 'ELIGIBLE',
      transaction_fee: {value: (Number(sale.amount.total) * 0.029 + 0.3).toFixed(2), currency: sale.amount.currency},
      billing_agreement_id: sub.id,
      custom: sub.custom_id,
      create_time: sale.create_time,
      update_time: sale.create_time,
      links: [],
    });
  }
}
