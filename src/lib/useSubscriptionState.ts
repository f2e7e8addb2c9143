import {useEffect, useRef} from 'react';
import {useAuth} from './auth';
import {canResumeSubscription} from './payments';
import {fetchTransactions, subscriptionHeadline, subscriptionKey, type SubscriptionHeadline} from './subscription';
import {dataStore, useData} from './data/store';

/**
 * The signed-in learner's subscription state (subscriptionHeadline) for any card or page: the
 * profile held by the auth context plus the ledger rows (data-store key subscriptionKey(user,
 * 'ledger')), read again whenever the profile is (after a purchase, a cancellation, a refresh),
 * and whether Resume may be offered. Null while they are first read; without a PayPal
 * subscription there is nothing to read. A ledger that fails to load leaves the profile's word.
 */
export function useSubscriptionState(): SubscriptionHeadline | null {
  const {state, getClient} = useAuth();
  const profile = state.status === 'signedIn' ? state.profile : null;
  const userId = state.user?.id ?? null;
  const subscribed = Boolean(profile?.paypal_subscription_id);
  const key = subscribed && userId ? subscriptionKey(userId, 'ledger') : null;
  const {state: load} = useData(key, async () => {
    const client = await getClient();
    const [ledger, resumable] = await Promise.all([fetchTransactions(client, userId ?? ''), canResumeSubscription(client)]);
    return {data: {ledger: ledger.data ?? [], resumable}, error: null};
  }, {fresh: true});
  // A profile read again (not the first one) may follow a change the ledger shows too.
  const seenProfile = useRef(profile);
  useEffect(() => {
    if (seenProfile.current === profile) return;
    seenProfile.current = profile;
    if (key) dataStore.invalidate(key);
  }, [profile, key]);
  if (!subscribed) return subscriptionHeadline(profile);
  if (load.status === 'loading' && load.data === null) return null;
  return load.data ? subscriptionHeadline(profile, load.data.ledger, Date.now(), load.data.resumable) : subscriptionHeadline(profile);
}
