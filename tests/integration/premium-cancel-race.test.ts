// Cancel while the paid year runs suspends the subscription at PayPal, and PayPal's SUSPENDED
// webhook for that very suspension races cancel-subscription's own record of it
// (hold_subscription). Whichever comes first, the learner reads "Cancelled" with Premium to the end
// date and one 'cancellation' in the history; and on PostgreSQL the two never deadlock (each takes
// the learner's profile before the checkout, migration 20261127000000).
import pg from 'pg';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {backend, serviceClient, signedInUser} from './clients';
import {deliveries, profileOf, purchase, simApi, simControl, transactionsOf} from './premiumHelpers';

const suspendedEvent = (id: string) => ({
  id: `WH-RACE-${Math.random().toString(36).slice(2, 12).toUpperCase()}`,
  event_type: 'BILLING.SUBSCRIPTION.SUSPENDED',
  resource_type: 'subscription',
  resource: {id, status: 'SUSPENDED'},
});

describe('a cancel and its own SUSPENDED webhook', () => {
  it('the webhook arriving before the cancel records its hold holds it: Premium to the end date, no "suspension" in the history', async () => {
    const {client, user} = await signedInUser();
    const id = await purchase(client);
    const end = (await profileOf(user.id)).subscription_end_date;
    const admin = serviceClient();

    // cancel-subscription's first step, then PayPal suspending it and sending its webhook at once.
    expect((await admin.rpc('begin_hold', {p_subscription_id: id, p_user: user.id})).data).toBe(true);
    expect((await simApi('POST', `/v1/billing/subscriptions/${id}/suspend`, {reason: 'Cancelled by the subscriber'})).status).toBe(204);
    await simControl('flush');
    const webhook = (await deliveries()).filter((d) => d.event_type === 'BILLING.SUBSCRIPTION.SUSPENDED' && d.body.includes(id));
    expect(webhook.map((d) => d.status)).toEqual([200]);

    expect(await profileOf(user.id)).toMatchObject({subscription_status: 'cancelled', subscription_end_date: end});
    expect((await client.rpc('is_premium')).data).toBe(true);
    expect((await client.rpc('can_resume_subscription')).data).toBe(true);
    // cancel-subscription's record, coming second, finds it held and writes nothing more.
    expect(await admin.rpc('hold_subscription', {p_subscription_id: id})).toMatchObject({data: true, error: null});
    expect((await transactionsOf(user.id)).map((t) => t.transaction_type)).toEqual(['subscription', 'cancellation']);
  });

  it('a note that PayPal refused is dropped: a later suspension by PayPal itself pauses Premium as before', async () => {
    const {client, user} = await signedInUser();
    const id = await purchase(client);
    const admin = serviceClient();
    expect((await admin.rpc('begin_hold', {p_subscription_id: id, p_user: user.id})).data).toBe(true);
    // What cancel-subscription does when PayPal answers 422 to the suspend.
    expect((await admin.from('pending_subscriptions').update({hold_requested_at: null}).eq('paypal_subscription_id', id)).error).toBeNull();

    await simControl(`subscriptions/${id}/suspend`);
    await simControl('flush');
    expect(await profileOf(user.id)).toMatchObject({subscription_status: 'suspended'});
    expect((await client.rpc('can_resume_subscription')).data).toBe(false);
    expect((await transactionsOf(user.id)).map((t) => t.transaction_type)).toEqual(['subscription', 'suspension']);
  });

  it('begin_hold is true only for the learner’s own current, running subscription, and only the service role may call it', async () => {
    const {client, user} = await signedInUser();
    const id = await purchase(client);
    const stranger = await signedInUser();
    const admin = serviceClient();
    expect((await admin.rpc('begin_hold', {p_subscription_id: id, p_user: stranger.user.id})).data).toBe(false);
    expect((await client.rpc('begin_hold', {p_subscription_id: id, p_user: user.id})).error?.code).toBe('42501');
    expect((await client.rpc('hold_subscription', {p_subscription_id: id})).error?.code).toBe('42501');
    expect((await admin.from('pending_subscriptions').select('hold_requested_at').eq('paypal_subscription_id', id).single()).data).toEqual({hold_requested_at: null});
  });
});

const databaseUrl = backend().databaseUrl;

describe.skipIf(!databaseUrl)('a cancel and its own SUSPENDED webhook on PostgreSQL', () => {
  // `blocker` holds the checkout row so both sides queue behind it; `watcher` looks on from outside.
  let blocker: pg.Client;
  let watcher: pg.Client;
  beforeAll(async () => {
    blocker = new pg.Client({connectionString: databaseUrl as string});
    watcher = new pg.Client({connectionString: databaseUrl as string});
    await Promise.all([blocker.connect(), watcher.connect()]);
  });
  afterAll(async () => {
    await Promise.all([blocker.end(), watcher.end()]);
  });

  const waitingOn = async (fn: string) =>
    (
      await watcher.query<{n: number}>(
        "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query ilike $1",
        [`%${fn}%`],
      )
    ).rows[0]?.n;

  it('the webhook and the cancel’s record, meeting on the same learner, both finish: no deadlock, one cancellation', {timeout: 30_000}, async () => {
    const {client, user} = await signedInUser();
    const id = await purchase(client);
    const admin = serviceClient();
    expect((await admin.rpc('begin_hold', {p_subscription_id: id, p_user: user.id})).data).toBe(true);

    await blocker.query('begin');
    await blocker.query('select 1 from public.pending_subscriptions where paypal_subscription_id = $1 for update', [id]);
    // The webhook comes first and waits; then the cancel's record of the hold. (A query builder
    // only sends its request once something waits on it: `then` sends it now.)
    const webhook = admin.rpc('apply_paypal_event', {p_event: suspendedEvent(id)}).then((answer) => answer);
    await expect.poll(() => waitingOn('apply_paypal_event'), {timeout: 15_000, interval: 50}).toBe(1);
    const hold = admin.rpc('hold_subscription', {p_subscription_id: id}).then((answer) => answer);
    await expect.poll(() => waitingOn('hold_subscription'), {timeout: 15_000, interval: 50}).toBe(1);
    await blocker.query('commit');

    // Taking the checkout before the profile, as the webhook once did, deadlocked here (40P01).
    expect(await webhook).toMatchObject({data: 'held', error: null});
    expect(await hold).toMatchObject({data: true, error: null});
    expect(await profileOf(user.id)).toMatchObject({subscription_status: 'cancelled'});
    expect((await transactionsOf(user.id)).map((t) => t.transaction_type)).toEqual(['subscription', 'cancellation']);
  });
});
