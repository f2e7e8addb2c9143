import {useCallback} from 'react';
import {useAuth} from './auth';
import {canResumeSubscription} from './payments';
import {fetchTransactions, subscriptionHeadline, type SubscriptionHeadline, type Transaction} from './subscription';
import type {DatabaseClient} from './supabase';
import {useClientLoad} from './useClientLoad';

/**
 * The signed-in learner's subscription state (subscriptionHeadline) for any card or page: the
 * profile held by the auth context plus the ledger rows, read again whenever the profile is
 * (after a purchase, a cancellation, a refresh), and whether Resume may be offered. Null while
 * they are read; without a PayPal subscription there is nothing to read. A ledger that fails to
 * load leaves the profile's word.
 */
export function useSubscriptionState(): SubscriptionHeadline | null {
  const {state} = useAuth();
  const profile = state.status === 'signedIn' ? state.profile : null;
  const userId = state.user?.id ?? null;
  const subscribed = Boolean(profile?.paypal_subscription_id);
  const query = useCallback(
    async (client: DatabaseClient): Promise<{data: {ledger: Transaction[]; resumable: boolean}; error: null}> => {
      const [ledger, resumable] = await Promise.all([fetchTransactions(client, userId ?? ''), canResumeSubscription(client)]);
      return {data: {ledger: ledger.data ?? [], resumable}, error: null};
    },
    [userId],
  );
  const {load} = useClientLoad(subscribed && userId ? query : null, profile);
  if (!subscribed) return subscriptionHeadline(profile);
  if (load.status === 'loading') return null;
  return load.status === 'done' ? subscriptionHeadline(profile, load.data.ledger, Date.now(), load.data.resumable) : subscriptionHeadline(profile);
}
