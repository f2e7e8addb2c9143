// Whether the signed-in learner has Premium, for the lock marks in the sidebar, /modules and
// /progress. It asks Postgres (public.is_premium()) once per user and subscription state, so the
// marks agree with the gate; the gate itself is get_premium_lesson, never this hook.
import {useEffect, useState} from 'react';
import {useAuth} from './auth';
import {fetchIsPremium} from './premiumLessons';

/** 'unknown' while signed-out visitors' and loading states are not worth a request. */
export type PremiumAccess = 'unknown' | 'none' | 'premium';

const answers = new Map<string, boolean>();

export function usePremiumAccess(): PremiumAccess {
  const {state, getClient} = useAuth();
  const profile = state.status === 'signedIn' ? state.profile : null;
  const key =
    state.status === 'signedIn' ? `${state.user.id}|${profile?.subscription_status ?? ''}|${profile?.subscription_end_date ?? ''}` : null;
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!key || answers.has(key)) return;
    let cancelled = false;
    void getClient()
      .then((client) => fetchIsPremium(client))
      .then((result) => {
        if (result.error !== null) return;
        answers.set(key, result.data);
        if (!cancelled) setTick((n) => n + 1);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [key, getClient]);
  if (state.status === 'signedOut') return 'none';
  if (!key) return 'unknown';
  const answer = answers.get(key);
  return answer === undefined ? 'unknown' : answer ? 'premium' : 'none';
}
