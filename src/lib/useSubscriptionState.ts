import {useCallback} from 'react';
import {useAuth} from './auth';
import {fetchTransactions, subscriptionHeadline, type SubscriptionHeadline} from './subscription';
import type {DatabaseClient} from './supabase';
import {useClientLoad} from './useClientLoad';

/**
 * The signed-in learner's subscription state (subscriptionHeadline) for any card or page: the
 * profile held by the auth context plus the ledger rows, read again whenever the profile is
 * (after a purchase, a cancellation, a refresh). Null while the ledger is read; without a PayPal
 * subscription there is no ledger to read. A ledger that fails to load leaves the profile's word.
 */
export function useSubscriptionState(): SubscriptionHeadline | null {
  const {state} = useAuth();
  const profile = state.status === 'signedIn' ? state.profile : null;
  const userId = state.user?.id ?? null;
  const subscribed = Boolean(profile?.paypal_subscription_id);
  const query = useCallback((client: DatabaseClient) => fetchTransactions(client, userId ?? ''), [userId]);
  const {load} = useClientLoad(subscribed && userId ? query : null, profile);
  if (!subscribed) return subscriptionHeadline(profile);
  if (load.status === 'loading') return null;
  return subscriptionHeadline(profile, load.status === 'done' ? load.data : []);
}
