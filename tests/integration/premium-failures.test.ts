// A database failure while activating never loses a payment: the webhook answers 5xx so PayPal
// resends, confirm answers 503 "try again" with nothing half-written, and no database text
// reaches the browser. The failure is real: a trigger in the test database makes the
// transaction's last write fail. PGlite runs inside the backend process with no second
// connection, so this file needs the PostgreSQL backend.
import {afterEach, describe, expect, it} from 'vitest';
import {signedInUser} from './clients';
import {approveOnCheckoutPage, deliveries, failWritesOf, invoke, profileOf, simControl, transactionsOf, type Created} from './premiumHelpers';

const RETRY = 'We could not complete this just now and nothing was changed. Please try again in a moment.';

// The profile update runs first in activate_paid_subscription; failing the transaction insert
// after it proves the whole activation is rolled back.
const breakWrites = (userId: string) => failWritesOf('subscription_transactions', 'insert', userId);

describe.runIf(process.env.BACKEND_DB === 'postgres')('payments when the database fails', () => {
  let repairWrites: () => Promise<void> = async () => undefined;
  afterEach(() => repairWrites());

  it('the ACTIVATED webhook answers 5xx and PayPal’s resend activates once the database is back', async () => {
    const {client, user} = await signedInUser();
    const created = await invoke<Created>(client, 'create-subscription', {});
    repairWrites = await breakWrites(user.id);
    // The buyer approves and closes the tab: only PayPal's webhook can activate them.
    await approveOnCheckoutPage(created.data!.approvalUrl);
    await simControl('flush');
    const activated = (await deliveries()).find((d) => d.event_type === 'BILLING.SUBSCRIPTION.ACTIVATED' && d.body.includes(created.data!.subscriptionId))!;
    expect(activated.status).toBe(503);
    expect((await profileOf(user.id)).subscription_status).toBe('inactive');
    expect(await transactionsOf(user.id)).toHaveLength(0);

    await repairWrites();
    const resent = await simControl(`webhooks/${activated.event_id}/resend`);
    expect((resent.delivery as {status: number}).status).toBe(200);
    expect((await profileOf(user.id)).subscription_status).toBe('active');
    expect((await client.rpc('is_premium')).data).toBe(true);
    expect(await transactionsOf(user.id)).toHaveLength(1);
  });

  it('confirm answers 503 with a retry text, writes nothing, and succeeds on retry', async () => {
    const {client, user} = await signedInUser();
    const created = await invoke<Created>(client, 'create-subscription', {});
    await approveOnCheckoutPage(created.data!.approvalUrl, {webhooks: false});
    repairWrites = await breakWrites(user.id);
    const failed = await invoke(client, 'confirm-subscription', {subscriptionId: created.data!.subscriptionId});
    expect(failed).toMatchObject({status: 503, error: RETRY});
    expect(JSON.stringify(failed)).not.toContain('simulated storage failure');
    const profile = await profileOf(user.id);
    expect(profile).toMatchObject({subscription_status: 'inactive', paypal_subscription_id: null, subscription_end_date: null});
    expect(await transactionsOf(user.id)).toHaveLength(0);

    await repairWrites();
    expect((await invoke(client, 'confirm-subscription', {subscriptionId: created.data!.subscriptionId})).status).toBe(200);
    expect((await profileOf(user.id)).subscription_status).toBe('active');
  });
});
